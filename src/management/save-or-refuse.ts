import { GatewayError } from '../errors/gateway-error.ts';
import type { ManagementChange, ManagementPersistence } from './management-change.ts';

/**
 * Make a management change durable first (state file); a state file that cannot take it is the
 * 503 of spec 7 saying nothing was changed, and the caller applies nothing.
 */
export async function saveOrRefuse(persistence: ManagementPersistence | undefined, change: ManagementChange): Promise<void> {
  try {
    await (persistence?.saveManagement(change) ?? Promise.resolve());
  } catch (error) {
    throw new GatewayError(503, `The change could not be saved to the state file (${(error as Error).message}); nothing was changed`);
  }
}
