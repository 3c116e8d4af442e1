// Run by vitest inside the fresh project: the gatewaykit/vitest fixture from the built package.
import { expect } from 'vitest';
import { gatewayTest as test } from 'gatewaykit/vitest';

const BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hello' });

test.concurrent('a fresh gateway answers through the global fetch', async ({ gateway }) => {
  const res = await fetch(`${gateway.baseUrl}/responses`, { method: 'POST', headers: gateway.headers(), body: BODY });
  expect(res.status).toBe(200);
  expect(gateway.requests()).toHaveLength(1);
});

test.concurrent('forced statuses come back with the error envelope', async ({ gateway }) => {
  const res = await gateway.fetch('/responses', { method: 'POST', headers: gateway.headers(gateway.forceStatus(500)), body: BODY });
  expect(res.status).toBe(500);
  expect(((await res.json()) as { error: { code: number } }).error.code).toBe(500);
});
