import { GatewayError } from '../errors/gateway-error.ts';
import type { ApiKey } from './api-key.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import type { KeyRing } from './key-ring.ts';

/**
 * spec 5: `Authorization: Bearer <API_KEY>`; missing or unknown -> 401.
 * With a list, every known key is compared (no early exit), so timing does not reveal which one
 * matched; with a {@link KeyRing} (the gateway's), the lookup is O(1) and the comparison with the
 * keys it finds is constant-time. A disabled key, or one past its expiry on `now`, is a 401 too.
 */
export function authenticate(authorization: string | null, keys: readonly ApiKey[] | KeyRing, now = 0): ApiKey | GatewayError {
  if (!authorization) return new GatewayError(401, 'Missing Authentication header');
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match) return new GatewayError(401, 'Authorization header must be "Bearer <API_KEY>"');
  const presented = (match[1] ?? '').trim();
  if (!Array.isArray(keys)) {
    const entry = (keys as KeyRing).find(presented);
    if (!entry) return new GatewayError(401, 'Invalid API key');
    if (entry.disabled) return new GatewayError(401, 'This API key is disabled');
    if (entry.expiresAt !== undefined && now >= entry.expiresAt) return new GatewayError(401, 'This API key has expired');
    return entry.apiKey;
  }
  let found: ApiKey | undefined;
  for (const k of keys as readonly ApiKey[]) if (constantTimeEqual(presented, k.key) && !found) found = k;
  return found ?? new GatewayError(401, 'Invalid API key');
}
