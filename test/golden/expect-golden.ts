import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

/**
 * Record twice and hold the bytes against the golden file (UPDATE_GOLDEN=1 re-records it).
 * Two fresh records must agree first, so the golden never pins a run-to-run accident.
 *
 * @example
 * await expectGolden(GOLDEN_FILE, () => recordAnswers());
 */
export async function expectGolden(file: string | URL, record: () => Promise<string>): Promise<void> {
  const actual = await record();
  expect(await record()).toBe(actual);
  if (process.env.UPDATE_GOLDEN === '1') {
    writeFileSync(file, actual);
    return;
  }
  const expected = readFileSync(file, 'utf8');
  // Compare line lists first so a failure shows a readable diff, then the exact bytes.
  expect(actual.split('\n')).toEqual(expected.split('\n'));
  expect(actual).toBe(expected);
}
