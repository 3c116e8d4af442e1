import fc from 'fast-check';
import { hostileGlob, hostileTools, longString, wideArray } from './hostile-values.ts';
import type { Route } from '../../src/http/route.ts';

/**
 * One fuzzed HTTP request, as plain data so fast-check can print and shrink it. `target` says
 * which discovered operation it was aimed at (-1: a path made up from scratch).
 */
export interface FuzzRequest {
  readonly target: number;
  readonly method: string;
  /** Path and query, starting with '/' (absolute from the origin). */
  readonly pathAndQuery: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array | undefined;
  readonly remoteAddress: string | undefined;
}

export interface FuzzContext {
  readonly routes: readonly Route[];
  /** e.g. /api/v1 */
  readonly basePath: string;
  readonly models: readonly string[];
}

const KEYS = ['sk-gw-test', 'sk-gw-management', 'sk-gw-no-credits', 'sk-gw-rate-limited'];
const DOCUMENTED = [400, 401, 402, 403, 404, 408, 413, 422, 429, 500, 502, 503, 524, 529];
const STANDARD_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const ODD_METHODS = ['PROPFIND', 'MKCOL', 'X-CUSTOM', 'FOO', 'M-SEARCH', 'get', 'Post', 'purge'];
/** Loopback forms, non-loopback forms and "in-process" (undefined). */
const ADDRESSES = [undefined, '127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1', ''];

const utf8 = new TextEncoder();

/** Printable ASCII and Latin-1 text (what a Fetch header value can hold), with odd spacing. */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 10 }),
  fc.constantFrom('', ' ', '\t', 'null', 'undefined', '0', '-1', '1e309', 'NaN', '%00', '"quoted"'),
);

const token = fc.stringMatching(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,20}$/);

const authorization = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KEYS).map((k) => `Bearer ${k}`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'Bearer',
      'Bearer ',
      'bearer   sk-gw-test   ',
      'BEARER sk-gw-test',
      'Basic c2stZ3ctdGVzdDo=',
      'Bearer sk-gw-tesT',
      'Bearer sk-gw-test sk-gw-test',
      'Bearer sk-gw-test, Bearer sk-gw-management',
      `Bearer ${'k'.repeat(8192)}`,
      'Token sk-gw-test',
    ),
  },
  { weight: 1, arbitrary: headerText.map((v) => `Bearer ${v}`) },
);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'application/json, text/plain',
      'text/plain',
      'text/event-stream',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/octet-stream',
      '',
      ';;;',
      'application/json; charset=latin1',
      'json',
    ),
  },
  { weight: 1, arbitrary: headerText },
);

const faultValue = fc.oneof(
  fc.constantFrom(...DOCUMENTED).map(String),
  fc.constantFrom('stream-error', 'stream-cut', 'STREAM-CUT', '200', '201', '418', '599', '999', '-1', '4000', 'abc', ''),
  fc.integer({ min: 100, max: 999 }).map(String),
);

/** Headers: the usual ones in usual and unusual forms, duplicates, and made-up names. */
function headersArb(): fc.Arbitrary<Array<[string, string]>> {
  const entry = fc.oneof(
    { weight: 3, arbitrary: contentType.map((v): [string, string] => ['content-type', v]) },
    { weight: 1, arbitrary: faultValue.map((v): [string, string] => ['x-gatewaykit-fault', v]) },
    { weight: 1, arbitrary: fc.constantFrom('random', 'none', 'RANDOM', 'sometimes', '').map((v): [string, string] => ['x-gatewaykit-chunking', v]) },
    { weight: 1, arbitrary: fc.constantFrom('enabled', 'ENABLED ', 'disabled', 'yes', '').map((v): [string, string] => ['x-gateway-metadata', v]) },
    { weight: 1, arbitrary: fc.constantFrom('enabled', 'nope').map((v): [string, string] => ['x-gateway-experimental-metadata', v]) },
    { weight: 1, arbitrary: headerText.map((v): [string, string] => ['x-session-id', v]) },
    { weight: 1, arbitrary: fc.constantFrom('https://app.test', 'null', '*').map((v): [string, string] => ['origin', v]) },
    { weight: 1, arbitrary: fc.constantFrom('0', '5', '-1', 'abc', '99999999999999', '1e3', ' 12 ').map((v): [string, string] => ['content-length', v]) },
    { weight: 1, arbitrary: fc.constantFrom('gzip', 'chunked', 'identity', 'br;q=x').map((v): [string, string] => ['content-encoding', v]) },
    { weight: 1, arbitrary: fc.constantFrom('text/event-stream', '*/*', 'application/xml', '').map((v): [string, string] => ['accept', v]) },
    { weight: 1, arbitrary: fc.tuple(token, headerText).map(([n, v]): [string, string] => [n, v]) },
  );
  return fc
    .tuple(
      fc.option(authorization, { nil: undefined, freq: 6 }),
      fc.array(entry, { maxLength: 6 }),
      // Sometimes a duplicated Authorization (Fetch joins the two with ", ").
      fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: authorization }),
    )
    .map(([auth, rest, auth2]) => {
      const out: Array<[string, string]> = [];
      if (auth !== undefined) out.push(['authorization', auth]);
      out.push(...rest);
      if (auth2 !== undefined && auth !== undefined) out.push(['authorization', auth2]);
      return out;
    });
}

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~-]{1,30}$/) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'gen-vid-1767225600-ABCDEFGHIJ0123456789',
      'gen-vid-0-aaaaaaaaaaaaaaaaaaaa',
      '%',
      '%zz',
      '%00',
      '%2F',
      '..',
      '.',
      '%E2%82',
      '%C0%AF',
      'ü',
      '🙂',
      '   ',
      'a'.repeat(5000),
      'openai%2Fgpt-4o-mini',
      '__proto__',
      'constructor',
    ),
  },
);

const query = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '?',
      '?index=0',
      '?index=-1',
      '?index=abc',
      '?index=1e400',
      '?limit=5&limit=6',
      '?sort=&sort',
      '?%zz=%zz',
      '?a[b]=c&a[b]=d',
      '?__proto__=1',
      '?category=programming&period=week',
      `?q=${'x'.repeat(10_000)}`,
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(fc.stringMatching(/^[A-Za-z_%0-9]{0,12}$/), fc.stringMatching(/^[A-Za-z0-9%+=&.-]{0,20}$/)), { maxLength: 5 })
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
);

/** A path aimed at a discovered route (its params filled with odd segments), or a variant of it. */
function pathArb(ctx: FuzzContext): fc.Arbitrary<{ target: number; path: string }> {
  const routed = fc.integer({ min: 0, max: ctx.routes.length - 1 }).chain((i) => {
    const route = ctx.routes[i] as Route;
    const full = route.control ? route.path : `${ctx.basePath}${route.path}`;
    const parts = full.split('/');
    return fc
      .tuple(
        fc.array(segment, { minLength: parts.length, maxLength: parts.length }),
        fc.constantFrom(
          'as-is',
          'as-is',
          'as-is',
          'as-is',
          'as-is',
          'as-is',
          'as-is',
          'as-is',
          'as-is',
          'as-is',
          'as-is',
          'as-is',
          'trailing-slash',
          'double-slash',
          'extra-segment',
          'upper-case',
          'no-base',
        ),
        segment,
      )
      .map(([fills, variant, extra]) => {
        let path = parts.map((p, j) => (p.startsWith(':') ? (fills[j] as string) : p)).join('/');
        if (variant === 'trailing-slash') path += '/';
        else if (variant === 'double-slash') path = path.replace(/\/([^/]*)$/, '//$1');
        else if (variant === 'extra-segment') path += `/${extra}`;
        else if (variant === 'upper-case') path = path.toUpperCase();
        else if (variant === 'no-base' && !route.control) path = route.path;
        return { target: i, path };
      });
  });
  const madeUp = fc.oneof(
    fc.constantFrom(
      '/',
      '/api',
      '/api/v1',
      '/api/v2/responses',
      '/__gatewaykit',
      '/__gatewaykit/',
      '/__gatewaykit/nope',
      '/favicon.ico',
      '/api/v1/../v1/responses',
    ),
    fc.array(segment, { minLength: 1, maxLength: 6 }).map((s) => `/${s.join('/')}`),
    fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `${ctx.basePath}/${s.join('/')}`),
  );
  return fc.oneof({ weight: 9, arbitrary: routed }, { weight: 1, arbitrary: madeUp.map((path) => ({ target: -1, path })) });
}

/** A plausible JSON body for any operation: fields seen across the API, with good and bad values. */
function plausibleBody(ctx: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const model = fc.oneof(fc.constantFrom(...ctx.models, 'openrouter/auto', 'nope/none', ''), fc.string({ maxLength: 30 }), fc.jsonValue({ maxDepth: 2 }));
  const anyValue = fc.jsonValue({ maxDepth: 3 });
  const known = fc.record(
    {
      model,
      input: fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.array(fc.record({ role: fc.constantFrom('user', 'assistant', 'system', 'tool', 'x'), content: fc.oneof(fc.string({ maxLength: 50 }), anyValue) }), {
          maxLength: 4,
        }),
        anyValue,
      ),
      prompt: fc.oneof(fc.string({ maxLength: 100 }), anyValue),
      // POST /chat/completions: messages of every role, parts of every kind, with bad values among them.
      messages: chatMessages(anyValue),
      max_tokens: fc.oneof(fc.integer({ min: -5, max: 5000 }), anyValue),
      response_format: fc.oneof(
        fc.constantFrom({ type: 'json_object' }, { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object' } } }, { type: 'xml' }),
        anyValue,
      ),
      stream_options: fc.oneof(fc.record({ include_usage: fc.boolean() }), anyValue),
      stop: fc.oneof(fc.string({ maxLength: 5 }), fc.array(fc.string({ maxLength: 5 }), { maxLength: 6 }), anyValue),
      stream: fc.oneof(fc.boolean(), anyValue),
      max_output_tokens: fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.double(), anyValue),
      temperature: fc.oneof(fc.double(), anyValue),
      models: fc.oneof(fc.array(model, { maxLength: 4 }), anyValue),
      metadata: fc.oneof(fc.dictionary(fc.string({ maxLength: 70 }), fc.string({ maxLength: 600 }), { maxKeys: 20 }), anyValue),
      tools: fc.oneof(fc.array(anyValue, { maxLength: 3 }), anyValue),
      provider: fc.oneof(
        fc.record({ allow_fallbacks: fc.boolean(), ignore: fc.array(fc.string({ maxLength: 10 })), order: fc.array(fc.string()) }, { requiredKeys: [] }),
        anyValue,
      ),
      plugins: fc.oneof(
        fc.array(fc.record({ id: fc.constantFrom('web', 'fusion', 'auto-router', 'moderation', 'pareto-router', 'x'), enabled: fc.boolean() }), {
          maxLength: 3,
        }),
        anyValue,
      ),
      previous_response_id: fc.oneof(fc.constant(null), anyValue),
      session_id: fc.oneof(fc.string({ maxLength: 300 }), anyValue),
      duration: fc.oneof(fc.integer({ min: -2, max: 20 }), anyValue),
      resolution: fc.oneof(fc.constantFrom('360p', '720p', '4K', '8K'), anyValue),
      ms: fc.oneof(fc.integer({ min: -10, max: 1e9 }), fc.double(), anyValue),
      status: fc.oneof(fc.constantFrom(...DOCUMENTED, 200, 0, -1, 99, 600, 999), fc.integer(), anyValue),
      count: fc.oneof(fc.integer({ min: -1, max: 5 }), anyValue),
    },
    { requiredKeys: [] },
  );
  // Hostile but valid: each is something a schema accepts that asks for a lot of work (issue 15).
  const hostile = fc.oneof(
    hostileTools,
    fc.array(hostileGlob, { minLength: 1, maxLength: 3 }).map((allowed_models) => ({ plugins: [{ id: 'auto-router', allowed_models }] })),
    longString.map((input) => ({ input })),
    longString.map((prompt) => ({ prompt })),
    wideArray.map((ignore) => ({ provider: { ignore } })),
    wideArray.map((models) => ({ models })),
  );
  return fc
    .tuple(known, fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 4 }), fc.option(hostile, { freq: 12 }))
    .map(([k, extra, h]) => ({ ...extra, ...k, ...(h ?? {}) }));
}

/** POST /chat/completions: messages of every role, parts of every kind, with bad values among them. */
function chatMessages(anyValue: fc.Arbitrary<fc.JsonValue>): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.array(
      fc.record(
        {
          role: fc.constantFrom('system', 'developer', 'user', 'assistant', 'tool', 'x'),
          content: fc.oneof(
            fc.string({ maxLength: 50 }),
            fc.constant(null),
            fc.array(
              fc.oneof(
                fc.record({ type: fc.constant('text'), text: fc.oneof(fc.string({ maxLength: 30 }), anyValue) }),
                fc.record({
                  type: fc.constant('image_url'),
                  image_url: fc.oneof(fc.record({ url: fc.string({ maxLength: 30 }), detail: fc.constantFrom('low', 'high', 'x') }), anyValue),
                }),
                fc.record({
                  type: fc.constant('input_audio'),
                  input_audio: fc.oneof(fc.record({ data: fc.base64String({ maxLength: 40 }), format: fc.constantFrom('wav', 'mp3') }), anyValue),
                }),
                fc.record({
                  type: fc.constant('file'),
                  file: fc.oneof(
                    fc.record({ filename: fc.string({ maxLength: 10 }), file_data: fc.string({ maxLength: 40 }) }, { requiredKeys: [] }),
                    anyValue,
                  ),
                }),
                anyValue,
              ),
              { maxLength: 3 },
            ),
            anyValue,
          ),
          tool_calls: fc.oneof(
            fc.array(
              fc.record({
                id: fc.string({ maxLength: 8 }),
                type: fc.constant('function'),
                function: fc.record({ name: fc.string({ maxLength: 10 }), arguments: fc.string({ maxLength: 20 }) }),
              }),
              { maxLength: 2 },
            ),
            anyValue,
          ),
          tool_call_id: fc.oneof(fc.string({ maxLength: 8 }), anyValue),
        },
        { requiredKeys: ['role'] },
      ),
      { maxLength: 4 },
    ),
    anyValue,
  );
}

function nested(depth: number, open: string, close: string, inner = '0'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/** Bytes for a body: plausible JSON, any JSON, broken JSON, huge, deep, invalid UTF-8, noise. */
function bodyArb(ctx: FuzzContext): fc.Arbitrary<Uint8Array | undefined> {
  const json = (v: unknown) => utf8.encode(JSON.stringify(v));
  const plausible = plausibleBody(ctx);
  return fc.oneof(
    { weight: 8, arbitrary: plausible.map(json) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', ' ', 'null', '{}', '[]', '0', '"x"', 'true', '{"model":', '{"a":1}{"b":2}', '\ufeff{}', '{"__proto__":{"x":1}}')
        .map((s) => utf8.encode(s)),
    },
    // Broken JSON: a plausible body cut short, or with one byte changed.
    {
      weight: 2,
      arbitrary: fc.tuple(plausible.map(json), fc.nat(), fc.integer({ min: 0, max: 255 }), fc.boolean()).map(([bytes, at, byte, cut]) => {
        if (bytes.length === 0) return bytes;
        const i = at % bytes.length;
        if (cut) return bytes.slice(0, i);
        const copy = bytes.slice();
        copy[i] = byte;
        return copy;
      }),
    },
    // Invalid UTF-8 inside a JSON string.
    {
      weight: 1,
      arbitrary: fc.constantFrom([0xff], [0xc3, 0x28], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]).map((bad) => {
        const head = utf8.encode(`{"model":"${ctx.models[0] ?? 'm'}","input":"`);
        const tail = utf8.encode('","prompt":"x"}');
        return Uint8Array.from([...head, ...bad, ...tail]);
      }),
    },
    // Deep nesting (10,000 levels) in the places a parser or a recursive walker meets it. This and
    // the huge bodies below are encoded once per arbitrary, not per request: Fetch copies a body.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...[
          nested(10_000, '[', ']'),
          `{"model":"${ctx.models[0] ?? 'm'}","input":${nested(10_000, '[', ']')}}`,
          `{"model":"${ctx.models[0] ?? 'm'}","metadata":${nested(10_000, '{"a":', '}')}}`,
          `{"model":"${ctx.models[0] ?? 'm'}","prompt":"x","input":"hi","tools":[${nested(5_000, '{"parameters":', '}', '{}')}]}`,
          nested(100_000, '[', ']'),
        ].map((s) => utf8.encode(s)),
      ),
    },
    // Huge strings: under the limit, and past the default 10 MiB limit (rarely: they cost memory).
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...[100_000, 1_000_000, 10 * 1024 * 1024 + 1].map((n) => utf8.encode(`{"model":"${ctx.models[0] ?? 'm'}","input":"${'x'.repeat(n)}","prompt":"y"}`)),
      ),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
  );
}

/** Any request to any discovered operation, usually close to valid, often not. */
export function fuzzRequestArb(ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const method = fc.oneof(
    { weight: 5, arbitrary: fc.constant('route') },
    { weight: 3, arbitrary: fc.constantFrom(...STANDARD_METHODS) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
  );
  return fc
    .record({
      where: pathArb(ctx),
      query,
      method,
      headers: headersArb(),
      body: bodyArb(ctx),
      remoteAddress: fc.constantFrom(...ADDRESSES),
    })
    .map(({ where, query: q, method: m, headers, body, remoteAddress }) => {
      const routeMethod = where.target >= 0 ? (ctx.routes[where.target] as Route).method : 'GET';
      const verb = m === 'route' ? routeMethod : m;
      // Fetch forbids a body on GET/HEAD; the real-port fuzz sends those raw.
      const upper = verb.toUpperCase();
      const canHaveBody = upper !== 'GET' && upper !== 'HEAD';
      return { target: where.target, method: verb, pathAndQuery: where.path + q, headers, body: canHaveBody ? body : undefined, remoteAddress };
    });
}

/** Build the Fetch Request; undefined when Fetch itself refuses the input (not the gateway's concern). */
export function toRequest(spec: FuzzRequest, origin: string): Request | undefined {
  const headers = new Headers();
  for (const [name, value] of spec.headers) {
    try {
      headers.append(name, value);
    } catch {
      /* a value Fetch refuses never reaches a server either */
    }
  }
  try {
    return new Request(origin + spec.pathAndQuery, {
      method: spec.method,
      headers,
      ...(spec.body !== undefined ? { body: spec.body as Uint8Array<ArrayBuffer> } : {}),
    });
  } catch {
    return undefined;
  }
}

/** True when the request forced a 5xx (or a stream failure) itself, so a 5xx was asked for. */
export function askedForFailure(spec: FuzzRequest): boolean {
  return spec.headers.some(([n, v]) => {
    if (n.toLowerCase() !== 'x-gatewaykit-fault') return false;
    const t = v.trim().toLowerCase();
    return t.startsWith('stream-') || /^5\d\d$/.test(t);
  });
}

/** Short description for failure reports (bodies abbreviated). */
export function describe(spec: FuzzRequest): string {
  const body = spec.body === undefined ? '(none)' : `${spec.body.byteLength} bytes: ${new TextDecoder().decode(spec.body.slice(0, 160))}`;
  return `${spec.method} ${spec.pathAndQuery.slice(0, 200)} from ${spec.remoteAddress ?? 'in-process'}\n  headers: ${JSON.stringify(spec.headers.map(([n, v]) => [n, v.slice(0, 80)]))}\n  body: ${body}`;
}
