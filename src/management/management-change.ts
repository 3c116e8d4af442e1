import type { LedgerRecord } from '../schemas/ledger-record.ts';
import type { ActivityRow } from '../schemas/activity-row.ts';
import type { ByokRecord } from './byok-record.ts';
import type { DestinationRecord } from './destination-record.ts';
import type { WorkspacesSnapshot } from './workspace-record.ts';
import type { GuardrailSnapshot } from './guardrail-record.ts';
import type { ManagedKeyRecord } from './managed-key-record.ts';
import type { OAuthCodeRecord } from './oauth-code-record.ts';
import type { PresetRecord, PresetVersionRecord } from './preset-record.ts';
import type { OrganizationSeed, ScimGroupMapping } from './organization-seed.ts';

/**
 * The persisted collections of the management plane. `removed-file-keys` remembers keys of the
 * keys file deleted through `DELETE /keys/{hash}`, so they stay deleted after a restart.
 */
export type ManagementCollectionName =
  | 'keys'
  | 'codes'
  | 'removed-file-keys'
  | WorkspaceCollectionName
  | GuardrailCollectionName
  | 'byok'
  | 'presets'
  | 'preset-versions'
  | 'activity'
  | 'observability-destinations'
  | 'scim-group-mappings'
  /** Spending per key (by secret) and per workspace: what limits and budgets are held against. */
  | 'key-usage'
  | 'workspace-usage'
  /** The organisation the control API put in place of the seeded one (one record, id `organization`). */
  | 'organization';
/** The workspaces' collections (workspace-store.ts). */
export const WORKSPACE_COLLECTIONS = ['workspaces', 'workspace-members', 'workspace-budgets'] as const;
export type WorkspaceCollectionName = (typeof WORKSPACE_COLLECTIONS)[number];
/** The guardrails' persisted collections (src/management/guardrail-store.ts). */
export type GuardrailCollectionName = 'guardrails' | 'guardrail-key-assignments' | 'guardrail-member-assignments';

/** One change to the management state, as a persistence layer receives it (in order). */
export type ManagementChange =
  | { kind: 'put'; collection: ManagementCollectionName; id: string; record: unknown; seq: number }
  | { kind: 'delete'; collection: ManagementCollectionName; id: string; seq: number }
  /** Control reset: everything created through the API forgotten. */
  | { kind: 'reset'; seq: number };

/** What a state file holds of the management plane. */
export interface ManagementSnapshot {
  /** The creation counter, so secrets and ids stay unique after a restart. */
  seq: number;
  keys: ManagedKeyRecord[];
  codes: OAuthCodeRecord[];
  /** Secrets of keys-file keys deleted through the API. */
  removedFileKeys: string[];
  /** Workspaces created or changed, their members and budgets. */
  workspaces?: WorkspacesSnapshot;
  guardrails?: GuardrailSnapshot;
  /** BYOK provider credentials (no raw provider key: byok-record.ts). */
  byok?: ByokRecord[];
  /** The presets (src/management/preset-store.ts) and their kept versions. */
  presets?: PresetRecord[];
  presetVersions?: PresetVersionRecord[];
  /** The daily activity cells of the last days (src/account/activity-ledger.ts). */
  activity?: ActivityRow[];
  /** Observability destinations, their configs' secrets in full (what a delivery sends: destination-record.ts). */
  destinations?: DestinationRecord[];
  /** SCIM group mappings, and the organisation that replaced the seeded one (until a control reset). */
  scimMappings?: ScimGroupMapping[];
  organization?: OrganizationSeed;
  /** The usage ledgers (src/account/usage-ledger.ts): keys' spending and workspaces' spending. */
  keyUsage?: LedgerRecord[];
  workspaceUsage?: LedgerRecord[];
}

/**
 * Where the management state is kept beyond the process (the state file of `gatewaykit serve
 * --state-file`). A change is answered only once `saveManagement` resolved (503 if it rejects),
 * as a video submission is: nothing acknowledged is lost.
 */
export interface ManagementPersistence {
  saveManagement(change: ManagementChange): Promise<void>;
}
