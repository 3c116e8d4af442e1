import { describe, expect, test } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { OPERATIONS } from '../src/gateway/operations-table.ts';
import { referencePath } from './management/reference-operation.ts';
import { loadReference } from './support/reference/load-reference.ts';

/**
 * Issue 37's acceptance: the reference's own example request of every served operation answers
 * 2xx, on a fresh gateway with its embedded default catalogue. Every answer an in-process test sees
 * is judged against the reference's schema for its operation and status (test/setup), so a 2xx
 * here is also a body valid for the reference. Operations whose path names an object (`{id}`,
 * `{hash}`, ...) need that object first: their own tests create it and send the example there.
 */
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  example?: unknown;
  schema?: { example?: unknown; default?: unknown };
}
interface ReferenceOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
}
interface MediaType {
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
  schema?: { example?: unknown };
}

/** A media type's example: its own, else its first named example, else its schema's. */
function exampleOf(media: MediaType | undefined): unknown {
  return media?.example ?? Object.values(media?.examples ?? {})[0]?.value ?? media?.schema?.example;
}
type Paths = Record<string, Record<string, ReferenceOperation>>;

/** Examples a correct simulator still refuses, each with the reason (checked to still refuse). */
const NOT_MADE_HERE =
  'the example names a generation made on another gateway: only answers this gateway made are recorded (their own tests send the example to one)';
const REFUSED: Readonly<Record<string, string>> = {
  exchangeAuthCodeForAPIKey: 'the example exchanges a code this gateway never issued: a code is single use and made by POST /auth/keys/code first',
  getGeneration: NOT_MADE_HERE,
  listGenerationContent: NOT_MADE_HERE,
  submitGenerationFeedback: NOT_MADE_HERE,
  createAudioTranscriptions: "the example's input_audio.data is a placeholder, not base64 audio: the documented 400 names the field",
  createScimGroupMapping: 'the reference gives no example body: a mapping names a SCIM group and a workspace of this organisation (the SDK test creates one)',
  createCoinbaseCharge: 'the reference documents the operation as removed: it answers 410 whatever the body',
};

/** The reference's path and operation of a `referenceId`. */
function find(paths: Paths, referenceId: string): { path: string; method: string; op: ReferenceOperation } | undefined {
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) if (op?.operationId === referenceId) return { path, method: method.toUpperCase(), op };
  }
  return undefined;
}

/** The example query of the required parameters (and of those the reference gives an example for). */
function exampleQuery(op: ReferenceOperation): string {
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in !== 'query' || !p.required) continue;
    const value = p.example ?? p.schema?.example ?? p.schema?.default;
    if (value !== undefined) query.set(p.name, String(value));
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

const HEADERS = { key: 'Bearer sk-gw-test', management: 'Bearer sk-gw-management' } as const;

const path = referencePath();
describe.runIf(path)("the reference's example request of every served operation", () => {
  const paths = (loadReference(path) as unknown as { paths: Paths }).paths;
  const endpoints = OPERATIONS.flatMap((operation) => operation.endpoints).filter((e) => e.referenceId !== undefined && !e.path.includes(':'));
  const cases = endpoints.flatMap((endpoint) => {
    const found = find(paths, endpoint.referenceId!);
    const content = found?.op.requestBody?.content;
    // A multipart-only request (an upload) has no JSON example to send.
    if (!found || (content && !content['application/json'])) return [];
    return [{ endpoint, found, example: exampleOf(content?.['application/json']) }];
  });

  test('covers the served operations without a path id', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  test.each(cases.map((c) => [`${c.found.method} ${c.found.path} (${c.endpoint.referenceId})`, c] as const))('%s', async (_name, c) => {
    const gateway = createGateway({ clock: virtualClock(Date.UTC(2026, 10, 28, 12)) });
    const headers: Record<string, string> = {};
    if (c.endpoint.auth !== 'none') headers.authorization = HEADERS[c.endpoint.auth];
    if (c.example !== undefined) headers['content-type'] = 'application/json';
    const answer = await gateway.fetch(`${c.endpoint.path}${exampleQuery(c.found.op)}`, {
      method: c.found.method,
      headers,
      ...(c.example !== undefined ? { body: JSON.stringify(c.example) } : {}),
    });
    const text = await answer.text();
    const refused = REFUSED[c.endpoint.referenceId!];
    if (refused) expect(answer.status, refused).toBeGreaterThanOrEqual(400);
    else expect(answer.status, text.slice(0, 500)).toBeLessThan(300);
  });
});
