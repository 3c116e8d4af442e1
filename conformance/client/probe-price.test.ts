import { describe, expect, it } from 'vitest';
import { learnPrices, probePrice, UNLISTED_MAX_OUTPUT_TOKENS, type PriceTable } from './probe-price.ts';
import { createSpendBudget } from './spend-budget.ts';

const table = (): PriceTable => {
  const t: PriceTable = new Map();
  learnPrices(t, [
    {
      id: 'a/text',
      pricing: { prompt: '0.000001', completion: '0.000002', request: '0.01' },
      top_provider: { max_completion_tokens: 100 },
      context_length: 1000,
    },
    { id: 'a/embed', pricing: { prompt: '0.0000001', completion: '0' }, context_length: 8192 },
    { id: 'a/video', pricing_skus: { per_second: '0.40', per_second_audio: '0.10' }, supported_durations: [4, 8] },
    { id: 'a/image', pricing: { prompt: '0.000001', completion: '0.000001', image: '0.04' }, context_length: 50 },
    'not a model',
    { pricing: {} },
  ]);
  return t;
};
const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body));

describe('probePrice: the most a paid probe can cost, from the listed prices', () => {
  it('a generation: every body byte an input token, its output cap, the flat request price', () => {
    const body = { model: 'a/text', input: 'hello', max_output_tokens: 16 };
    expect(probePrice({ method: 'POST', path: '/responses', body }, table(), undefined)).toBeCloseTo(bytes(body) * 0.000001 + 16 * 0.000002 + 0.01, 12);
  });

  it('without a cap the model listed bound is the output (chat max_tokens and Messages names are caps too)', () => {
    const body = { model: 'a/text', messages: [] };
    expect(probePrice({ method: 'POST', path: '/chat/completions', body }, table(), undefined)).toBeCloseTo(bytes(body) * 0.000001 + 100 * 0.000002 + 0.01, 12);
    const capped = { ...body, max_tokens: 3 };
    expect(probePrice({ method: 'POST', path: '/messages', body: capped }, table(), undefined)).toBeCloseTo(bytes(capped) * 0.000001 + 3 * 0.000002 + 0.01, 12);
  });

  it('embeddings bill input only; an image at its per-image price; a video job at its SKUs per second for its duration', () => {
    const embed = { model: 'a/embed', input: ['x', 'y'] };
    expect(probePrice({ method: 'POST', path: '/embeddings', body: embed }, table(), undefined)).toBeCloseTo(bytes(embed) * 0.0000001, 12);
    const image = { model: 'a/image', prompt: 'a cat', n: 2 };
    expect(probePrice({ method: 'POST', path: '/images', body: image }, table(), undefined)).toBeCloseTo(bytes(image) * 0.000001 + 50 * 0.000001 + 0.08, 12);
    expect(probePrice({ method: 'POST', path: '/videos', body: { model: 'a/video', duration: 4 } }, table(), undefined)).toBeCloseTo(2, 12);
    expect(probePrice({ method: 'POST', path: '/videos', body: { model: 'a/video' } }, table(), undefined)).toBeCloseTo(4, 12);
  });

  it("a model no listing names is priced as the run's model; with neither listed, or a video model without SKUs, it is unpriced", () => {
    const body = { model: 'nobody/knows', input: 'x', max_output_tokens: 1 };
    expect(probePrice({ method: 'POST', path: '/responses', body }, table(), 'a/text')).toBeCloseTo(bytes(body) * 0.000001 + 0.000002 + 0.01, 12);
    expect(probePrice({ method: 'POST', path: '/responses', body }, table(), undefined)).toBeUndefined();
    expect(probePrice({ method: 'POST', path: '/responses', body: { input: 'x' } }, new Map(), 'a/text')).toBeUndefined();
    expect(probePrice({ method: 'POST', path: '/videos', body: { model: 'a/text' } }, table(), 'a/text')).toBeUndefined();
  });

  it('a model listed without an output bound is priced with the suite own bound', () => {
    const t: PriceTable = new Map();
    learnPrices(t, [{ id: 'b', pricing: { prompt: '0', completion: '0.000001' } }]);
    expect(probePrice({ method: 'POST', path: '/responses', body: { model: 'b' } }, t, undefined)).toBeCloseTo(UNLISTED_MAX_OUTPUT_TOKENS * 0.000001, 12);
  });

  it('a raw or binary body counts its bytes', () => {
    const raw = probePrice({ method: 'POST', path: '/responses', rawBody: '{"model": "a/text", "input": ' }, table(), 'a/text');
    expect(raw).toBeCloseTo(29 * 0.000001 + 100 * 0.000002 + 0.01, 12);
    const upload = probePrice({ method: 'POST', path: '/audio/transcriptions', bodyBase64: 'AAAA'.repeat(100) }, table(), 'a/text');
    expect(upload).toBeCloseTo(300 * 0.000001 + 100 * 0.000002 + 0.01, 12);
  });
});

describe('createSpendBudget', () => {
  it('weighs each paid probe at its price and refuses the one that does not fit; a budget of the exact sum fits', () => {
    const spend = createSpendBudget(0.03);
    spend.learn([{ id: 'a/text', pricing: { prompt: '0', completion: '0', request: '0.01' } }]);
    const probe = { method: 'POST', path: '/responses', body: { model: 'a/text', input: 'x' } } as const;
    expect(spend.priceOf(probe)).toBeCloseTo(0.01, 12);
    expect([spend.take(0.01), spend.take(0.01), spend.take(0.01)]).toEqual([true, true, true]);
    expect(spend.fits(0.01)).toBe(false);
    expect(spend.take(0.01)).toBe(false);
    expect(spend.used()).toBeCloseTo(0.03, 12);
    // A request the target lists no price for fits, weighs nothing, and is counted apart.
    expect([spend.fits(undefined), spend.take(undefined), spend.unpriced()]).toEqual([true, true, 1]);
    expect(spend.used()).toBeCloseTo(0.03, 12);
  });

  it("prices a probe naming no model at the run's model once it is chosen", () => {
    const spend = createSpendBudget(Infinity);
    spend.learn([{ id: 'a/text', pricing: { prompt: '0', completion: '0', request: '0.5' } }]);
    const probe = { method: 'POST', path: '/responses', body: { input: 'x' } } as const;
    expect(spend.priceOf(probe)).toBeUndefined();
    spend.useModel('a/text');
    expect(spend.priceOf(probe)).toBeCloseTo(0.5, 12);
  });
});
