import { describe, expect, it } from 'vitest';
import { cancelledGeneration } from './cancelled-generation.ts';
import type { GenerationRecord } from './generation-record.ts';

const RECORD: GenerationRecord = {
  id: 'gen-1',
  apiType: 'completions',
  model: 'openai/gpt-4o-mini',
  providerName: 'OpenAI',
  streamed: true,
  finishReason: 'stop',
  tokensPrompt: 10,
  tokensCompletion: 100,
  reasoningTokens: 40,
  cost: 0.0003,
  completionCost: 0.0002,
  isByok: false,
  createdAt: 0,
  latencyMs: 0,
  generationTimeMs: 0,
  apiKey: 'sk-gw-test',
};

describe('cancelledGeneration', () => {
  it('leaves a whole delivery as it was', () => {
    expect(cancelledGeneration(RECORD, { sent: 12, of: 12 })).toBe(RECORD);
  });

  it('keeps the prompt and charges the share of the completion the client was handed, rounded up', () => {
    const record = cancelledGeneration(RECORD, { sent: 1, of: 3 });
    expect(record).toMatchObject({ cancelled: true, finishReason: null, tokensPrompt: 10, tokensCompletion: 34, reasoningTokens: 34 });
    expect(record.cost).toBeCloseTo(0.0001 + 0.0002 * 0.34, 12);
    expect(record.completionCost).toBeCloseTo(0.0002 * 0.34, 12);
  });

  it('a client that left before any event pays the prompt only', () => {
    const record = cancelledGeneration(RECORD, { sent: 0, of: 20 });
    expect(record.tokensCompletion).toBe(0);
    expect(record.cost).toBeCloseTo(0.0001, 12);
  });
});
