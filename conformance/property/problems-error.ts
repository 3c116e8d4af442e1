import type { Problems } from '../check.ts';

/**
 * How a property's predicate tells fast-check "this input breaks the rule": fast-check's own
 * idiom is a throw inside the predicate. It never leaves `runProperty`, which turns it into a value.
 */
export class ProblemsError extends Error {
  constructor(readonly problems: Problems) {
    super(problems.join('; '));
    this.name = 'ProblemsError';
  }
}
