import { z } from 'zod';
import { LedgerRecordSchema, type LedgerRecord } from '../../schemas/ledger-record.ts';
import { formatZodError } from '../../errors/format-zod-error.ts';
import type { ManagementChange, ManagementCollectionName, ManagementSnapshot } from '../../management/management-change.ts';
import { ManagedKeyRecordSchema, type ManagedKeyRecord } from '../../management/managed-key-record.ts';
import { ByokRecordSchema, type ByokRecord } from '../../management/byok-record.ts';
import { DestinationRecordSchema, type DestinationRecord } from '../../management/destination-record.ts';
import { OAuthCodeRecordSchema, type OAuthCodeRecord } from '../../management/oauth-code-record.ts';
import { WorkspaceBudgetRecordSchema, WorkspaceMemberRecordSchema, WorkspaceRecordSchema, type WorkspacesSnapshot } from '../../management/workspace-record.ts';
import { GUARDRAIL_RECORD_SCHEMAS, guardrailSnapshot } from '../../management/guardrail-persistence.ts';
import { ActivityRowSchema, type ActivityRow } from '../../schemas/activity-row.ts';
import {
  OrganizationSeedRecordSchema,
  ScimGroupMappingRecordSchema,
  type OrganizationSeed,
  type ScimGroupMapping,
} from '../../management/organization-seed.ts';
import { PresetRecordSchema, PresetVersionRecordSchema, type PresetRecord, type PresetVersionRecord } from '../../management/preset-record.ts';

const RECORD_SCHEMAS: Record<ManagementCollectionName, z.ZodType> = {
  keys: ManagedKeyRecordSchema,
  codes: OAuthCodeRecordSchema,
  'removed-file-keys': z.strictObject({ secret: z.string() }),
  workspaces: WorkspaceRecordSchema,
  'workspace-members': WorkspaceMemberRecordSchema,
  'workspace-budgets': WorkspaceBudgetRecordSchema,
  ...GUARDRAIL_RECORD_SCHEMAS,
  byok: ByokRecordSchema,
  presets: PresetRecordSchema,
  'preset-versions': PresetVersionRecordSchema,
  activity: ActivityRowSchema,
  'observability-destinations': DestinationRecordSchema,
  'scim-group-mappings': ScimGroupMappingRecordSchema,
  organization: OrganizationSeedRecordSchema,
  'key-usage': LedgerRecordSchema,
  'workspace-usage': LedgerRecordSchema,
};
const COLLECTION_NAMES = Object.keys(RECORD_SCHEMAS) as [ManagementCollectionName, ...ManagementCollectionName[]];

const ChangeSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('put'),
    collection: z.enum(COLLECTION_NAMES),
    id: z.string(),
    record: z.unknown(),
    seq: z.number().int().min(0),
  }),
  z.strictObject({ kind: z.literal('delete'), collection: z.enum(COLLECTION_NAMES), id: z.string(), seq: z.number().int().min(0) }),
  z.strictObject({ kind: z.literal('reset'), seq: z.number().int().min(0) }),
]);

/**
 * The management records as the state file holds them: replayed from its lines on start-up, kept
 * up to date by every save, and written whole by a compaction. Records are plain values by id.
 */
export interface ManagementMirror {
  /** Apply a replayed line's change; the problem when it is not a valid change. */
  apply(change: unknown): string | undefined;
  /** Apply a change being saved; returns what undoes it (the save failed). */
  take(change: ManagementChange): () => void;
  /** The live records as `put` changes (what a compaction writes). */
  changes(): Iterable<ManagementChange>;
  size(): number;
  snapshot(): ManagementSnapshot | undefined;
}

export function createManagementMirror(): ManagementMirror {
  const collections = new Map<ManagementCollectionName, Map<string, unknown>>(COLLECTION_NAMES.map((name) => [name, new Map()]));
  let seq = 0;
  let seen = false;
  const of = (name: ManagementCollectionName) => collections.get(name) as Map<string, unknown>;
  const take = (change: ManagementChange): (() => void) => {
    seen = true;
    const earlierSeq = seq;
    seq = Math.max(seq, change.seq);
    if (change.kind === 'reset') {
      const before = [...collections].map(([name, records]) => [name, new Map(records)] as const);
      for (const records of collections.values()) records.clear();
      return () => {
        for (const [name, records] of before) collections.set(name, records);
        seq = earlierSeq;
      };
    }
    const records = of(change.collection);
    const had = records.has(change.id);
    const earlier = records.get(change.id);
    if (change.kind === 'put') records.set(change.id, change.record);
    else records.delete(change.id);
    return () => {
      if (had) records.set(change.id, earlier);
      else records.delete(change.id);
      seq = earlierSeq;
    };
  };
  return {
    apply(raw) {
      const parsed = ChangeSchema.safeParse(raw);
      if (!parsed.success) return formatZodError(parsed.error);
      const change = parsed.data as ManagementChange;
      if (change.kind === 'put') {
        const record = RECORD_SCHEMAS[change.collection].safeParse(change.record);
        if (!record.success) return `record: ${formatZodError(record.error)}`;
        take({ ...change, record: record.data });
      } else take(change);
      return undefined;
    },
    take,
    *changes() {
      for (const [collection, records] of collections) for (const [id, record] of records) yield { kind: 'put', collection, id, record, seq };
    },
    size: () => [...collections.values()].reduce((n, records) => n + records.size, 0),
    snapshot() {
      if (!seen) return undefined;
      return {
        seq,
        keys: [...of('keys').values()] as ManagedKeyRecord[],
        codes: [...of('codes').values()] as OAuthCodeRecord[],
        removedFileKeys: [...of('removed-file-keys').values()].map((r) => (r as { secret: string }).secret),
        workspaces: {
          workspaces: [...of('workspaces').values()],
          members: [...of('workspace-members').values()],
          budgets: [...of('workspace-budgets').values()],
        } as WorkspacesSnapshot,
        guardrails: guardrailSnapshot(of),
        byok: [...of('byok').values()] as ByokRecord[],
        presets: [...of('presets').values()] as PresetRecord[],
        presetVersions: [...of('preset-versions').values()] as PresetVersionRecord[],
        activity: [...of('activity').values()] as ActivityRow[],
        destinations: [...of('observability-destinations').values()] as DestinationRecord[],
        scimMappings: [...of('scim-group-mappings').values()] as ScimGroupMapping[],
        keyUsage: [...of('key-usage').values()] as LedgerRecord[],
        workspaceUsage: [...of('workspace-usage').values()] as LedgerRecord[],
        ...(of('organization').has('organization') ? { organization: of('organization').get('organization') as OrganizationSeed } : {}),
      };
    },
  };
}
