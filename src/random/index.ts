export { hash53, stableStringify } from './hash.ts';
export { seededRandom } from './seeded-random.ts';
export type { SeededRandom } from './seeded-random.ts';
