import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

/** Model variants (issue item 7): `:nitro`, `:floor`, `:exacto`, `:online`, `:free`, `:thinking`. */
describe.each(TARGET_KINDS)('model variants (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(Date.UTC(2026, 0, 15)), seed: 0, catalog: 'small' });
  });
  afterAll(() => target.close());

  const post = async (body: Record<string, unknown>) => {
    const res = await target.fetch('/responses', {
      method: 'POST',
      headers: jsonHeaders('sk-gw-test', { 'x-gateway-metadata': 'enabled' }),
      body: JSON.stringify({ input: 'What is new with server-sent events?', ...body }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const selected = (body: any) => body.gateway_metadata.endpoints.available.find((e: { selected: boolean }) => e.selected)?.provider;

  it.each([
    ['nitro', 'throughput'],
    ['floor', 'price'],
    ['exacto', 'exacto'],
  ])(':%s routes exactly as provider.sort %s', async (variant, sort) => {
    for (const model of ['meta-llama/llama-3.3-70b-instruct', 'openai/gpt-4o-mini', 'deepseek/deepseek-r1']) {
      const viaVariant = await post({ model: `${model}:${variant}` });
      const viaSort = await post({ model, provider: { sort } });
      expect(viaVariant.status).toBe(200);
      expect(viaVariant.body.model).toBe(model);
      expect(selected(viaVariant.body)).toBe(selected(viaSort.body));
      expect(viaVariant.body.gateway_metadata.endpoints.available.map((e: any) => e.provider)).toEqual(
        viaSort.body.gateway_metadata.endpoints.available.map((e: any) => e.provider),
      );
    }
  });

  it(':nitro picks the highest-throughput endpoint, :floor the cheapest (different providers here)', async () => {
    const nitro = await post({ model: 'meta-llama/llama-3.3-70b-instruct:nitro' });
    const floor = await post({ model: 'meta-llama/llama-3.3-70b-instruct:floor' });
    expect(selected(nitro.body)).not.toBe(selected(floor.body));
  });

  it(':online runs the web plugin', async () => {
    const { status, body } = await post({ model: 'openai/gpt-4o-mini:online' });
    expect(status).toBe(200);
    expect(body.gateway_metadata.pipeline.map((s: { name: string }) => s.name)).toContain('web');
    expect(body.output[0].content[0].annotations.length).toBeGreaterThan(0);
  });

  it(':free is served at no cost on a model the catalogue lists it for; elsewhere a 400', async () => {
    const free = await post({ model: 'openai/gpt-4o-mini:free' });
    expect(free.status).toBe(200);
    expect(free.body.usage.cost).toBe(0);
    expect((await post({ model: 'openai/gpt-4o-mini' })).body.usage.cost).toBeGreaterThan(0);
    const missing = await post({ model: 'openai/gpt-5:free' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(
      'model: "openai/gpt-5:free" is not a valid model ID: openai/gpt-5 has no free variant (its catalogue variants: none)',
    );
  });

  it(':thinking turns reasoning on for a model that lists it', async () => {
    const thinking = await post({ model: 'anthropic/claude-sonnet-4.5:thinking', reasoning: { enabled: false } });
    expect(thinking.status).toBe(200);
    expect(thinking.body.output[0].type).toBe('reasoning');
    expect((await post({ model: 'openai/gpt-4o-mini:thinking' })).status).toBe(400);
  });

  it('an unknown suffix is a clear 400 naming the field and the known variants; fallbacks take variants too', async () => {
    const bad = await post({ model: 'openai/gpt-4o-mini:turbo' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(
      'model: "openai/gpt-4o-mini:turbo" has an unknown variant ":turbo" (known variants: :nitro, :floor, :exacto, :online, :free, :thinking)',
    );
    expect((await post({ model: 'openai/gpt-4o-mini', models: ['x-ai/none:fast'] })).body.error.message).toMatch(/^models\[0\]: /);
    expect((await post({ model: 'openai/gpt-5-mini', models: ['openai/gpt-4o-mini:floor'] })).status).toBe(200);
  });

  it('GET /models lists the catalogue variants, and the rankings dataset ranks exactly those', async () => {
    const models = (await (await target.fetch('/models', { headers: jsonHeaders() })).json()) as {
      data: Array<{ id: string; pricing: Record<string, string> }>;
    };
    const listed = models.data.map((m) => m.id).filter((id) => id.includes(':'));
    expect(listed.sort()).toEqual([
      'anthropic/claude-sonnet-4.5:thinking',
      'deepseek/deepseek-chat-v3.1:free',
      'google/gemini-2.5-pro:free',
      'openai/gpt-4o-mini:free',
    ]);
    expect(models.data.find((m) => m.id === 'openai/gpt-4o-mini:free')?.pricing).toMatchObject({ prompt: '0', completion: '0' });
    const rankings = (await (await target.fetch('/datasets/rankings-daily', { headers: jsonHeaders() })).json()) as {
      data: Array<{ model_permaslug: string }>;
    };
    const ranked = [...new Set(rankings.data.map((r) => r.model_permaslug).filter((id) => id.includes(':')))];
    expect(ranked.sort()).toEqual(listed);
    for (const id of listed) expect((await post({ model: id })).status).toBe(200);
  });
});
