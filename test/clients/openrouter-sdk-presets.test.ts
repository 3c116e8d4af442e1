import { OpenRouter } from '@openrouter/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, virtualClock } from 'gatewaykit';

/**
 * The official OpenRouter SDK (`@openrouter/sdk`) at its default settings, but for `serverURL` and
 * `apiKey`, on every Presets call it offers (`presets.createPresetsChatCompletions`,
 * `createPresetsMessages`, `createPresetsResponses`, `list`, `get`, `listVersions`, `getVersion`),
 * and a chat completion through `@preset/<slug>`. The SDK validates each answer against its own
 * schemas, so a call that returns is a shape it accepts.
 */
describe('@openrouter/sdk presets (msw)', () => {
  const gateway = createGateway({ baseUrl: 'http://openrouter-sdk-presets.test/api/v1', clock: virtualClock() });
  const server = setupServer(...gateway.handlers);
  const management = new OpenRouter({ serverURL: gateway.baseUrl, apiKey: 'sk-gw-management' });
  const ordinary = new OpenRouter({ serverURL: gateway.baseUrl, apiKey: 'sk-gw-test' });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  test('creation from each surface, list, get, versions, one version; @preset/<slug> applies the latest', async () => {
    const first = await management.presets.createPresetsChatCompletions({
      slug: 'sdk-preset',
      chatRequest: {
        model: 'openai/gpt-4o',
        temperature: 0.2,
        maxTokens: 5,
        messages: [
          { role: 'system', content: 'Answer like a pirate.' },
          { role: 'user', content: 'x' },
        ],
      },
    });
    expect(first.data).toMatchObject({ slug: 'sdk-preset', designatedVersion: { version: 1, systemPrompt: 'Answer like a pirate.' } });
    await management.presets.createPresetsMessages({
      slug: 'sdk-preset',
      messagesRequest: { model: 'openai/gpt-4o', maxTokens: 4, system: 'Be brief.', messages: [{ role: 'user', content: 'x' }] },
    });
    const third = await management.presets.createPresetsResponses({
      slug: 'sdk-preset',
      responsesRequest: { model: 'openai/gpt-4o', instructions: 'Be brief.', maxOutputTokens: 3 },
    });
    expect(third.data.designatedVersion).toMatchObject({ version: 3, config: { model: 'openai/gpt-4o', max_tokens: 3 } });

    const list = await ordinary.presets.list({ limit: 10 });
    expect(list.result.data.map((p) => p.slug)).toEqual(['sdk-preset']);
    expect(list.result.totalCount).toBe(1);
    expect((await ordinary.presets.get({ slug: 'sdk-preset' })).data.designatedVersion?.version).toBe(3);
    const versions = await ordinary.presets.listVersions({ slug: 'sdk-preset' });
    expect(versions.result.data.map((v) => v?.version)).toEqual([1, 2, 3]);
    expect((await ordinary.presets.getVersion({ slug: 'sdk-preset', version: '2' })).data?.systemPrompt).toBe('Be brief.');

    const answer = (await ordinary.chat.send({
      chatRequest: { model: '@preset/sdk-preset', messages: [{ role: 'user', content: 'Tell me a long story.' }] },
    })) as {
      model: string;
      usage?: { completionTokens: number };
    };
    expect(answer.model).toBe('openai/gpt-4o');
    expect(answer.usage?.completionTokens).toBeLessThanOrEqual(3);
  });
});
