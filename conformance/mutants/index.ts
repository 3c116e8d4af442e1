import { AUDIO_DATASETS_MUTANTS } from './audio-datasets-mutants.ts';
import type { Mutant } from './mutant.ts';
import { REQUEST_MUTANTS } from './request-mutants.ts';
import { RESPONSE_MUTANTS } from './response-mutants.ts';

export type { Mutant } from './mutant.ts';

/** Every deliberately broken gateway; `mutants.test.ts` runs each against the check that targets it. */
export const ALL_MUTANTS: readonly Mutant[] = [...REQUEST_MUTANTS, ...RESPONSE_MUTANTS, ...AUDIO_DATASETS_MUTANTS];
