import type { Collection } from '@msw/data';
import type { Clock } from '../clock/clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { ManagementChange, ManagementPersistence, ManagementSnapshot } from './management-change.ts';
import { nextPresetVersion } from './next-preset-version.ts';
import { PresetRecordSchema, PresetVersionRecordSchema, type NewPresetVersion, type PresetRecord, type PresetVersionRecord } from './preset-record.ts';

/** How much the presets keep (hostile input: bounded). */
export interface PresetBounds {
  /** Presets at most (default 1,000): past it, a new slug is a 409. */
  maxPresets: number;
  /** Versions kept per preset (default 100): past it, the oldest version is forgotten (its number is never reused). */
  maxVersions: number;
}

export const DEFAULT_PRESET_BOUNDS: PresetBounds = { maxPresets: 1_000, maxVersions: 100 };

/** The listings' views of the presets (@msw/data collections). */
export interface PresetCollections {
  readonly presets: Collection<typeof PresetRecordSchema>;
  readonly versions: Collection<typeof PresetVersionRecordSchema>;
}

export interface PresetStoreOptions {
  clock: Clock;
  seed: number;
  restore?: ManagementSnapshot;
  persistence?: ManagementPersistence;
  bounds?: Partial<PresetBounds>;
}

/**
 * The presets of one gateway (reference Presets): records in Maps by slug (the truth, and the
 * O(1) lookup of `@preset/<slug>` on the request path), @msw/data collections beside them for the
 * listings (built on the first listing). A new version is saved to the state file before it is
 * applied and answered; a control reset forgets every preset.
 */
export interface PresetStore {
  ready(): Promise<PresetCollections>;
  readonly bounds: PresetBounds;
  preset(slug: string): PresetRecord | undefined;
  /** The preset's kept versions, oldest first. */
  versions(slug: string): readonly PresetVersionRecord[];
  /** The latest version of an active preset (what `@preset/<slug>` applies). */
  latest(slug: string): PresetVersionRecord | undefined;
  /** Create the preset (first version) or a new version of it; 409 while another creation of the same slug is under way. */
  createVersion(slug: string, input: NewPresetVersion): Promise<{ preset: PresetRecord; version: PresetVersionRecord }>;
  counts(): { presets: number; versions: number };
  records(): { presets: PresetRecord[]; versions: PresetVersionRecord[] };
  reset(): void;
}

const versionKey = (v: PresetVersionRecord) => `${v.slug}\u0000${v.version}`;

/** Save a change, or the 503 that says nothing changed (an answered change is never lost). */
async function saveOrRefuse(persistence: ManagementPersistence | undefined, change: ManagementChange): Promise<void> {
  try {
    await (persistence?.saveManagement(change) ?? Promise.resolve());
  } catch (error) {
    throw new GatewayError(503, `The change could not be saved to the state file (${(error as Error).message}); nothing was changed`);
  }
}

/** The listings' collections of these records (@msw/data loaded on the first listing only). */
async function buildCollections(presets: PresetRecord[], versions: PresetVersionRecord[]): Promise<PresetCollections> {
  const { Collection } = await import('@msw/data');
  const built = { presets: new Collection({ schema: PresetRecordSchema }), versions: new Collection({ schema: PresetVersionRecordSchema }) };
  for (const preset of presets) await built.presets.create(preset);
  for (const version of versions) await built.versions.create(version);
  return built;
}

/**
 * @example
 * const presets = createPresetStore({ clock, seed: 0 });
 * await presets.createVersion('terse', { system_prompt: 'Be terse.', config: { temperature: 0 } });
 * presets.latest('terse')?.version; // 1
 */
export function createPresetStore(options: PresetStoreOptions): PresetStore {
  const bounds: PresetBounds = { ...DEFAULT_PRESET_BOUNDS, ...options.bounds };
  const bySlug = new Map<string, PresetRecord>();
  const versionsOf = new Map<string, PresetVersionRecord[]>();
  const pending = new Set<string>();
  let seq = 0;
  let epoch = 0;
  let collections: Promise<PresetCollections> | undefined;

  const save = (change: ManagementChange) => saveOrRefuse(options.persistence, change);

  function remember(preset: PresetRecord, version: PresetVersionRecord): PresetVersionRecord[] {
    bySlug.set(preset.slug, preset);
    const list = versionsOf.get(preset.slug) ?? [];
    list.push(version);
    versionsOf.set(preset.slug, list);
    seq = Math.max(seq, preset.updated_seq + 1, version.seq + 1);
    return list.length > bounds.maxVersions ? list.splice(0, list.length - bounds.maxVersions) : [];
  }

  function restore(snapshot: ManagementSnapshot | undefined): void {
    const presets = new Map((snapshot?.presets ?? []).map((p) => [p.slug, p]));
    for (const version of [...(snapshot?.presetVersions ?? [])].sort((a, b) => a.seq - b.seq)) {
      const preset = presets.get(version.slug);
      if (preset) remember(preset, version);
    }
  }

  function next(slug: string, input: NewPresetVersion) {
    const earlier = bySlug.get(slug);
    if (!earlier && bySlug.size >= bounds.maxPresets) {
      throw new GatewayError(409, `This gateway keeps at most ${bounds.maxPresets} presets: add versions to an existing one instead`);
    }
    return nextPresetVersion({ earlier, slug, input, seq: seq++, seed: options.seed, now: options.clock.now() });
  }

  async function apply(preset: PresetRecord, version: PresetVersionRecord, isNew: boolean): Promise<void> {
    const forgotten = remember(preset, version);
    for (const old of forgotten) void save({ kind: 'delete', collection: 'preset-versions', id: versionKey(old), seq: 0 }).catch(() => undefined);
    if (!collections) return;
    const { presets, versions } = await collections;
    if (isNew) await presets.create(preset);
    else await presets.update((q) => q.where({ slug: preset.slug }), { data: (draft) => void Object.assign(draft, preset) });
    await versions.create(version);
    for (const old of forgotten) versions.delete((q) => q.where({ id: old.id }));
  }

  async function createVersion(slug: string, input: NewPresetVersion) {
    if (pending.has(slug)) throw new GatewayError(409, `Another version of preset ${JSON.stringify(slug)} is being created: try again`);
    const made = next(slug, input);
    const current = epoch;
    pending.add(slug);
    try {
      // The version first: a preset line is never replayed without the version it designates.
      await save({ kind: 'put', collection: 'preset-versions', id: versionKey(made.version), record: made.version, seq: 0 });
      await save({ kind: 'put', collection: 'presets', id: slug, record: made.preset, seq: 0 });
    } finally {
      pending.delete(slug);
    }
    if (current === epoch) await apply(made.preset, made.version, made.version.version === 1);
    return made;
  }

  restore(options.restore);
  return {
    // The collections from the records as they are now (a change after this is applied to them once built).
    ready: () => (collections ??= buildCollections([...bySlug.values()], [...versionsOf.values()].flat())),
    bounds,
    preset: (slug) => bySlug.get(slug),
    versions: (slug) => versionsOf.get(slug) ?? [],
    latest(slug) {
      const preset = bySlug.get(slug);
      const list = versionsOf.get(slug);
      return preset?.status === 'active' && list ? list[list.length - 1] : undefined;
    },
    createVersion,
    counts: () => ({ presets: bySlug.size, versions: [...versionsOf.values()].reduce((n, list) => n + list.length, 0) }),
    records: () => ({
      presets: [...bySlug.values()].sort((a, b) => a.seq - b.seq),
      versions: [...versionsOf.values()].flat().sort((a, b) => a.seq - b.seq),
    }),
    reset() {
      epoch++;
      bySlug.clear();
      versionsOf.clear();
      pending.clear();
      collections = undefined;
      seq = 0;
    },
  };
}
