import type { Endpoint } from '../../src/operations/operation.ts';
import type { Probe } from '../client/probe.ts';
import type { Refusal } from './operation-declaration.ts';

/** A well-formed key no gateway issues (spec 5.2: invalid credentials). */
export const UNISSUED_KEY_HEADER = 'Bearer sk-conformance-invalid-kit';

/**
 * The auth refusals of an endpoint by the credentials it takes (spec 5.2, 5.3): no key and a key
 * never issued are 401; a management endpoint refuses an ordinary key, with 403 where its
 * reference operation lists 403 (the table's `faults` say which), else with 401 or 403.
 *
 * @example
 * authRefusals({ auth: 'key', faults: [401] } as Endpoint, { method: 'GET', path: '/providers' }).map((r) => r.statuses); // [[401], [401]]
 */
export function authRefusals(endpoint: Pick<Endpoint, 'auth' | 'faults'>, request: Omit<Probe, 'auth'>): Refusal[] {
  const refusals: Refusal[] = [
    { label: 'without credentials', probe: { ...request, auth: 'none' }, statuses: [401], rule: 'auth.no-credentials' },
    {
      label: 'with a key the gateway never issued',
      probe: { ...request, auth: { header: UNISSUED_KEY_HEADER } },
      statuses: [401],
      rule: 'auth.invalid-credentials',
    },
  ];
  if (endpoint.auth === 'management') {
    const statuses = endpoint.faults?.includes(403) ? [403] : [401, 403];
    refusals.push({ label: 'with an ordinary key, not a management key', probe: { ...request, auth: 'key' }, statuses, rule: 'auth.management-key' });
  }
  return refusals;
}
