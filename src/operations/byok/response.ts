import type { ByokRecord } from '../../management/byok-record.ts';

/**
 * reference `BYOKKey`: the record without its creation order; the raw key was never kept. The
 * official SDK's newer model also requires `declared_zdr`, `is_byok_only` and `is_required`: answered
 * as OpenRouter's defaults (inherit the data policy; shared endpoints stay), not settable here.
 */
export function byokData(record: ByokRecord): Record<string, unknown> {
  const { seq: _seq, ...shown } = record;
  return { ...shown, declared_zdr: null, is_byok_only: false, is_required: false };
}
