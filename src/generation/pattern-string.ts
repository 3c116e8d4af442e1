import RandExp from 'randexp';
import type { SeededRandom } from '../random/seeded-random.ts';

/** How many times an unbounded quantifier (`*`, `+`, `{n,}`) repeats at most past its minimum. */
const OPEN_REPEAT = 8;

/** The tokens of `ret` (randexp's parser), as far as this module reads them. */
interface Token {
  type: number;
  stack?: Token[];
  options?: Token[][];
  value?: Token | number;
  min?: number;
  max?: number;
  followedBy?: boolean;
  notFollowedBy?: boolean;
}
// ret's token types (ret 0.5 `types`).
const ROOT = 0;
const GROUP = 1;
const REPETITION = 5;

/** Work of generating `token`: its fewest and its most steps (each character or group is a step). */
function work(token: Token, most: boolean): number {
  switch (token.type) {
    case ROOT:
    case GROUP: {
      if (token.followedBy || token.notFollowedBy) return 1;
      if (token.options) {
        let pick = most ? 0 : Number.POSITIVE_INFINITY;
        for (const seq of token.options) {
          let n = 0;
          for (const t of seq) n += work(t, most);
          pick = most ? Math.max(pick, n) : Math.min(pick, n);
        }
        return 1 + (Number.isFinite(pick) ? pick : 0);
      }
      let n = 0;
      for (const t of token.stack ?? []) n += work(t, most);
      return 1 + n;
    }
    case REPETITION: {
      const min = token.min ?? 0;
      const reps = most ? (token.max === Infinity ? min + OPEN_REPEAT : (token.max ?? min)) : min;
      return 1 + reps * work(token.value as Token, most);
    }
    default:
      return 1;
  }
}

/** Make every repetition repeat exactly its minimum (the cheapest strings the pattern allows). */
function clampToMinimum(token: Token): void {
  if (token.type === REPETITION) {
    token.max = token.min;
    clampToMinimum(token.value as Token);
  }
  for (const t of token.stack ?? []) clampToMinimum(t);
  for (const seq of token.options ?? []) for (const t of seq) clampToMinimum(t);
}

/** How deep groups may nest in a pattern: the measuring and the generating both recurse per level. */
const MAX_GROUP_DEPTH = 128;

/** Deepest group nesting of a pattern's text (escapes and classes skipped), stopping past `limit`. */
function groupDepthExceeds(pattern: string, limit: number): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(' && ++depth > limit) return true;
    else if (c === ')') depth--;
  }
  return false;
}

/** A string for a `pattern`, or why there is none within the budget. */
export type PatternResult = { ok: true; value: string } | { ok: false; reason: string };

/**
 * A string matching the ECMA-262 `pattern` of a JSON Schema (randexp, seeded by `rng`), generated
 * under a work budget: the pattern's tokens are measured first, a pattern whose shortest string
 * costs more than `budget` is refused, and one whose longest could is generated at its minimum
 * repetitions (`a{1000000000}` never runs). Lookarounds and anchors produce nothing, so a pattern
 * that relies on them may give a string it does not match (a simulator's best effort).
 *
 * @example
 * patternString('^[A-Z]{3}-\\d{4}$', rng, 10_000); // { ok: true, value: 'QKD-4821' }
 */
export function patternString(pattern: string, rng: SeededRandom, budget: number, cache?: Map<string, PatternResult | RandExp>): PatternResult {
  // One parse per pattern per instance: an array of 3,000 patterned strings parsed it 3,000 times.
  const cached = cache?.get(pattern);
  if (cached instanceof RandExp) {
    cached.randInt = (a: number, b: number) => rng.int(a, b);
    return { ok: true, value: cached.gen() };
  }
  if (cached) return cached;
  const made = buildGenerator(pattern, budget);
  if (!(made instanceof RandExp)) {
    cache?.set(pattern, made);
    return made;
  }
  cache?.set(pattern, made);
  made.randInt = (a: number, b: number) => rng.int(a, b);
  return { ok: true, value: made.gen() };
}

/**
 * randexp expands a character class into its range on every character it draws: `[\s\S]` subtracts
 * ranges over all of Unicode each time, so a few hundred thousand such characters took tens of
 * seconds. A class's range depends on the class alone (the parsed tokens never change once
 * clamped), so it is expanded once per generator; the draws, and so the strings, are the same.
 */
function memoizeSets(generator: RandExp): void {
  const target = generator as unknown as { _expand(token: object): unknown };
  const expand = target._expand.bind(generator);
  const ranges = new WeakMap<object, unknown>();
  target._expand = (token) => {
    let range = ranges.get(token);
    if (range === undefined) ranges.set(token, (range = expand(token)));
    return range;
  };
}

/** A generator for `pattern` within `budget`, or the result to give instead (refused, or no string derivable). */
function buildGenerator(pattern: string, budget: number): RandExp | PatternResult {
  try {
    // Validity as the schema's own language defines it (constructing a RegExp runs nothing).
    new RegExp(pattern, 'u');
  } catch (error) {
    return { ok: false, reason: `is not a valid regular expression (${(error as Error).message})` };
  }
  if (groupDepthExceeds(pattern, MAX_GROUP_DEPTH)) return { ok: false, reason: `nests groups deeper than ${MAX_GROUP_DEPTH} levels` };
  let generator: RandExp;
  try {
    generator = new RandExp(pattern);
  } catch {
    // Syntax randexp does not read (e.g. \p{...}): valid, but no string is derived from it.
    return { ok: true, value: '' };
  }
  generator.max = OPEN_REPEAT;
  memoizeSets(generator);
  const tokens = (generator as unknown as { tokens: Token }).tokens;
  const least = work(tokens, false);
  if (least > budget) return { ok: false, reason: `needs strings of at least ${least} steps to generate, more than the budget (${budget})` };
  if (work(tokens, true) > budget) clampToMinimum(tokens);
  return generator;
}
