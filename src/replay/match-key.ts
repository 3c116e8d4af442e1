import { stableStringify } from '../random/hash.ts';

/**
 * The key a request is replayed by: method, path (with its query) and the canonical body, i.e.
 * JSON with sorted keys and without the ignored fields (dotted paths such as `metadata.trace_id`;
 * `*` matches any one key or index). A body that is not JSON counts by its text.
 *
 * @example
 * matchKey('POST', '/responses', '{"input":"hi","model":"m"}', []) === matchKey('POST', '/responses', '{"model":"m","input":"hi"}', []); // true
 */
export function matchKey(method: string, path: string, bodyText: string | undefined, ignoreFields: readonly string[]): string {
  return `${method.toUpperCase()} ${path}\n${canonicalBody(bodyText, ignoreFields)}`;
}

/** See {@link matchKey}. */
export function canonicalBody(bodyText: string | undefined, ignoreFields: readonly string[]): string {
  if (bodyText === undefined || bodyText === '') return '';
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return `text:${bodyText}`;
  }
  for (const field of ignoreFields) json = without(json, field.split('.'));
  return `json:${stableStringify(json)}`;
}

function without(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) {
    return value.map((item, i) => (head === '*' || String(i) === head ? (rest.length === 0 ? undefined : without(item, rest)) : item));
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (head === '*' || k === head) {
      if (rest.length > 0) out[k] = without(v, rest);
    } else out[k] = v;
  }
  return out;
}
