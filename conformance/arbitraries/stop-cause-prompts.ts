import fc from 'fast-check';
import type { CheckContext } from '../check.ts';

/** The stop causes a chat or Messages sample is built to reach (reference `ChatFinishReasonEnum`; Messages names them apart). */
type StopCause = 'stop' | 'length' | 'tool_calls';

/**
 * Prompts per stop cause, the first the fixed sample's: any prompt finishes within 1024 tokens or
 * calls a forced tool; only a long-answer prompt is sure to be cut at 16.
 */
export const CAUSE_PROMPTS: Readonly<Record<StopCause, readonly string[]>> = {
  stop: ['Say OK.', 'Name three colours.', 'Hello! How are you?', 'What is the capital of France?', 'Écris une phrase en français. 日本語も少し。'],
  length: [
    'Write a long story about a lighthouse keeper and the sea.',
    'Explain in detail how rain forms, step by step.',
    'Write a long poem about autumn in the city.',
  ],
  tool_calls: ['What is the weather in Paris?', 'Should I take an umbrella in Oslo today?', 'Weather for Tokyo, please.'],
};

/**
 * The (cause, prompt) pairs of the samples: each cause once with its first prompt; against the
 * simulator (free) `runs` more, drawn from the run's seed. The plain and streamed samples draw the
 * same pairs, so each streamed answer has its plain twin.
 */
export function causeDraws<C extends string>(
  ctx: Pick<CheckContext, 'seed' | 'runs' | 'simulator'>,
  prompts: Readonly<Record<C, readonly string[]>>,
): { label: string; cause: C; prompt: string }[] {
  const causes = Object.keys(prompts) as C[];
  const fixed = causes.map((cause) => ({ label: cause as string, cause, prompt: prompts[cause][0]! }));
  if (!ctx.simulator) return fixed;
  const drawn = fc.sample(
    fc.constantFrom(...causes).chain((cause) => fc.tuple(fc.constant(cause), fc.constantFrom(...prompts[cause]))),
    { seed: ctx.seed + 3, numRuns: ctx.runs },
  );
  return [...fixed, ...drawn.map(([cause, prompt], i) => ({ label: `${cause} #${i + 1}`, cause, prompt }))];
}
