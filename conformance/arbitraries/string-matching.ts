import fc from 'fast-check';

/** Arbitraries built so far, by pattern and constraints: an arbitrary is an immutable value. */
const built = new Map<string, fc.Arbitrary<string>>();

/**
 * `fc.stringMatching`, built without stack traces, and once per pattern. Building one tries
 * fast-check's list of "dangerous" strings (`__proto__`, `constructor`, ...) against every
 * character class of the pattern, and each miss is a thrown and caught Error: with stack traces
 * captured, about 8% of the suite's CPU against a local simulator. The checks build the same
 * patterns on every run of the suite; the arbitrary, and every value it generates, is the same.
 *
 * @example
 * const word = stringMatching(/^[a-z]{1,10}$/);
 */
export function stringMatching(regex: RegExp, constraints?: Parameters<typeof fc.stringMatching>[1]): fc.Arbitrary<string> {
  const key = `${regex.flags}/${regex.source}/${constraints === undefined ? '' : JSON.stringify(constraints)}`;
  const known = built.get(key);
  if (known) return known;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const arbitrary = fc.stringMatching(regex, constraints);
    built.set(key, arbitrary);
    return arbitrary;
  } finally {
    Error.stackTraceLimit = limit;
  }
}
