import { OpenRouter } from '@openrouter/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, virtualClock } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';

/**
 * The official OpenRouter SDK (`@openrouter/sdk`) at its default settings, but for `serverURL` and
 * `apiKey` (the management key), on every Observability call it offers. The SDK validates each
 * answer against its own schemas, so a call that returns is a shape it accepts.
 */
const MANAGEMENT_KEY = 'sk-gw-management';

/** A destination of a type the SDK knows (its union ends with an `Unknown` member for types added later). */
function known<D extends object>(destination: D): Extract<D, { id: string }> {
  if (!('id' in destination)) throw new Error(`the SDK did not recognise the destination: ${JSON.stringify(destination)}`);
  return destination as Extract<D, { id: string }>;
}
type Mode = 'msw' | 'http';

async function start(mode: Mode): Promise<{ sdk: OpenRouter; close(): Promise<void> }> {
  if (mode === 'http') {
    const server = await startServer({ port: 0, clock: virtualClock() });
    return { sdk: new OpenRouter({ serverURL: server.baseUrl, apiKey: MANAGEMENT_KEY }), close: () => server.close() };
  }
  const gateway = createGateway({ baseUrl: 'http://openrouter-sdk-observability.test/api/v1', clock: virtualClock() });
  const server = setupServer(...gateway.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return { sdk: new OpenRouter({ serverURL: gateway.baseUrl, apiKey: MANAGEMENT_KEY }), close: async () => server.close() };
}

describe.each<Mode>(['msw', 'http'])('@openrouter/sdk observability destinations (%s)', (mode) => {
  let running: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    running = await start(mode);
  });
  afterAll(() => running.close());

  test('create, get, update, list, delete', async () => {
    const { sdk } = running;
    const created = await sdk.observability.create({
      createObservabilityDestinationRequest: {
        type: 'langfuse',
        name: 'SDK Langfuse',
        config: { baseUrl: 'https://us.cloud.langfuse.com', publicKey: 'pk-lf-sdk-0123456789abEfGh', secretKey: 'sk-lf-sdk-0123456789abAbCd' },
      },
    });
    const id = known(created.data).id;
    expect(created.data).toMatchObject({ type: 'langfuse', name: 'SDK Langfuse', enabled: true });
    expect(known(created.data).config).toMatchObject({ secretKey: 'sk-l...AbCd', publicKey: 'pk-l...EfGh' });
    expect(known((await sdk.observability.get({ id })).data).name).toBe('SDK Langfuse');
    const updated = await sdk.observability.update({ id, updateObservabilityDestinationRequest: { enabled: false, name: 'Updated Langfuse' } });
    expect(updated.data).toMatchObject({ enabled: false, name: 'Updated Langfuse' });
    const hook = await sdk.observability.create({
      createObservabilityDestinationRequest: { type: 'webhook', name: 'SDK hook', config: { url: 'https://example.com/openrouter-events' }, samplingRate: 0.5 },
    });
    const page = await sdk.observability.list({ limit: 10 });
    expect(page.result.data.map((d) => known(d).id)).toEqual([id, known(hook.data).id]);
    expect(page.result.totalCount).toBe(2);
    expect((await sdk.observability.delete({ id })).deleted).toBe(true);
    await expect(sdk.observability.get({ id })).rejects.toMatchObject({ statusCode: 404 });
  });
});
