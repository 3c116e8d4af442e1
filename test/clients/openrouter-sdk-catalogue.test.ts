import { HTTPClient, OpenRouter } from '@openrouter/sdk';
import { describe, expect, test } from 'vitest';
import { createGateway, virtualClock } from 'gatewaykit';

/**
 * The official SDK's catalogue and dataset reads at default settings (but `serverURL`, `apiKey` and
 * the gateway's own fetch): the SDK validates each answer against its schemas, so a call that
 * returns is a shape it accepts.
 */
describe('@openrouter/sdk catalogue and dataset reads against the simulator', () => {
  const gateway = createGateway({ baseUrl: 'http://openrouter-sdk.test/api/v1', clock: virtualClock() });
  const httpClient = new HTTPClient({ fetcher: (input, init) => gateway.fetch(input instanceof URL ? input.href : input, init) });
  const sdk = new OpenRouter({ serverURL: gateway.baseUrl, apiKey: 'sk-gw-test', httpClient });

  test('models.count and providers.list agree with the catalogue', async () => {
    const count = await sdk.models.count();
    expect(count.data.count).toBeGreaterThan(300);
    const providers = await sdk.providers.list();
    expect(providers.data.map((p) => p.slug)).toEqual(expect.arrayContaining(gateway.catalog.providers.map((p) => p.slug)));
  });

  test('benchmarks, task classifications, app rankings and session cost', async () => {
    const benchmarks = await sdk.benchmarks.getBenchmarks({ source: 'artificial-analysis', maxResults: 3 });
    expect(benchmarks.data).toHaveLength(3);
    const tasks = await sdk.classifications.getTaskClassifications();
    expect(tasks.data.classifications.length).toBeGreaterThan(0);
    const apps = await sdk.datasets.getAppRankings({ limit: 5 });
    expect(apps.result.data.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    const sessions = await sdk.datasets.getSessionCost({ limit: 4 });
    expect(sessions.result.data).toHaveLength(4);
  });
});
