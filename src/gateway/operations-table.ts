import { imagesOperation } from '../operations/images/operation.ts';
import type { Endpoint, Operation } from '../operations/operation.ts';
import { endpointsZdrOperation } from '../operations/endpoints-zdr/operation.ts';
import { modelOperation } from '../operations/model/operation.ts';
import { modelsCountOperation } from '../operations/models-count/operation.ts';
import { modelsUserOperation } from '../operations/models-user/operation.ts';
import { providersOperation } from '../operations/providers/operation.ts';
import { authKeysOperation } from '../operations/auth-keys/operation.ts';
import { keysOperation } from '../operations/keys/operation.ts';

/**
 * The operations table: every public operation the gateway serves through the operation contract
 * (`src/operations/<name>/`), one line each. Adding an operation is one folder plus one line here.
 * The dispatcher, `/openapi.json`, the inspector, the journal, the conformance suite's paid list and
 * the README's operations table read this table.
 */
export const OPERATIONS: readonly Operation[] = [
  imagesOperation,
  providersOperation,
  modelsCountOperation,
  modelsUserOperation,
  modelOperation,
  endpointsZdrOperation,
  keysOperation,
  authKeysOperation,
];

/** Every endpoint of the table, in table order. */
export function tableEndpoints(table: readonly Operation[] = OPERATIONS): Endpoint[] {
  return table.flatMap((operation) => operation.endpoints);
}
