import { z } from 'zod';

/** One running sum of a ledger as the state file keeps it: totals and the UTC periods they count. */
export const TallyRecordSchema = z.strictObject({
  total: z.number(),
  day: z.number(),
  week: z.number(),
  month: z.number(),
  periods: z.strictObject({ day: z.number(), week: z.number(), month: z.number() }),
});
export type TallyRecord = z.infer<typeof TallyRecordSchema>;

/** What a usage ledger holds for one of its keys (a key's secret, or a workspace's id). */
export const LedgerRecordSchema = z.strictObject({
  id: z.string(),
  usage: TallyRecordSchema.nullable(),
  byok: TallyRecordSchema.nullable(),
});
export type LedgerRecord = z.infer<typeof LedgerRecordSchema>;

/** A ledger's records restored at start, and where each change goes (the state file). */
export interface LedgerPersistence {
  readonly restore?: readonly LedgerRecord[];
  /** Told the key's record after each charge; not awaited (the answer that moved it is already delivered). */
  readonly save?: (record: LedgerRecord) => void;
}
