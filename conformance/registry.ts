import type { Check } from './check.ts';
import { AUTH_CHECKS } from './checks/auth.ts';

/**
 * Every check of the suite, in the order they run: free checks first (auth, errors, validation),
 * then paid ones (results, metadata, streams), then video jobs. To add a group: write
 * `checks/<group>.ts` exporting `<GROUP>_CHECKS` and list it here (docs/conformance.md).
 */
export const ALL_CHECKS: readonly Check[] = [...AUTH_CHECKS];
