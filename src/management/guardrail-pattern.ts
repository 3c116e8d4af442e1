/** A content filter's pattern is at most this long (reference: no bound; hostile input needs one). */
export const MAX_PATTERN_CHARS = 500;

// A quantified group that itself holds a quantifier ((a+)+, (\w*x)*, (a|a)*): the shapes whose
// matching time can grow exponentially with the text (catastrophic backtracking).
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{?]/;
const BACKREFERENCE = /\\[1-9]|\\k</;
const ALTERNATION_GROUP_REPEATED = /\((?:[^()\\]|\\.)*\|(?:[^()\\]|\\.)*\)[+*{]/;

/**
 * Why a content filter's pattern (reference ContentFilterEntry: "a regex pattern") is refused, or
 * undefined when it compiles and holds none of the shapes that backtrack catastrophically. The
 * request path runs these patterns on every request of the keys they govern: a pattern that can
 * take seconds on a crafted prompt would let one guardrail stall the gateway.
 *
 * @example
 * patternProblem('(a+)+$'); // 'nested quantifiers ...'
 */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_CHARS) return `a pattern is at most ${MAX_PATTERN_CHARS} characters`;
  try {
    new RegExp(pattern, 'iu');
  } catch (error) {
    return `not a valid regular expression (${(error as Error).message})`;
  }
  if (NESTED_QUANTIFIER.test(pattern) || ALTERNATION_GROUP_REPEATED.test(pattern)) {
    return 'nested quantifiers (a repeated group that repeats inside, or a repeated alternation) are refused: they can backtrack catastrophically';
  }
  if (BACKREFERENCE.test(pattern)) return 'backreferences are refused (they can backtrack catastrophically)';
  return undefined;
}
