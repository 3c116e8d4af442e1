import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOutput } from '../../generation/build-output.ts';
import { buildResponse } from '../../generation/build-response.ts';
import type { ReplyPlan } from '../../generation/reply-plan.ts';
import type { ResponseUsage } from '../../generation/output-items.ts';
import { loadTokenizer } from '../../generation/tokenizer.ts';
import { usageCost } from '../../generation/usage-cost.ts';
import { buildUsage } from '../../generation/usage.ts';
import { seededRandom } from '../../random/seeded-random.ts';
import { cutAtStopSequence } from './cut-at-stop-sequence.ts';
import { renderMessage } from './render-message.ts';

const PRICING = { prompt: '0.000003', completion: '0.000015' };

describe('cutAtStopSequence', async () => {
  const tokenizer = await loadTokenizer();
  const resultOf = (plan: ReplyPlan) => {
    const built = buildOutput(plan, { tokenizer, rng: seededRandom(0, 'ids'), modelId: 'm' });
    const counts = buildUsage({ inputTokens: 40, cachedTokens: 0, outputTokens: built.outputTokens, reasoningTokens: built.reasoningTokens });
    return buildResponse({ request: { input: 'x' } as never, id: 'resp_1', now: 0, modelId: 'm', built, usage: { ...counts, ...usageCost(counts, PRICING, false) } });
  };
  const options = { countTokens: tokenizer.count, reprice: (u: ResponseUsage) => usageCost(u, PRICING, false) };

  it('ends the text before the first stop sequence, drops what follows, and bills only what is left', () => {
    const result = resultOf({ text: 'First part. STOP Second part. END Third.', calls: [{ name: 'f', arguments: '{}' }] });
    const cut = cutAtStopSequence(result, ['END', 'STOP'], options);
    expect(cut.stopSequence).toBe('STOP');
    const message = renderMessage(cut.result, { stopSequence: cut.stopSequence });
    expect(message.content).toEqual([{ type: 'text', text: 'First part. ', citations: [] }]);
    expect(message.stop_reason).toBe('stop_sequence');
    expect(message.stop_sequence).toBe('STOP');
    expect(cut.result.usage?.output_tokens).toBe(tokenizer.count('First part. '));
    expect(cut.result.usage?.total_tokens).toBe(40 + tokenizer.count('First part. '));
    expect(cut.result.usage?.cost).toBeLessThan(result.usage?.cost as number);
  });

  it('leaves a reply without any stop sequence as it is', () => {
    const result = resultOf({ text: 'Nothing to see.' });
    expect(cutAtStopSequence(result, ['XYZ'], options)).toEqual({ result });
    expect(cutAtStopSequence(result, [], options)).toEqual({ result });
  });

  it('property: the kept text is the prefix before the earliest stop, which never occurs in it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.array(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }), (text, stops) => {
        const cut = cutAtStopSequence(resultOf({ text }), stops, options);
        const kept = renderMessage(cut.result).content.map((b) => (b.type === 'text' ? b.text : '')).join('');
        expect(text.startsWith(kept)).toBe(true);
        for (const stop of stops) expect(kept.includes(stop)).toBe(false);
        if (cut.stopSequence !== undefined) expect(text.slice(kept.length).startsWith(cut.stopSequence)).toBe(true);
        else expect(kept).toBe(text);
      }),
    );
  });
});
