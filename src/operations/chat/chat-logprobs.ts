import { hash53 } from '../../random/hash.ts';

/** reference `ChatTokenLogprob`. */
export interface ChatTokenLogprob {
  token: string;
  logprob: number;
  bytes: number[];
  top_logprobs: Array<{ token: string; logprob: number; bytes: number[] }>;
}

/** Alternatives a simulated model weighed: common tokens, taken in a seeded order. */
const ALTERNATIVES = [
  ' the',
  ',',
  '.',
  ' a',
  ' and',
  ' to',
  ' of',
  ' in',
  ' is',
  ' it',
  ' that',
  ' for',
  ' on',
  ' with',
  ' as',
  ' this',
  ' you',
  ' can',
  ' be',
  ' or',
];

const utf8 = new TextEncoder();

/**
 * The log probability of a token, a pure function of its text: most tokens near 0 (the model was
 * sure), some lower, never above 0. The same token gets the same number wherever it stands, so a
 * stream's chunks and the JSON answer agree.
 */
function logprobOf(token: string): number {
  const u = (hash53(token) % 10_000) / 10_000;
  return -Math.round(u ** 3 * 60_000) / 10_000;
}

/**
 * reference `ChatTokenLogprobs.content` for `tokens`: each token with its log probability, UTF-8
 * bytes and, when `top` > 0, the `top` most likely tokens at its place (itself first, then
 * alternatives each less likely than the one before).
 *
 * @example
 * tokenLogprobs(['Hello', ' there'], 2)[0]; // { token: 'Hello', logprob: -0.0012, bytes: [72, ...], top_logprobs: [{ token: 'Hello', ... }, { ... }] }
 */
export function tokenLogprobs(tokens: readonly string[], top: number): ChatTokenLogprob[] {
  return tokens.map((token) => {
    const logprob = logprobOf(token);
    const bytes = [...utf8.encode(token)];
    const top_logprobs: ChatTokenLogprob['top_logprobs'] = [];
    if (top > 0) {
      top_logprobs.push({ token, logprob, bytes });
      const start = hash53(token, 1) % ALTERNATIVES.length;
      let last = logprob;
      for (let k = 0; top_logprobs.length < top && k < ALTERNATIVES.length; k++) {
        const alternative = ALTERNATIVES[(start + k) % ALTERNATIVES.length] as string;
        if (alternative === token) continue;
        last = Math.round((last - 0.5 - (hash53(alternative, k) % 1000) / 500) * 10_000) / 10_000;
        top_logprobs.push({ token: alternative, logprob: last, bytes: [...utf8.encode(alternative)] });
      }
    }
    return { token, logprob, bytes, top_logprobs };
  });
}
