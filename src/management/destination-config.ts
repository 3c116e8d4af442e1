import { z } from 'zod';
import type { DestinationType } from '../schemas/observability-destinations.ts';

/** A secret (an API key, a password, a token): kept to deliver with, never answered in full. */
const MAX_SECRET_CHARS = 4096;
/** A URL or a name in a config. */
const MAX_TEXT_CHARS = 2048;
/** Custom headers per destination at most (each a name and a value). */
export const MAX_CONFIG_HEADERS = 32;

const secret = z.string().min(1).max(MAX_SECRET_CHARS);
const text = z.string().max(MAX_TEXT_CHARS);
const required = z.string().min(1).max(MAX_TEXT_CHARS);
/**
 * A header name: letters, digits and hyphens (what every receiver's header names are), so no
 * name such as `__proto__` or one with CR/LF ever reaches an object or the wire.
 */
const HeaderName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,127}$/, 'a header name is letters, digits and hyphens (at most 128)');
/** A header value: visible Latin-1 characters and spaces (what HTTP carries), no CR or LF (no header injection). */
const HeaderValue = z
  .string()
  .max(MAX_SECRET_CHARS)
  .regex(/^[\t\x20-\x7e\xa0-\xff]*$/, 'a header value is visible Latin-1 text (no control characters: no CR or LF)');
/** Headers the gateway sets itself on a delivery, or that only the HTTP layer may set. */
const RESERVED_HEADERS =
  /^(host|content-length|content-type|connection|transfer-encoding|keep-alive|upgrade|te|trailer|user-agent|x-gateway-signature|x-gateway-idempotency-key)$/i;
const headers = z
  .record(HeaderName, HeaderValue)
  .refine((h) => Object.keys(h).length <= MAX_CONFIG_HEADERS, `at most ${MAX_CONFIG_HEADERS} headers`)
  .refine(
    (h) => !Object.keys(h).some((name) => RESERVED_HEADERS.test(name)),
    'names a header the gateway sets itself (content-type, user-agent, X-Gateway-Signature, ...)',
  )
  .optional();

/**
 * The config of each destination type, as the reference's `Observability<Type>Destination.config`
 * describes it (required fields, `minLength`, enums, patterns). Fields the reference does not list
 * are dropped: a config holds only what the type uses.
 */
export const CONFIG_SCHEMAS: Readonly<Record<DestinationType, z.ZodType<Record<string, unknown>>>> = {
  arize: z.object({ apiKey: secret, spaceKey: secret, modelId: required, baseUrl: text.optional(), headers }),
  braintrust: z.object({ apiKey: secret, projectId: required, baseUrl: text.optional(), headers }),
  clickhouse: z.object({ host: required, database: required, username: required, password: secret, table: text.optional(), headers }),
  datadog: z.object({ apiKey: secret, mlApp: required, url: text.optional(), headers }),
  grafana: z.object({ apiKey: secret, instanceId: required, baseUrl: text.optional(), headers }),
  langfuse: z.object({ secretKey: secret, publicKey: secret, baseUrl: text.optional(), headers }),
  langsmith: z.object({ apiKey: secret, endpoint: text.optional(), project: required.optional(), workspaceId: text.optional(), headers }),
  newrelic: z.object({ licenseKey: secret, region: z.enum(['us', 'eu']).optional(), headers }),
  opik: z.object({ apiKey: secret, workspace: required, projectName: required, headers }),
  'otel-collector': z.object({ endpoint: required, headers }),
  posthog: z.object({ apiKey: secret, endpoint: text.optional(), headers }),
  ramp: z.object({ apiKey: secret, baseUrl: text.optional(), headers }),
  s3: z.object({
    bucketName: required,
    accessKeyId: secret,
    secretAccessKey: secret,
    endpoint: z.url().max(MAX_TEXT_CHARS).optional(),
    pathTemplate: text.optional(),
    prefix: text.optional(),
    region: text.optional(),
    sessionToken: secret.optional(),
    headers,
  }),
  sentry: z.object({
    dsn: required.regex(/^https:\/\/([^:@]+)(?::[^@]*)?@([^/]+)(?:\/[^/]+)*\/(\d+)\/?$/, 'a Sentry DSN: https://<key>@<host>/<project id>'),
    otlpEndpoint: required,
    headers,
  }),
  snowflake: z.object({
    account: z
      .string()
      .min(1)
      .max(255)
      .regex(/^[a-zA-Z0-9_]+(?:[.-][a-zA-Z0-9_]+)*$/, 'a Snowflake account identifier'),
    token: secret,
    database: text.optional(),
    schema: text.optional(),
    table: text.optional(),
    warehouse: text.optional(),
    headers,
  }),
  weave: z.object({ apiKey: secret, entity: required, project: required, baseUrl: text.optional(), headers }),
  webhook: z.object({ url: required, method: z.enum(['POST', 'PUT']).optional(), headers }),
};

/** The config fields that hold a secret (the reference answers them masked: `sk-l...AbCd`). */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'apiKey',
  'secretKey',
  'publicKey',
  'spaceKey',
  'password',
  'licenseKey',
  'accessKeyId',
  'secretAccessKey',
  'sessionToken',
  'token',
]);

/** The types the gateway delivers to (OTLP/JSON over HTTP, signed); the others are kept and listed only. */
export const DELIVERED_TYPES: ReadonlySet<DestinationType> = new Set(['webhook', 'otel-collector']);

/** Where a delivered type's traces go (webhook `url`, otel-collector `endpoint`), or undefined. */
export function deliveryUrl(type: DestinationType, config: Readonly<Record<string, unknown>>): string | undefined {
  const url = type === 'webhook' ? config.url : type === 'otel-collector' ? config.endpoint : undefined;
  return typeof url === 'string' ? url : undefined;
}
