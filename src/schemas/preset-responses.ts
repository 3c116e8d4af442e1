import { z } from 'zod';

/** reference `PresetDesignatedVersion`. */
export const PresetVersionSchema = z.object({
  id: z.string(),
  preset_id: z.string(),
  creator_id: z.string(),
  version: z.number().int(),
  system_prompt: z.string().nullable(),
  config: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});

/** reference `Preset` (without version details). */
export const PresetSchema = z.object({
  id: z.string(),
  creator_user_id: z.string().nullable(),
  workspace_id: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  status: z.enum(['active', 'disabled', 'archived']),
  designated_version_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  status_updated_at: z.string().nullable(),
});

/** reference listPresets 200 (`ListPresetsResponse`). */
export const PresetsListResponseSchema = z.object({ data: z.array(PresetSchema), total_count: z.number().int() });
/** reference getPreset and createPresets* 200 (`PresetWithDesignatedVersion` in `data`). */
export const PresetResponseSchema = z.object({ data: PresetSchema.extend({ designated_version: PresetVersionSchema.nullable() }) });
/** reference listPresetVersions 200. */
export const PresetVersionsListResponseSchema = z.object({ data: z.array(PresetVersionSchema), total_count: z.number().int() });
/** reference getPresetVersion 200. */
export const PresetVersionResponseSchema = z.object({ data: PresetVersionSchema });
