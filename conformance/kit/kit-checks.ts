import type { Check } from '../check.ts';
import { OPERATION_DECLARATIONS } from './declarations/index.ts';
import { operationChecks } from './operation-checks.ts';

/** The kit's standard checks (shape, errors, auth) of every endpoint of the operations table not judged by hand-written ones. */
export const OPERATIONS_CHECKS: readonly Check[] = OPERATION_DECLARATIONS.flatMap(operationChecks);
