import type { ByokRecord } from '../../management/byok-record.ts';

/** reference `BYOKKey`: the record without its creation order; the raw key was never kept. */
export function byokData(record: ByokRecord): Record<string, unknown> {
  const { seq: _seq, ...shown } = record;
  return shown;
}
