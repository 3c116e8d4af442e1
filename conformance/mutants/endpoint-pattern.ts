import type { Endpoint } from '../../src/operations/operation.ts';

/** The simulator's base path, where the mutants' gateway serves the operations. */
const BASE_PATH = '/api/v1';

/**
 * Does this request path (and method, when given) reach the endpoint on the simulator? `:name`
 * matches one segment; a trailing slash is allowed.
 *
 * @example
 * reachesEndpoint({ method: 'GET', path: '/keys/:hash' }, '/api/v1/keys/abc', 'GET'); // true
 * reachesEndpoint({ method: 'GET', path: '/keys' }, '/api/v1/auth/keys'); // false
 */
export function reachesEndpoint(endpoint: Pick<Endpoint, 'method' | 'path'>, pathname: string, method?: string): boolean {
  if (method !== undefined && method !== endpoint.method) return false;
  const pattern = endpoint.path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${BASE_PATH}${pattern}/?$`).test(pathname);
}
