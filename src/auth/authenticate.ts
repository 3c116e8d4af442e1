import { GatewayError } from '../errors/gateway-error.ts';
import type { ApiKey } from './api-key.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import { demoKeysHint } from './demo-keys-hint.ts';
import type { KeyRing } from './key-ring.ts';

/**
 * spec 5: `Authorization: Bearer <API_KEY>`; missing or unknown -> 401.
 * With a list, every known key is compared (no early exit), so timing does not reveal which one
 * matched; with a {@link KeyRing} (the gateway's), the lookup is O(1) and the comparison with the
 * keys it finds is constant-time. A disabled key, or one past its expiry on `now`, is a 401 too.
 * With the demo keys (`listed`, the gateway's configured keys), a 401 names them (demo-keys-hint.ts).
 */
export function authenticate(
  authorization: string | null,
  keys: readonly ApiKey[] | KeyRing,
  now = 0,
  listed: readonly ApiKey[] = Array.isArray(keys) ? keys : [],
): ApiKey | GatewayError {
  if (!authorization) return refused('Missing Authentication header', listed);
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match) return refused('Authorization header must be "Bearer <API_KEY>"', listed);
  const presented = (match[1] ?? '').trim();
  if (!Array.isArray(keys)) {
    const entry = (keys as KeyRing).find(presented);
    if (!entry) return refused('Invalid API key', listed);
    if (entry.disabled) return new GatewayError(401, 'This API key is disabled');
    if (entry.expiresAt !== undefined && now >= entry.expiresAt) return new GatewayError(401, 'This API key has expired');
    return entry.apiKey;
  }
  let found: ApiKey | undefined;
  for (const k of keys as readonly ApiKey[]) if (constantTimeEqual(presented, k.key) && !found) found = k;
  return found ?? refused('Invalid API key', listed);
}

function refused(message: string, keys: readonly ApiKey[]): GatewayError {
  const hint = demoKeysHint(keys);
  return new GatewayError(401, hint ? `${message}: ${hint}` : message);
}
