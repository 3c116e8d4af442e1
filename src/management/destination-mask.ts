import { DELIVERED_TYPES, SECRET_FIELDS } from './destination-config.ts';
import type { DestinationType } from '../schemas/observability-destinations.ts';

/**
 * A secret as the reference answers it (`sk-l...AbCd`): its first and last 4 characters when it
 * is long enough that they give little away, the last 4 for a shorter one, stars for a short one.
 *
 * @example
 * maskSecret('sk-lf-0123456789abcdefAbCd'); // 'sk-l...AbCd'
 */
export function maskSecret(secret: string): string {
  if (secret.length >= 20) return `${secret.slice(0, 4)}...${secret.slice(-4)}`;
  if (secret.length >= 12) return `****...${secret.slice(-4)}`;
  return '********';
}

/** A URL with the password it may carry masked (`https://user:****@host/...`); other text as given. */
function maskUrlPassword(value: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/:@]*:)([^@/]*)@/i.exec(value);
  return match ? `${match[1]}****@${value.slice(match[0].length)}` : value;
}

const maskHeader = (value: unknown) => (typeof value === 'string' ? maskSecret(value) : value);

/** One config field as answered: secrets and header values masked, URLs without their password. */
function shownField(field: string, value: unknown): unknown {
  if (typeof value === 'string') return SECRET_FIELDS.has(field) ? maskSecret(value) : maskUrlPassword(value);
  if (field === 'headers' && value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, maskHeader(v)]));
  }
  return value;
}

/**
 * A destination's config as every answer, the inspector and the journal show it: no secret in
 * full (reference: "sk-l...AbCd"), header values masked (they carry tokens).
 *
 * @example
 * shownConfig({ secretKey: 'sk-lf-0123456789abcdefAbCd', baseUrl: 'https://us.cloud.langfuse.com' });
 * // { secretKey: 'sk-l...AbCd', baseUrl: 'https://us.cloud.langfuse.com' }
 */
export function shownConfig(config: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).map(([field, value]) => [field, shownField(field, value)]));
}

/**
 * The config a destination keeps: a type the gateway delivers to keeps its secrets (a delivery
 * sends its headers), any other type keeps them masked only, as BYOK keeps its provider keys: a
 * secret the gateway never uses never reaches the state file.
 */
export function keptConfig(
  type: DestinationType,
  config: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  if (DELIVERED_TYPES.has(type)) return { ...config };
  // What is kept already is masked already: only what the update brought in is masked now.
  const keep = (was: Readonly<Record<string, unknown>>, field: string, value: unknown) =>
    Object.hasOwn(was, field) && was[field] === value ? value : shownField(field, value);
  return Object.fromEntries(
    Object.entries(config).map(([field, value]) => {
      if (field !== 'headers' || !isRecord(value)) return [field, keep(current, field, value)];
      const was = isRecord(current.headers) ? current.headers : {};
      return [field, Object.fromEntries(Object.entries(value).map(([name, v]) => [name, Object.hasOwn(was, name) && was[name] === v ? v : maskHeader(v)]))];
    }),
  );
}

/** The config as answers show it (a kept config of an undelivered type is masked already). */
export function answeredConfig(type: DestinationType, config: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return DELIVERED_TYPES.has(type) ? shownConfig(config) : { ...config };
}

/**
 * The config after an update (reference updateObservabilityDestination: "Masked values are
 * ignored; unset fields keep their current value"): a value equal to what the answers show of
 * the current one (`shown`) is the client sending back the masked form, and changes nothing;
 * headers merge the same way, name by name.
 */
export function mergedConfig(
  current: Readonly<Record<string, unknown>>,
  shown: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  // Entries, not assignments: a field named `__proto__` stays data (the type's schema drops it).
  const next = new Map(Object.entries(current));
  for (const [field, value] of Object.entries(patch)) {
    if (field === 'headers' && isRecord(value) && isRecord(current.headers) && isRecord(shown.headers)) {
      const shownHeaders = shown.headers;
      const headers = new Map(Object.entries(current.headers));
      for (const [name, v] of Object.entries(value)) if (!(Object.hasOwn(shownHeaders, name) && shownHeaders[name] === v)) headers.set(name, v);
      next.set('headers', Object.fromEntries(headers));
    } else if (!(Object.hasOwn(shown, field) && shown[field] === value)) {
      next.set(field, value);
    }
  }
  return Object.fromEntries(next);
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
