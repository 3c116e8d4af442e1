import { answeredConfig } from '../../management/destination-mask.ts';
import type { DestinationRecord } from '../../management/destination-record.ts';

/**
 * reference `ObservabilityDestination`: the record without its creation order, its config's
 * secrets and header values masked (`sk-l...AbCd`).
 */
export function destinationData(record: DestinationRecord): Record<string, unknown> {
  const { seq: _seq, config, ...shown } = record;
  return { ...shown, config: answeredConfig(record.type, config) };
}
