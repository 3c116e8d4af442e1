import { describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { ruleBreakers, RESPONSES_BOUNDARIES } from './operations/responses/request-arbitraries.ts';
import { rankingsProblems } from './operations/datasets/checks.ts';
import { reachableShapes, shapeRequest, type AnswerShape } from './operations/responses/samples.ts';

/**
 * Every enum and every array or number bound of spec 2.1, 2.5 and 8 on /responses, with the
 * rule breaker that generates its violation (the video ones are `videos.submit-validation`).
 */
const SPEC_ENUMS_AND_BOUNDS: Record<string, string> = {
  'include (2.1 enum)': 'include',
  'modalities (2.1 enum)': 'modalities',
  'service_tier (2.1 enum)': 'serviceTier',
  'cache_control.type (2.1 enum)': 'cacheControlType',
  'cache_control.type required (2.1)': 'cacheControlTypeMissing',
  'cache_control.type on a content block (2.1 enum)': 'cacheControlBlockType',
  'prompt_cache_options.mode (2.1 enum)': 'promptCacheMode',
  'prompt_cache_options.mode required (2.1)': 'promptCacheModeMissing',
  'prompt.variables values (2.1)': 'promptVariableType',
  'store (2.1 constant false)': 'store',
  'session_id <= 256 (2.1, 8)': 'sessionIdLength',
  'user <= 256 (2.1, 8)': 'userLength',
  'metadata <= 16 pairs (2.1, 8)': 'metadataPairs',
  'metadata key <= 64 (2.1, 8)': 'metadataKeyLength',
  'metadata key without brackets (2.1, 8)': 'metadataKeyBrackets',
  'metadata value <= 512 (2.1, 8)': 'metadataValueLength',
  'max_tool_calls <= 30 (2.1, 8)': 'maxToolCalls',
  'plugin id (2.5 enum)': 'pluginUnknownId',
  'plugin enabled boolean (2.5)': 'pluginEnabledType',
  'auto-router cost_quality_tradeoff 0..10 (2.5, 8)': 'autoRouterTradeoff',
  'auto-beta-router cost_quality_tradeoff 0..10 (2.5, 8)': 'autoBetaRouterTradeoff',
  'pareto-router min_coding_score 0..1 (2.5, 8)': 'paretoMinCodingScore',
  'pareto-router max_price >= 0 (2.5)': 'paretoMaxPrice',
  'pareto-router price_source (2.5 enum)': 'paretoPriceSource',
  'fusion analysis_models 1..8 (2.5, 8)': 'fusionAnalysisModels',
  'fusion preset (2.5 enum)': 'fusionPreset',
  'fusion max_tool_calls 1..16 (2.5, 8)': 'fusionMaxToolCalls',
  'fusion tools <= 8 (2.5, 8)': 'fusionTools',
  'fusion tool type required (2.5)': 'fusionToolType',
  'web user_location.type required (2.5)': 'webUserLocationType',
  'provider closed (2.4)': 'providerUnknownProperty',
};

describe('the rule-breaking generator covers every enum and bound of spec 2.1, 2.5 and 8', () => {
  it('has a breaker for each, and an exact boundary for each numeric or length limit', () => {
    const breakers = ruleBreakers();
    expect(
      Object.entries(SPEC_ENUMS_AND_BOUNDS)
        .filter(([, name]) => !(name in breakers))
        .map(([rule]) => rule),
    ).toEqual([]);
    const bounded = RESPONSES_BOUNDARIES.map((b) => b.name);
    for (const name of [
      'session_id length',
      'user length',
      'metadata pairs',
      'metadata key length',
      'metadata value length',
      'max_tool_calls maximum',
      'fusion analysis_models minimum',
      'fusion analysis_models maximum',
      'fusion max_tool_calls minimum',
      'fusion max_tool_calls maximum',
      'fusion tools maximum',
      'pareto-router min_coding_score maximum',
      'pareto-router min_coding_score minimum',
      'auto-router cost_quality_tradeoff maximum',
      'auto-router cost_quality_tradeoff minimum',
    ]) {
      expect(bounded).toContain(name);
    }
  });
});

describe('the answer-shape requests reach their shape on the simulator', () => {
  const itemTypes = async (shape: AnswerShape) => {
    const gateway = createGateway({ clock: virtualClock(), seed: 1 });
    const ctx = { model: 'openai/gpt-4o-mini', reasoningModel: 'openai/gpt-5-mini' };
    const { body } = shapeRequest(shape, ctx);
    const answer = await gateway.fetch(`${gateway.baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const result = (await answer.json()) as { status: string; output: { type: string }[] };
    return { status: result.status, types: result.output.map((i) => i.type) };
  };

  it('completed, incomplete, function call and reasoning', async () => {
    expect(await itemTypes('completed')).toMatchObject({ status: 'completed', types: ['message'] });
    expect((await itemTypes('incomplete')).status).toBe('incomplete');
    expect((await itemTypes('function-call')).types).toContain('function_call');
    expect((await itemTypes('reasoning')).types).toContain('reasoning');
    expect(reachableShapes({ reasoningModel: 'x', simulator: { origin: 'http://x', clock: 'virtual' } }, true)).toEqual([
      'completed',
      'incomplete',
      'function-call',
      'reasoning',
      'in-stream-error',
    ]);
    // Without a reasoning model or the simulator, those shapes are left out (and the report says which were judged).
    expect(reachableShapes({ reasoningModel: undefined, simulator: undefined }, true)).toEqual(['completed', 'incomplete', 'function-call']);
  });
});

describe('datasets.rankings-shape does not over-reach', () => {
  it("accepts the reference's own example: an 'other' row after fewer than 50 models", () => {
    const example = {
      data: [
        { date: '2026-05-11', model_permaslug: 'openai/gpt-4o-2024-05-13', total_tokens: '12345678' },
        { date: '2026-05-11', model_permaslug: 'anthropic/claude-3.5-sonnet-20241022', total_tokens: '9876543' },
        { date: '2026-05-11', model_permaslug: 'other', total_tokens: '4321098' },
      ],
      meta: { as_of: '2026-05-12T02:00:00Z', end_date: '2026-05-11', start_date: '2026-04-12', version: 'v1' },
    };
    expect(rankingsProblems({ status: 200, text: JSON.stringify(example) }, { period: 'day' })).toEqual([]);
  });
});
