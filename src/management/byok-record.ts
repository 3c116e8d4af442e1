import { z } from 'zod';

/**
 * One BYOK provider credential (reference `BYOKKey`), as the store keeps it. The raw provider key
 * is not kept at all: the reference never returns it, and the simulator calls no provider, so
 * only its masked `label` is (nothing secret reaches the state file, journal or inspector).
 */
export const ByokRecordSchema = z.object({
  id: z.string(),
  provider: z.string(),
  /** null: global, usable in every workspace (reference BYOKKey `workspace_id`). */
  workspace_id: z.string().nullable(),
  name: z.string().nullable(),
  label: z.string(),
  disabled: z.boolean(),
  is_fallback: z.boolean(),
  allowed_models: z.array(z.string()).nullable(),
  allowed_api_key_hashes: z.array(z.string()).nullable(),
  allowed_user_ids: z.array(z.string()).nullable(),
  sort_order: z.number().int(),
  created_at: z.string(),
  seq: z.number().int().min(0),
});
export type ByokRecord = z.infer<typeof ByokRecordSchema>;

/** The masked label of a raw provider key (reference: "sk-...AbCd"): its first 3 and last 4 characters at most. */
export function byokLabel(raw: string): string {
  if (raw.length <= 8) return `${raw.slice(0, 1)}...`;
  return `${raw.slice(0, 3)}...${raw.slice(-4)}`;
}
