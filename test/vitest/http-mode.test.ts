import { describe, expect } from 'vitest';
import { createGatewayTest } from '../../src/vitest/index.ts';

/**
 * `createGatewayTest({ mode: 'http' })`: each test gets a gateway on a real server of its own. It
 * starts servers (each loads every operation's code once it listens), so it runs here in the
 * integration project; the in-process fixture's tests stay beside it in
 * src/vitest/create-gateway-test.test.ts (decision 0114).
 */
const overHttp = createGatewayTest({ mode: 'http' });

const MODEL_REQUEST = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hello' });

describe('createGatewayTest options: http mode', () => {
  overHttp.concurrent('http mode serves each test on its own free port (a)', async ({ gateway }) => {
    expect(gateway.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const res = await gateway.fetch('/responses', { method: 'POST', headers: gateway.headers(), body: MODEL_REQUEST });
    expect(res.status).toBe(200);
    expect(gateway.requests()).toHaveLength(1);
  });
  overHttp.concurrent('http mode serves each test on its own free port (b)', async ({ gateway }) => {
    const res = await gateway.fetch('/responses', { method: 'POST', headers: {}, body: MODEL_REQUEST });
    expect(res.status).toBe(401);
    expect(gateway.requests()).toHaveLength(1);
  });
});
