import type { GatewayEnv } from '../env/gateway-env.ts';
import { jsonResponse } from '../http/raw-body.ts';
import type { Route } from '../http/route.ts';
import { DELIVERED_TYPES } from '../management/destination-config.ts';
import { answeredConfig } from '../management/destination-mask.ts';

const SPENT_IN = { daily: 'daily', weekly: 'weekly', monthly: 'monthly', lifetime: 'total' } as const;

/** The workspaces as the inspector shows them: members counted, each budget with what was spent in its interval. */
function workspaceRows(env: GatewayEnv) {
  const store = env.management.workspaces;
  return store.records().workspaces.map((ws) => {
    const { usage } = env.account.workspaceUsage(ws.id);
    return {
      id: ws.id,
      name: ws.name,
      slug: ws.slug,
      members: store.members(ws.id).length,
      include_byok_in_budgets: ws.include_byok_in_budgets,
      budgets: store.budgets(ws.id).map((b) => ({ interval: b.interval, limit_usd: b.limit_usd, spent: usage[SPENT_IN[b.interval]] })),
    };
  });
}

/** The observability destinations as the inspector shows them: config secrets masked, with what their deliveries did. */
function destinationRows(env: GatewayEnv) {
  const store = env.management.destinations;
  return store.records().map((d) => ({
    id: d.id,
    workspace_id: d.workspace_id,
    type: d.type,
    name: d.name,
    enabled: d.enabled,
    // Only webhook and otel-collector destinations are delivered to; the others are kept and listed.
    delivered_to: DELIVERED_TYPES.has(d.type),
    config: answeredConfig(d.type, d.config),
    deliveries: store.deliveries.stats(d.id),
  }));
}

/**
 * GET /__gatewaykit/management: the management plane's state as the inspector shows it: every key
 * (keys-file keys included), every code waiting for its exchange, and every preset, without any secret. A
 * control route (loopback callers only).
 *
 * @example
 * const routes = managementControlRoutes(env); // control.management.get
 */
export function managementControlRoutes(env: GatewayEnv): Route[] {
  return [
    {
      method: 'GET',
      path: '/__gatewaykit/management',
      operation: 'control.management.get',
      auth: 'none',
      faults: [],
      control: true,
      async handle() {
        await env.management.ready();
        const { keys, codes } = env.management.records();
        return jsonResponse({
          keys: keys.map((record) => {
            const { secret, ...shown } = record;
            const apiKey = env.management.ring.find(secret)?.apiKey;
            return { ...shown, usage: apiKey ? env.account.keyUsage(apiKey).usage.total : 0 };
          }),
          workspaces: workspaceRows(env),
          // The raw provider key is never kept: a credential's record is safe to show whole.
          byok: env.management.byok.records(),
          codes: codes.map((code) => ({
            id: code.id,
            created_at: code.created_at,
            expires_at: new Date(code.expires_at_ms).toISOString(),
            code_challenge_method: code.code_challenge_method,
            limit: code.limit,
            usage_limit_type: code.usage_limit_type,
            key_label: code.key_label,
            workspace_id: code.workspace_id,
          })),
          // Guardrails and their assignments hold no secret (keys by hash).
          guardrails: env.guardrails.snapshot(),
          destinations: destinationRows(env),
          // The last failed deliveries (bounded error text; no payload, no secret).
          destination_failures: env.management.destinations.deliveries.failures(),
          presets: env.presets.records().presets.map((preset) => ({
            slug: preset.slug,
            id: preset.id,
            latest_version: preset.latest_version,
            versions_kept: env.presets.versions(preset.slug).length,
            model: env.presets.versions(preset.slug).at(-1)?.config.model ?? null,
            updated_at: preset.updated_at,
          })),
        });
      },
    },
  ];
}
