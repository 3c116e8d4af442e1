import { OpenRouter } from '@openrouter/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, virtualClock, type Gateway } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';

/**
 * The official OpenRouter SDK (`@openrouter/sdk`) at its default settings, but for `serverURL` and
 * `apiKey` (the management key), on the three Analytics calls it offers. The SDK validates each
 * answer against its own schemas, so a call that returns is a shape it accepts.
 */
const MANAGEMENT_KEY = 'sk-gw-management';
const START = Date.UTC(2026, 10, 10, 12);
const DAY = 86_400_000;
type Mode = 'msw' | 'http';

/** One paid chat answer of the ordinary demo key, through the gateway's own fetch. */
async function paidChat(fetchFn: (path: string, init: RequestInit) => Promise<Response>): Promise<void> {
  const answer = await fetchFn('/chat/completions', {
    method: 'POST',
    headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], max_tokens: 8 }),
  });
  expect(answer.status).toBe(200);
  await answer.arrayBuffer();
}

async function start(mode: Mode): Promise<{ sdk: OpenRouter; gateway: Pick<Gateway, 'control'>; close(): Promise<void> }> {
  if (mode === 'http') {
    const server = await startServer({ port: 0, clock: virtualClock(START) });
    await paidChat((path, init) => fetch(`${server.baseUrl}${path}`, init));
    return { sdk: new OpenRouter({ serverURL: server.baseUrl, apiKey: MANAGEMENT_KEY }), gateway: server.gateway, close: () => server.close() };
  }
  const gateway = createGateway({ baseUrl: 'http://openrouter-sdk-analytics.test/api/v1', clock: virtualClock(START) });
  await paidChat((path, init) => gateway.fetch(path, init));
  const server = setupServer(...gateway.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return { sdk: new OpenRouter({ serverURL: gateway.baseUrl, apiKey: MANAGEMENT_KEY }), gateway, close: async () => server.close() };
}

describe.each<Mode>(['msw', 'http'])('@openrouter/sdk analytics (%s)', (mode) => {
  let running: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    running = await start(mode);
    await running.gateway.control.advanceClock(DAY);
  });
  afterAll(() => running.close());

  test('getUserActivity: yesterday’s paid answer, by endpoint', async () => {
    const activity = await running.sdk.analytics.getUserActivity();
    expect(activity.data).toHaveLength(1);
    expect(activity.data[0]).toMatchObject({ date: '2026-11-10', model: 'openai/gpt-4o-mini', requests: 1 });
    expect(activity.data[0]!.usage).toBeGreaterThan(0);
    const split = await running.sdk.analytics.getUserActivity({ groupBy: 'workspace', date: '2026-11-10' });
    expect(split.data[0]!.workspaceId).toBe('00000000-0000-4000-8000-000000000000');
  });

  test('getAnalyticsMeta and queryAnalytics', async () => {
    const meta = await running.sdk.analytics.getAnalyticsMeta();
    expect(meta.data.metrics.map((m) => m.name)).toContain('request_count');
    const result = await running.sdk.analytics.queryAnalytics({
      requestBody: {
        metrics: ['request_count', 'cost'],
        dimensions: ['model'],
        granularity: 'day',
        timeRange: { start: new Date(START - DAY), end: new Date(START + 2 * DAY) },
        orderBy: { field: 'request_count', direction: 'desc' },
        limit: 10,
      },
    });
    expect(result.data.metadata).toMatchObject({ rowCount: 1, truncated: false });
    // The SDK's row schema declares no members (reference: "a row of analytics data"), so it hands rows back empty.
    expect(result.data.data).toEqual([{}]);
    await expect(running.sdk.analytics.queryAnalytics({ requestBody: { metrics: ['nonsense'] } })).rejects.toMatchObject({ statusCode: 400 });
  });
});
