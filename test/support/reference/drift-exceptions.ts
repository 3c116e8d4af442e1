/** A difference between the simulator's schemas and the reference that stays, and why. */
export interface DriftException {
  match: RegExp;
  reason: string;
}

export const DRIFT_EXCEPTIONS: readonly DriftException[] = [];
