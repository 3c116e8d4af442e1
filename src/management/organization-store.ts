import type { ManagementCollectionName, ManagementPersistence, ManagementSnapshot } from './management-change.ts';
import { saveOrRefuse } from './save-or-refuse.ts';
import { DEFAULT_ORGANIZATION, type OrganizationMember, type OrganizationSeed, type ScimGroup, type ScimGroupMapping } from './organization-seed.ts';

/** SCIM group mappings a gateway keeps at most (hostile input: bounded; 400 past it). */
export const MAX_SCIM_MAPPINGS = 1_000;

/** The one record id of a saved replacement organisation. */
const REPLACEMENT_ID = 'organization';

/**
 * The simulated organisation (reference `/organization/members`, `/scim/groups`): seeded, and
 * replaced through the control API (`PUT /__gatewaykit/organization`); a control reset brings the
 * gateway's seed back. Members are found by id in O(1) (guardrail member assignments check them).
 * With a state file, mappings and a replacement are saved before they apply (a restart keeps them).
 */
export interface OrganizationStore {
  member(id: string): OrganizationMember | undefined;
  members(): OrganizationMember[];
  group(id: string): ScimGroup | undefined;
  groups(): ScimGroup[];
  mapping(id: string): ScimGroupMapping | undefined;
  /** Mappings in creation order. */
  mappings(): ScimGroupMapping[];
  putMapping(mapping: ScimGroupMapping): Promise<void>;
  deleteMapping(id: string): Promise<void>;
  /** Replace the organisation (control API): until the next control reset; its mappings are forgotten. */
  replace(seed: OrganizationSeed): Promise<void>;
  reset(): void;
}

export interface OrganizationStoreOptions {
  seed?: OrganizationSeed;
  /** What a state file kept: the mappings and the replacement organisation, if any. */
  restore?: Pick<ManagementSnapshot, 'scimMappings' | 'organization'>;
  persistence?: ManagementPersistence;
}

/**
 * @example
 * const org = createOrganizationStore();
 * org.member('user_gatewaykit0000000000000000')?.role; // 'org:admin'
 */
export function createOrganizationStore(options: OrganizationStoreOptions = {}): OrganizationStore {
  const seed = options.seed ?? DEFAULT_ORGANIZATION;
  let members = new Map<string, OrganizationMember>();
  let groups = new Map<string, ScimGroup>();
  const mappings = new Map<string, ScimGroupMapping>();
  const load = (from: OrganizationSeed) => {
    members = new Map(from.members.map((m) => [m.id, { ...m }]));
    groups = new Map(from.groups.map((g) => [g.id, { ...g }]));
    mappings.clear();
  };
  load(options.restore?.organization ?? seed);
  for (const mapping of options.restore?.scimMappings ?? []) mappings.set(mapping.id, mapping);
  const save = (
    change:
      { kind: 'put'; collection: ManagementCollectionName; id: string; record: unknown } | { kind: 'delete'; collection: ManagementCollectionName; id: string },
  ) => saveOrRefuse(options.persistence, { ...change, seq: 0 });
  return {
    member: (id) => members.get(id),
    members: () => [...members.values()],
    group: (id) => groups.get(id),
    groups: () => [...groups.values()],
    mapping: (id) => mappings.get(id),
    mappings: () => [...mappings.values()],
    async putMapping(mapping) {
      await save({ kind: 'put', collection: 'scim-group-mappings', id: mapping.id, record: mapping });
      mappings.set(mapping.id, mapping);
    },
    async deleteMapping(id) {
      await save({ kind: 'delete', collection: 'scim-group-mappings', id });
      mappings.delete(id);
    },
    async replace(next) {
      // The replacement's mappings are forgotten with the organisation they belonged to.
      for (const id of mappings.keys()) await save({ kind: 'delete', collection: 'scim-group-mappings', id });
      await save({ kind: 'put', collection: 'organization', id: REPLACEMENT_ID, record: next });
      load(next);
    },
    // The control reset's own change clears every saved collection (the mirror forgets them all).
    reset: () => load(seed),
  };
}
