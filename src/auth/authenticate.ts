import { GatewayError } from '../errors/gateway-error.ts';
import type { ApiKey } from './api-key.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import { demoKeysHint } from './demo-keys-hint.ts';

/**
 * spec 5: `Authorization: Bearer <API_KEY>`; missing or unknown -> 401.
 * Every known key is compared (no early exit), so timing does not reveal which one matched.
 * With the demo keys, a 401 names them (demo-keys-hint.ts).
 */
export function authenticate(authorization: string | null, keys: readonly ApiKey[]): ApiKey | GatewayError {
  if (!authorization) return refused('Missing Authentication header', keys);
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match) return refused('Authorization header must be "Bearer <API_KEY>"', keys);
  const presented = (match[1] ?? '').trim();
  let found: ApiKey | undefined;
  for (const k of keys) if (constantTimeEqual(presented, k.key) && !found) found = k;
  return found ?? refused('Invalid API key', keys);
}

function refused(message: string, keys: readonly ApiKey[]): GatewayError {
  const hint = demoKeysHint(keys);
  return new GatewayError(401, hint ? `${message}: ${hint}` : message);
}
