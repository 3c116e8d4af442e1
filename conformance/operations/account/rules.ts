import { spec, ref, type Rule } from '../../rules/rule.ts';

/** The rules of the generation lookup, credits and GET /key. */
export const ACCOUNT_RULES: readonly Rule[] = [
  // Generations and keys (spec 1 names generations, API keys and credits; shapes from the reference's GenerationResponse and GET /key)
  ref(
    'generation.lookup-consistent',
    '1, 4.1',
    'GET /generation?id=<X-Generation-Id of a paid answer> answers data describing that answer: the same id and model, its token counts and total_cost equal to its usage, streamed false; an id never issued is 404 with the envelope.',
  ),
  spec(
    'credits.limit-402',
    '7',
    'A paid request from an account whose usage has reached its credits (or a key past its limit) is refused with 402 and the envelope; once credits are added it is served again.',
  ),
  ref(
    'key.usage-moves',
    '1',
    'GET /key reports usage (and usage_daily) moved by the cost of each paid answer made with that key, and limit_remaining = limit - usage when the key has a limit.',
  ),
];
