import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../src/adapter/node/create-server.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { startTarget, TARGET_KINDS, type Target } from './targets.ts';

/**
 * One journal API: `gateway.requests()` on `createGateway()`, on `startServer().gateway` and on
 * the vitest fixture alike, so a test moved from the fixture to a port keeps working.
 */
describe.each(TARGET_KINDS)('gateway.requests() (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind);
  });
  afterAll(async () => {
    await target?.close();
  });

  test('lists what was received, oldest first, as control.requests() does', async () => {
    await (await target.fetch('/models', { headers: { authorization: 'Bearer sk-gw-test' } })).arrayBuffer();
    await (
      await target.fetch('/responses', {
        method: 'POST',
        headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
        body: '{"model":"openai/gpt-4o-mini","input":"hi"}',
      })
    ).arrayBuffer();
    const entries = target.gateway.requests();
    expect(entries.map((e) => [e.method, e.path, e.status])).toEqual([
      ['GET', '/api/v1/models', 200],
      ['POST', '/api/v1/responses', 200],
    ]);
    expect(entries).toEqual(target.gateway.control.requests());
    target.gateway.control.reset();
    expect(target.gateway.requests()).toEqual([]);
  });
});

describe('the same method on every entry point', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });
  test('createGateway() and startServer().gateway both have requests()', async () => {
    const gateway = createGateway();
    await gateway.fetch('/models');
    expect(gateway.requests()).toHaveLength(1);
    await (await fetch(`${server.baseUrl}/models`)).arrayBuffer();
    expect(server.gateway.requests()).toHaveLength(1);
  });
});
