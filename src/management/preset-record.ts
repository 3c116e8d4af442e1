import { z } from 'zod';

/** reference `PresetStatus`. */
export const PresetStatusSchema = z.enum(['active', 'disabled', 'archived']);

/**
 * One preset (reference `Preset`) as the store keeps it: the reference's fields plus its creation
 * order, the order of its last change (the listing's "most recently updated first") and its
 * latest version number.
 */
export const PresetRecordSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: PresetStatusSchema,
  creator_user_id: z.string().nullable(),
  workspace_id: z.string().nullable(),
  designated_version_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  status_updated_at: z.string().nullable(),
  /** Creation order, unique per gateway. */
  seq: z.number().int().min(0),
  /** Bumped by every new version (the order of GET /presets). */
  updated_seq: z.number().int().min(0),
  latest_version: z.number().int().min(1),
});
export type PresetRecord = z.infer<typeof PresetRecordSchema>;

/**
 * One version of a preset (reference `PresetDesignatedVersion`), plus its preset's slug (the
 * versions listing's query). `config` holds only the members a preset keeps (`PRESET_CONFIG_MEMBERS`).
 */
export const PresetVersionRecordSchema = z.object({
  id: z.string(),
  preset_id: z.string(),
  slug: z.string(),
  version: z.number().int().min(1),
  system_prompt: z.string().nullable(),
  config: z.record(z.string(), z.unknown()),
  creator_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  seq: z.number().int().min(0),
});
export type PresetVersionRecord = z.infer<typeof PresetVersionRecordSchema>;

/** What a new version is made of (the members of an inference body a preset keeps). */
export interface NewPresetVersion {
  system_prompt: string | null;
  config: Record<string, unknown>;
}
