import type { GatewayEnv } from '../env/gateway-env.ts';
import { rawBodyResponse, rawText } from '../http/raw-body.ts';
import type { Route } from '../http/route.ts';
import { INSPECTOR_SCRIPT } from '../inspector/inspector-script.ts';
import { INSPECTOR_STYLE } from '../inspector/inspector-style.ts';
import { inspectorPage } from '../inspector/inspector-page.ts';
import { journalTime } from '../state/journal.ts';
import { PROVIDER_FAULT_STATUSES } from '../state/provider-faults.ts';

/** CSP source for an inline block: its SHA-256 (Web Crypto, present in Node and browsers). */
async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

/**
 * GET /__gatewaykit/: the inspector page, a control route (loopback callers only, like the rest of
 * the control API). The page runs exactly its own inline script and style (a hash-based Content
 * Security Policy), talks only to its own origin, and cannot be framed.
 *
 * @example
 * const routes = inspectorRoutes(env, ['responses.create']); // served at http://127.0.0.1:8080/__gatewaykit/
 */
export function inspectorRoutes(env: GatewayEnv, operations: readonly string[] = []): Route[] {
  return [
    {
      method: 'GET',
      path: '/__gatewaykit/',
      operation: 'control.inspector',
      auth: 'none',
      faults: [],
      control: true,
      async handle() {
        const html = inspectorPage({
          baseUrl: env.baseUrl,
          clock: { kind: env.clock.kind, now: journalTime(env.clock.now()) },
          providers: env.catalog.providers.map((p) => p.slug),
          models: env.catalog.models.map((m) => m.id),
          faultStatuses: PROVIDER_FAULT_STATUSES,
          operations,
        });
        const csp = [
          "default-src 'none'",
          `script-src ${await sha256Source(INSPECTOR_SCRIPT)}`,
          `style-src ${await sha256Source(INSPECTOR_STYLE)}`,
          "connect-src 'self'",
          "base-uri 'none'",
          "form-action 'none'",
          "frame-ancestors 'none'",
        ].join('; ');
        return rawBodyResponse(rawText(html), {
          status: 200,
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': csp,
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
            'x-frame-options': 'DENY',
            'referrer-policy': 'no-referrer',
          },
        });
      },
    },
  ];
}
