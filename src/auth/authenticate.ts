import { GatewayError } from '../errors/gateway-error.ts';
import type { ApiKey } from './api-key.ts';
import { constantTimeEqual } from './constant-time-equal.ts';

/**
 * spec 5: `Authorization: Bearer <API_KEY>`; missing or unknown -> 401.
 * Every known key is compared (no early exit), so timing does not reveal which one matched.
 */
export function authenticate(authorization: string | null, keys: readonly ApiKey[]): ApiKey | GatewayError {
  if (!authorization) return new GatewayError(401, 'Missing Authentication header');
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match) return new GatewayError(401, 'Authorization header must be "Bearer <API_KEY>"');
  const presented = (match[1] ?? '').trim();
  let found: ApiKey | undefined;
  for (const k of keys) if (constantTimeEqual(presented, k.key) && !found) found = k;
  return found ?? new GatewayError(401, 'Invalid API key');
}
