import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const META = { 'x-gateway-metadata': 'enabled' };

describe.each(TARGET_KINDS)('routing end to end (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), catalog: 'small' });
  });
  afterAll(() => target.close());

  const post = async (body: Record<string, unknown>, extra: Record<string, string> = META) => {
    const res = await target.fetch('/responses', {
      method: 'POST',
      headers: jsonHeaders('sk-gw-test', extra),
      body: JSON.stringify({ input: 'Hello', ...body }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it('direct routing returns complete gateway_metadata only when the header asks for it', async () => {
    const { status, body } = await post({ model: 'openai/gpt-5-mini' });
    expect(status).toBe(200);
    expect(body.model).toBe('openai/gpt-5-mini');
    expect(body.gateway_metadata).toMatchObject({
      requested: 'openai/gpt-5-mini',
      strategy: 'direct',
      attempt: 1,
      is_byok: false,
      region: 'iad',
      endpoints: { total: 2 },
    });
    expect(body.gateway_metadata.summary).toMatch(/^available=2, selected=OpenAI/);
    const off = await post({ model: 'openai/gpt-5-mini' }, {});
    expect(off.body.gateway_metadata).toBeUndefined();
  });

  it('a failing provider falls back to the next endpoint, then to the `models` list; attempts are recorded', async () => {
    await target.gateway.control.failProvider('openai', 502, 2);
    await target.gateway.control.failProvider('azure', 529, 1);
    const { status, body } = await post({ model: 'openai/gpt-5-mini', models: ['anthropic/claude-haiku-4.5'] });
    expect(status).toBe(200);
    expect(body.model).toBe('anthropic/claude-haiku-4.5');
    expect(body.gateway_metadata.strategy).toBe('fallback');
    expect(body.gateway_metadata.attempts).toEqual([
      { model: 'openai/gpt-5-mini', provider: 'OpenAI', status: 502 },
      { model: 'openai/gpt-5-mini', provider: 'Azure', status: 529 },
      { model: 'anthropic/claude-haiku-4.5', provider: 'Anthropic', status: 200 },
    ]);
    expect(body.gateway_metadata.attempt).toBe(3);
    // The second programmed openai failure is consumed with allow_fallbacks false: upstream error as is.
    const strict = await post({ model: 'openai/gpt-5-mini', provider: { allow_fallbacks: false } });
    expect(strict.status).toBe(502);
    expect(strict.body.error.metadata).toMatchObject({ provider_name: 'OpenAI', raw: expect.any(String) });
    expect(strict.body.gateway_metadata.attempts).toEqual([{ model: 'openai/gpt-5-mini', provider: 'OpenAI', status: 502 }]);
  });

  it('the control API programs provider faults too', async () => {
    const res = await target.fetch('/__gatewaykit/providers/groq/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, count: 1 }),
    });
    expect(res.status).toBeLessThan(300);
    const { body } = await post({ model: 'meta-llama/llama-3.3-70b-instruct', provider: { order: ['groq', 'together'] } });
    expect(body.gateway_metadata.attempts.map((a: any) => [a.provider, a.status])).toEqual([
      ['Groq', 503],
      ['Together', 200],
    ]);
  });

  it('no endpoint left is a 404 that names the constraint, with metadata', async () => {
    const { status, body } = await post({ model: 'openai/gpt-5-mini', provider: { zdr: true, ignore: ['azure'] } });
    expect(status).toBe(404);
    expect(body.error.message).toContain('provider.zdr = true');
    expect(body.gateway_metadata).toMatchObject({ requested: 'openai/gpt-5-mini', endpoints: { available: [], total: 2 } });
  });

  it('an unknown model is a 400 naming the field', async () => {
    const { status, body } = await post({ model: 'nobody/nothing' });
    expect(status).toBe(400);
    expect(body.error.message).toContain('model: "nobody/nothing" is not a valid model ID');
  });

  it('sessions stick (body session_id or x-session-id header)', async () => {
    const first = await post({ model: 'meta-llama/llama-3.3-70b-instruct', session_id: 'conv-1' });
    const sticky = await post({ model: 'meta-llama/llama-3.3-70b-instruct', provider: { sort: 'throughput' } }, { ...META, 'x-session-id': 'conv-1' });
    expect(sticky.body.gateway_metadata.endpoints.available.find((a: any) => a.selected).provider).toBe(
      first.body.gateway_metadata.endpoints.available.find((a: any) => a.selected).provider,
    );
    expect(sticky.body.gateway_metadata.summary).toContain('sticky=true');
  });

  it('moderation blocks flagged input with 403, patterns and the guardrail stage', async () => {
    const { status, body } = await post({ model: 'openai/gpt-5-mini', input: 'please [[flag:violence]]', plugins: [{ id: 'moderation' }] });
    expect(status).toBe(403);
    expect(body.error.metadata).toMatchObject({ patterns: ['[[flag:violence]]'], reasons: ['violence'], flagged_input: 'please [[flag:violence]]' });
    expect(body.gateway_metadata.pipeline[0]).toMatchObject({
      type: 'guardrail',
      name: 'moderation',
      guardrail_id: 'moderation',
      data: { action: 'blocked', detected: true, patterns: ['[[flag:violence]]'] },
    });
  });

  it('the web plugin cites its results as url_citation annotations and lists a pipeline stage; enabled:false removes it', async () => {
    const { status, body } = await post({
      model: 'openai/gpt-5-mini',
      input: 'How do LLM gateways route?',
      plugins: [{ id: 'web', max_results: 2, include_domains: ['*.substack.com'] }],
    });
    expect(status).toBe(200);
    const part = body.output.find((o: any) => o.type === 'message').content[0];
    expect(part.annotations).toHaveLength(2);
    for (const a of part.annotations) {
      expect(a.type).toBe('url_citation');
      expect(a.url).toMatch(/substack\.com/);
      expect(part.text.slice(a.start_index, a.end_index)).toContain(a.title);
    }
    expect(body.gateway_metadata.pipeline.map((s: any) => s.name)).toEqual(['web']);
    const off = await post({ model: 'openai/gpt-5-mini', plugins: [{ id: 'web', enabled: false }] });
    expect(off.body.gateway_metadata.pipeline).toEqual([]);
  });

  it('router plugins: auto, pareto (404 past its cap), fusion', async () => {
    const auto = await post({ plugins: [{ id: 'auto-router', allowed_models: ['anthropic/*'], cost_quality_tradeoff: 10 }] });
    expect(auto.body.model).toBe('anthropic/claude-haiku-4.5');
    expect(auto.body.gateway_metadata).toMatchObject({ strategy: 'auto', requested: 'gateway/auto' });
    const pareto = await post({ plugins: [{ id: 'pareto-router', max_price: 0.2 }] });
    expect(pareto.body.gateway_metadata.strategy).toBe('pareto');
    const tooCheap = await post({ plugins: [{ id: 'pareto-router', max_price: 0.001 }] });
    expect(tooCheap.status).toBe(404);
    expect(tooCheap.body.gateway_metadata.pipeline).toEqual([]);
    const fused = await post({
      plugins: [{ id: 'fusion', analysis_models: ['openai/gpt-5-mini', 'google/gemini-2.5-flash'], model: 'anthropic/claude-sonnet-4.5' }],
    });
    expect(fused.body.model).toBe('anthropic/claude-sonnet-4.5');
    expect(fused.body.gateway_metadata.strategy).toBe('fusion');
    expect(fused.body.gateway_metadata.pipeline[0].data.analysis_models).toEqual(['openai/gpt-5-mini', 'google/gemini-2.5-flash']);
  });

  it('an input longer than the context is a 400 unless context-compression runs', async () => {
    // 140,001 o200k tokens: over the 128,000-token context by the same count usage reports.
    const fits = await post({ model: 'openai/gpt-4o-mini', input: 'word '.repeat(120_000) });
    expect(fits.status).toBe(200);
    expect(fits.body.usage.input_tokens).toBeGreaterThan(120_000);
    const input = 'word '.repeat(140_000);
    const tooLong = await post({ model: 'openai/gpt-4o-mini', input });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toContain('maximum context length is 128000 tokens');
    const compressed = await post({ model: 'openai/gpt-4o-mini', input, plugins: [{ id: 'context-compression', engine: 'middle-out' }] });
    expect(compressed.status).toBe(200);
    expect(compressed.body.gateway_metadata.pipeline[0]).toMatchObject({ type: 'context_compression', data: { applied: true } });
    // The model read, and the caller is billed for, the compressed input: it fits the context.
    expect(compressed.body.usage.input_tokens).toBeLessThanOrEqual(128_000);
    expect(compressed.body.usage.input_tokens).toBeGreaterThan(1000);
  });
});

describe.each(TARGET_KINDS)('routing end to end with a BYOK key (%s)', (kind) => {
  let byok: Target;
  beforeAll(async () => {
    byok = await startTarget(kind, { keys: [{ key: 'sk-byok', kind: 'standard', credits: 10, byok: true, ignoredProviders: ['openai'] }], catalog: 'small' });
  });
  afterAll(() => byok.close());

  it("reports is_byok and applies the key's account-wide ignored providers", async () => {
    const res = await byok.fetch('/responses', {
      method: 'POST',
      headers: jsonHeaders('sk-byok', META),
      body: JSON.stringify({ model: 'openai/gpt-5-mini', input: 'x' }),
    });
    const body = (await res.json()) as any;
    expect(body.gateway_metadata.is_byok).toBe(true);
    expect(body.gateway_metadata.endpoints.available.map((a: any) => a.provider)).toEqual(['Azure']);
  });
});
