import { DEFAULT_ORGANIZATION, type OrganizationMember, type OrganizationSeed, type ScimGroup } from './organization-seed.ts';

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
  /** Replace the organisation (control API): until the next control reset. */
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
  const load = (from: OrganizationSeed) => {
    members = new Map(from.members.map((m) => [m.id, { ...m }]));
    groups = new Map(from.groups.map((g) => [g.id, { ...g }]));
  };
  load(seed);
  return {
    member: (id) => members.get(id),
    members: () => [...members.values()],
    group: (id) => groups.get(id),
    groups: () => [...groups.values()],
    replace: load,
    reset: () => load(seed),
  };
}
