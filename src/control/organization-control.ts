import { z } from 'zod';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { formatZodError } from '../errors/format-zod-error.ts';
import { jsonResponse } from '../http/raw-body.ts';
import type { Route } from '../http/route.ts';
import { ORGANIZATION_ID } from '../management/organization-seed.ts';

const Text = z.string().min(1).max(256);
const OrganizationSchema = z.strictObject({
  members: z
    .array(z.strictObject({ id: Text, first_name: Text.nullable(), last_name: Text.nullable(), email: Text, role: z.enum(['org:admin', 'org:member']) }))
    .max(1_000),
  groups: z
    .array(
      z.strictObject({
        id: z.uuid(),
        external_id: Text.nullable(),
        display_name: Text,
        created_at: Text.default('2026-01-01T00:00:00Z'),
        updated_at: Text.default('2026-01-01T00:00:00Z'),
      }),
    )
    .max(1_000)
    .default([]),
});

/**
 * PUT /__gatewaykit/organization: replace the seeded organisation (its members and SCIM groups)
 * until the next control reset; its group mappings are forgotten with it. Guardrail member
 * assignments already made stay (they name ids). A control route (loopback callers only).
 *
 * @example
 * await fetch(`${origin}/__gatewaykit/organization`, { method: 'PUT', body: JSON.stringify({ members: [...] }) });
 */
export function organizationControlRoutes(env: GatewayEnv): Route[] {
  return [
    {
      method: 'PUT',
      path: '/__gatewaykit/organization',
      operation: 'control.organization.put',
      auth: 'none',
      faults: [],
      control: true,
      async handle(ctx) {
        const parsed = OrganizationSchema.safeParse(await ctx.json());
        if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
        const ids = new Set(parsed.data.members.map((m) => m.id));
        if (ids.size !== parsed.data.members.length) throw new GatewayError(400, 'members: every id once');
        await env.organization.replace({ members: parsed.data.members, groups: parsed.data.groups.map((g) => ({ ...g, organization_id: ORGANIZATION_ID })) });
        return jsonResponse({ members: env.organization.members().length, groups: env.organization.groups().length });
      },
    },
  ];
}
