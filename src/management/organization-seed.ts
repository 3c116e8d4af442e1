import { z } from 'zod';
import { ACCOUNT_USER_ID } from './key-entry.ts';

/** reference `ScimGroupMapping`: a SCIM group's members get a role in a workspace. */
export interface ScimGroupMapping {
  id: string;
  organization_id: string;
  scim_group_id: string;
  workspace_id: string;
  role: 'admin' | 'member';
  created_at: string;
  updated_at: string;
}

/** The simulated organisation's id (reference `organization_id`). */
export const ORGANIZATION_ID = 'org_gatewaykit';

/** reference listOrganizationMembers item. */
export interface OrganizationMember {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  role: 'org:admin' | 'org:member';
}

/** reference `ScimGroup`. */
export interface ScimGroup {
  id: string;
  organization_id: string;
  external_id: string | null;
  display_name: string;
  created_at: string;
  updated_at: string;
}

/** The organisation a gateway starts with (and is back to after a control reset), unless the control API replaced it. */
export interface OrganizationSeed {
  members: OrganizationMember[];
  groups: ScimGroup[];
}

const SEEDED_AT = '2026-01-01T00:00:00Z';

/**
 * The deterministic organisation of every gateway: the account's owner (the creator of every key
 * the keys file gives) and two members, and two SCIM groups. The control route
 * `PUT /__gatewaykit/organization` replaces it (docs/guardrails.md).
 */
export const DEFAULT_ORGANIZATION: OrganizationSeed = {
  members: [
    { id: ACCOUNT_USER_ID, first_name: 'Ada', last_name: 'Owner', email: 'owner@gatewaykit.test', role: 'org:admin' },
    { id: 'user_gatewaykit0000000000000001', first_name: 'Ben', last_name: 'Builder', email: 'ben@gatewaykit.test', role: 'org:member' },
    { id: 'user_gatewaykit0000000000000002', first_name: null, last_name: null, email: 'ci@gatewaykit.test', role: 'org:member' },
  ],
  groups: [
    {
      id: '6f1c2a70-0000-4000-8000-000000000001',
      organization_id: ORGANIZATION_ID,
      external_id: 'okta-engineering',
      display_name: 'Engineering',
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    },
    {
      id: '6f1c2a70-0000-4000-8000-000000000002',
      organization_id: ORGANIZATION_ID,
      external_id: null,
      display_name: 'Finance',
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    },
  ],
};

/** A saved SCIM group mapping, as the state file holds it. */
export const ScimGroupMappingRecordSchema = z.strictObject({
  id: z.string(),
  organization_id: z.string(),
  scim_group_id: z.string(),
  workspace_id: z.string(),
  role: z.enum(['admin', 'member']),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A saved replacement of the organisation (`PUT /__gatewaykit/organization`), as the state file holds it. */
export const OrganizationSeedRecordSchema = z.strictObject({
  members: z.array(
    z.strictObject({
      id: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      email: z.string(),
      role: z.enum(['org:admin', 'org:member']),
    }),
  ),
  groups: z.array(
    z.strictObject({
      id: z.string(),
      organization_id: z.string(),
      external_id: z.string().nullable(),
      display_name: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
});
