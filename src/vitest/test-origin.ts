import { hash53 } from '../random/hash.ts';

/**
 * A distinct, valid origin for one test: `http://t<hash>.gateway.test`. Derived from the test's
 * id (unique within a run) so that concurrent tests get distinct hosts and reruns the same one.
 */
export function testOrigin(testId: string): string {
  return `http://t${hash53(testId).toString(36)}.gateway.test`;
}
