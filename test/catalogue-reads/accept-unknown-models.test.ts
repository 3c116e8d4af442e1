import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/index.ts';
import { readServeConfig } from '../../src/cli/config-file.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';

const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
type Json = Record<string, any>;

const chat = async (gateway: ReturnType<typeof createGateway>, model: string) => {
  const res = await gateway.fetch('/chat/completions', {
    method: 'POST',
    headers,
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hello there.' }] }),
  });
  return { status: res.status, body: (await res.json()) as Json };
};

describe('--accept-unknown-models (createGateway acceptUnknownModels)', () => {
  it('by default an unknown model is the 400 with its did-you-mean', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const typo = await chat(gateway, 'openai/gpt-4o-minii');
    expect(typo.status).toBe(400);
    expect(typo.body.error.message).toMatch(/^model: "openai\/gpt-4o-minii" is not a valid model ID; did you mean "openai\/gpt-4o-mini"/);
    expect((await chat(gateway, 'openai/gpt-9')).status).toBe(400);
  });

  it('with it, an unknown vendor/model gets a synthesized entry: served, billed, listed, priced like its vendor', async () => {
    const gateway = createGateway({ clock: virtualClock(), acceptUnknownModels: true });
    const answer = await chat(gateway, 'openai/gpt-9');
    expect(answer.status).toBe(200);
    expect(answer.body.model).toBe('openai/gpt-9');
    expect(answer.body.usage.cost).toBeGreaterThan(0);
    const listed = ((await (await gateway.fetch('/models', { headers })).json()) as Json).data.find((m: Json) => m.id === 'openai/gpt-9');
    expect(listed).toBeDefined();
    const openai = gateway.catalog.models
      .filter((m) => m.id.startsWith('openai/') && m.id !== 'openai/gpt-9')
      .map((m) => Number(m.endpoints[0]!.pricing.completion))
      .sort((a, b) => a - b);
    expect(Number(listed.pricing.completion)).toBeGreaterThanOrEqual(openai[0]!);
    expect(Number(listed.pricing.completion)).toBeLessThanOrEqual(openai.at(-1)!);
    expect(gateway.catalog.models.find((m) => m.id === 'openai/gpt-9')?.endpoints[0]?.provider).toBe('openai');
    // A vendor the catalogue does not know is served too, by a provider of the catalogue.
    expect((await chat(gateway, 'newlab/model-one')).status).toBe(200);
    // Still refused: an id that is not vendor/model, and a variant of a synthesized model.
    expect((await chat(gateway, 'gpt-9')).status).toBe(400);
  });

  it('another gateway on the same catalogue is not changed by it', async () => {
    const accepting = createGateway({ clock: virtualClock(), acceptUnknownModels: true });
    const plain = createGateway({ clock: virtualClock() });
    expect((await chat(accepting, 'anthropic/claude-9')).status).toBe(200);
    expect(plain.catalog.models.some((m) => m.id === 'anthropic/claude-9')).toBe(false);
    expect((await chat(plain, 'anthropic/claude-9')).status).toBe(400);
  });

  it('the config key acceptUnknownModels is read and validated', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-accept-'));
    writeFileSync(join(dir, 'gatewaykit.config.json'), JSON.stringify({ acceptUnknownModels: true }));
    expect(readServeConfig(undefined, dir)?.acceptUnknownModels).toBe(true);
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ acceptUnknownModels: 'yes' }));
    expect(() => readServeConfig(join(dir, 'bad.json'), dir)).toThrow(/acceptUnknownModels/);
  });
});
