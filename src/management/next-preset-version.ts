import { hash53 } from '../random/hash.ts';
import { ACCOUNT_USER_ID, DEFAULT_WORKSPACE_ID, isoSeconds } from './key-entry.ts';
import type { NewPresetVersion, PresetRecord, PresetVersionRecord } from './preset-record.ts';

/** A UUID-shaped id drawn from the seed and a label (same seed, same ids). */
export function uuidFrom(seed: number, label: string): string {
  let hex = '';
  for (let i = 0; hex.length < 32; i++) hex += hash53(`${label}:${i}`, seed).toString(16).padStart(14, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The preset and version a creation makes: the first version of a new preset (named by its slug,
 * in the default workspace), or the next version of `earlier`, which it then designates. `seq` is
 * the gateway's creation counter (ids follow from it and the seed).
 *
 * @example
 * nextPresetVersion({ slug: 'terse', input: { system_prompt: null, config: {} }, seq: 0, seed: 0, now: 0 }).version.version; // 1
 */
export function nextPresetVersion(args: { earlier?: PresetRecord; slug: string; input: NewPresetVersion; seq: number; seed: number; now: number }): {
  preset: PresetRecord;
  version: PresetVersionRecord;
} {
  const { earlier, slug, input, seq, seed } = args;
  const now = isoSeconds(args.now);
  const number = (earlier?.latest_version ?? 0) + 1;
  const presetId = earlier?.id ?? uuidFrom(seed, `preset:${seq}`);
  const version: PresetVersionRecord = {
    id: uuidFrom(seed, `preset-version:${seq}`),
    preset_id: presetId,
    slug,
    version: number,
    system_prompt: input.system_prompt,
    config: input.config,
    creator_id: ACCOUNT_USER_ID,
    created_at: now,
    updated_at: now,
    seq,
  };
  const designated = { designated_version_id: version.id, updated_at: now, updated_seq: seq, latest_version: number };
  const preset: PresetRecord = earlier
    ? { ...earlier, ...designated }
    : {
        id: presetId,
        slug,
        name: slug,
        description: null,
        status: 'active',
        creator_user_id: ACCOUNT_USER_ID,
        workspace_id: DEFAULT_WORKSPACE_ID,
        created_at: now,
        status_updated_at: null,
        seq,
        ...designated,
      };
  return { preset, version };
}
