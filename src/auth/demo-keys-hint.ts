import type { ApiKey } from './api-key.ts';
import { areDemoKeys } from './demo-keys.ts';

/**
 * What a 401 adds on a gateway that accepts the demo keys (no keys of the user's own): which keys
 * work and where they are listed, so a first `curl /models` without a key says what to send.
 * Undefined for a gateway with its own keys (they are the user's secrets, never named).
 *
 * @example
 * demoKeysHint(DEFAULT_API_KEYS); // 'every operation, GET /models included, needs the header Authorization: Bearer <key>; this simulator\'s demo keys are ...'
 */
export function demoKeysHint(keys: readonly ApiKey[]): string | undefined {
  if (!areDemoKeys(keys)) return undefined;
  const named = keys.map((k) => `${k.key} (${k.label ?? k.kind})`).join(', ');
  return `every operation, GET /models included, needs the header Authorization: Bearer <key>; this simulator's demo keys are ${named}, listed by gatewaykit serve at start-up and in the README's Quick start`;
}
