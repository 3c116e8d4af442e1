import type { GatewayEnv } from '../env/gateway-env.ts';
import { jsonResponse } from '../http/raw-body.ts';
import type { Route } from '../http/route.ts';

/**
 * GET /__gatewaykit/management: the management plane's state as the inspector shows it: every key
 * (keys-file keys included) and every code waiting for its exchange, without any secret. A
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
        });
      },
    },
  ];
}
