import { DEFAULT_ORGANIZATION, type OrganizationMember, type OrganizationSeed, type ScimGroup, type ScimGroupMapping } from './organization-seed.ts';

/** SCIM group mappings a gateway keeps at most (hostile input: bounded; 400 past it). */
export const MAX_SCIM_MAPPINGS = 1_000;

/**
 * The simulated organisation (reference `/organization/members`, `/scim/groups`): seeded, and
 * replaced through the control API (`PUT /__gatewaykit/organization`); a control reset brings the
 * gateway's seed back. Members are found by id in O(1) (guardrail member assignments check them).
 */
export interface OrganizationStore {
  member(id: string): OrganizationMember | undefined;
  members(): OrganizationMember[];
  group(id: string): ScimGroup | undefined;
  groups(): ScimGroup[];
  mapping(id: string): ScimGroupMapping | undefined;
  /** Mappings in creation order. */
  mappings(): ScimGroupMapping[];
  putMapping(mapping: ScimGroupMapping): void;
  deleteMapping(id: string): void;
  /** Replace the organisation (control API): until the next control reset; its mappings are forgotten. */
  replace(seed: OrganizationSeed): void;
  reset(): void;
}

/**
 * @example
 * const org = createOrganizationStore();
 * org.member('user_gatewaykit0000000000000000')?.role; // 'org:admin'
 */
export function createOrganizationStore(seed: OrganizationSeed = DEFAULT_ORGANIZATION): OrganizationStore {
  let members = new Map<string, OrganizationMember>();
  let groups = new Map<string, ScimGroup>();
  const mappings = new Map<string, ScimGroupMapping>();
  const load = (from: OrganizationSeed) => {
    members = new Map(from.members.map((m) => [m.id, { ...m }]));
    groups = new Map(from.groups.map((g) => [g.id, { ...g }]));
    mappings.clear();
  };
  load(seed);
  return {
    member: (id) => members.get(id),
    members: () => [...members.values()],
    group: (id) => groups.get(id),
    groups: () => [...groups.values()],
    mapping: (id) => mappings.get(id),
    mappings: () => [...mappings.values()],
    putMapping: (mapping) => void mappings.set(mapping.id, mapping),
    deleteMapping: (id) => void mappings.delete(id),
    replace: load,
    reset: () => load(seed),
  };
}
