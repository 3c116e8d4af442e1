import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OpenApiDocument } from '../src/openapi/build-openapi.ts';
import { startTarget, TARGET_KINDS, type Target } from './targets.ts';

/**
 * The gateway serves its own description, in-process through msw and over a real port (the unit
 * tests of src/openapi/ build the document itself).
 */
describe.each(TARGET_KINDS)('GET /openapi.json (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind);
  });
  afterAll(() => target.close());

  test('answers without credentials, with this server as servers[0]', async () => {
    const res = await target.fetch('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as OpenApiDocument;
    expect(body.openapi).toBe('3.1.0');
    expect(body.servers[0]!.url).toBe(target.baseUrl);
    expect((body.paths['/openapi.json']!.get as { security: unknown[] }).security).toEqual([]);
  });
});
