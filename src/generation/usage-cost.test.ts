import { describe, expect, it } from 'vitest';
import { buildUsage } from './usage.ts';
import { usageCost } from './usage-cost.ts';

describe('usageCost', () => {
  const usage = buildUsage({ inputTokens: 1000, cachedTokens: 400, cacheWriteTokens: 100, outputTokens: 300, reasoningTokens: 100 });

  it('prices each kind of token at its catalogue price, falling back to prompt / completion', () => {
    const plain = usageCost(usage, { prompt: '0.000001', completion: '0.000004' }, false);
    // 1000 input tokens at 1e-6 + 300 output tokens at 4e-6
    expect(plain).toEqual({
      cost: 0.0022,
      is_byok: false,
      cost_details: { upstream_inference_cost: null, upstream_inference_input_cost: 0.001, upstream_inference_output_cost: 0.0012 },
    });
    const detailed = usageCost(
      usage,
      {
        prompt: '0.000001',
        completion: '0.000004',
        input_cache_read: '0.0000001',
        input_cache_write: '0.00000125',
        internal_reasoning: '0.000002',
        request: '0.001',
      },
      false,
    );
    // 500 plain + 400 read + 100 written + request; 200 output + 100 reasoning
    expect(detailed.cost_details.upstream_inference_input_cost).toBe(0.0005 + 0.00004 + 0.000125 + 0.001);
    expect(detailed.cost_details.upstream_inference_output_cost).toBe(0.0008 + 0.0002);
    expect(detailed.cost).toBe(0.001665 + 0.001);
  });

  it('a BYOK key pays the 5% fee; the provider cost is upstream_inference_cost', () => {
    const byok = usageCost(usage, { prompt: '0.000001', completion: '0.000004' }, true);
    expect(byok).toMatchObject({ cost: 0.00011, is_byok: true, cost_details: { upstream_inference_cost: 0.0022 } });
  });

  it('a free endpoint costs 0', () => {
    expect(usageCost(usage, { prompt: '0', completion: '0' }, false).cost).toBe(0);
  });
});
