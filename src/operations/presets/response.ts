import type { PresetRecord, PresetVersionRecord } from '../../management/preset-record.ts';

/** reference `PresetDesignatedVersion`. */
export function versionData(version: PresetVersionRecord): Record<string, unknown> {
  return {
    id: version.id,
    preset_id: version.preset_id,
    creator_id: version.creator_id,
    version: version.version,
    system_prompt: version.system_prompt,
    config: version.config,
    created_at: version.created_at,
    updated_at: version.updated_at,
  };
}

/** reference `Preset` (without version details). */
export function presetData(preset: PresetRecord): Record<string, unknown> {
  return {
    id: preset.id,
    creator_user_id: preset.creator_user_id,
    workspace_id: preset.workspace_id,
    name: preset.name,
    slug: preset.slug,
    description: preset.description,
    status: preset.status,
    designated_version_id: preset.designated_version_id,
    created_at: preset.created_at,
    updated_at: preset.updated_at,
    status_updated_at: preset.status_updated_at,
  };
}

/** reference `PresetWithDesignatedVersion`: the preset with its designated (latest) version inline. */
export function presetWithVersion(preset: PresetRecord, version: PresetVersionRecord | undefined): Record<string, unknown> {
  return { ...presetData(preset), designated_version: version ? versionData(version) : null };
}
