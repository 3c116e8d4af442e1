/**
 * `npx tsx bench/key-lookup.ts`: what authenticating a request costs with many keys. Prints JSON:
 * µs per lookup of the key ring (the request path's) and of the list scan it replaced, with 4 and
 * with 10,000 keys; µs per in-process `GET /key` (authenticated, unpaid) on a gateway with the 4
 * demo keys and on one with 10,000 keys created through `POST /keys`; and what building the
 * @msw/data collections and listing one page cost at 10,000 keys (the management plane's price).
 */
import { authenticate } from '../src/auth/authenticate.ts';
import { createKeyRing } from '../src/auth/key-ring.ts';
import type { ApiKey } from '../src/auth/api-key.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../src/gateway/create-gateway.ts';

const N = 10_000;
const LOOKUPS = 20_000;
const REQUESTS = 5_000;
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };

const keys = (n: number): ApiKey[] =>
  Array.from({ length: n }, (_, i) => ({ key: `sk-gw-v1-${i.toString(16).padStart(64, '0')}`, kind: 'standard', credits: 1 }));

function lookupUs(list: ApiKey[]): { ring: number; scan: number } {
  const ring = createKeyRing(list);
  const headers = list.map((k) => `Bearer ${k.key}`);
  let t = performance.now();
  for (let i = 0; i < LOOKUPS; i++) authenticate(headers[(i * 7919) % list.length]!, ring);
  const ringUs = ((performance.now() - t) * 1000) / LOOKUPS;
  const scans = Math.min(LOOKUPS, list.length > 100 ? 500 : LOOKUPS);
  t = performance.now();
  for (let i = 0; i < scans; i++) authenticate(headers[(i * 7919) % list.length]!, list);
  return { ring: ringUs, scan: ((performance.now() - t) * 1000) / scans };
}

async function perRequestUs(gw: Gateway, secret: string): Promise<number> {
  const headers = { authorization: `Bearer ${secret}` };
  for (let i = 0; i < 500; i++) await (await gw.fetch('/key', { headers })).arrayBuffer();
  const t = performance.now();
  for (let i = 0; i < REQUESTS; i++) await (await gw.fetch('/key', { headers })).arrayBuffer();
  return ((performance.now() - t) * 1000) / REQUESTS;
}

const small = createGateway({ clock: virtualClock() });
const large = createGateway({ clock: virtualClock() });
let last = '';
let t = performance.now();
for (let i = 0; i < N; i++) {
  const answer = await large.fetch('/keys', { method: 'POST', headers: MANAGEMENT, body: JSON.stringify({ name: `k${i}` }) });
  last = ((await answer.json()) as { key: string }).key;
}
const createUs = ((performance.now() - t) * 1000) / N;
t = performance.now();
await (await large.fetch('/keys?offset=9900', { headers: MANAGEMENT })).arrayBuffer();
const lastPageMs = performance.now() - t;
const fresh = createGateway({ clock: virtualClock() });
t = performance.now();
await (await fresh.fetch('/keys', { headers: MANAGEMENT })).arrayBuffer();
const firstListingMs = performance.now() - t;
console.log(
  JSON.stringify(
    {
      lookup_us: { keys_4: lookupUs(keys(4)), keys_10000: lookupUs(keys(N)) },
      get_key_us: { demo_keys: await perRequestUs(small, 'sk-gw-test'), created_keys_10000: await perRequestUs(large, last) },
      management: { create_key_us: createUs, list_last_page_of_10000_ms: lastPageMs, first_listing_ms_with_msw_data_import: firstListingMs },
    },
    null,
    2,
  ),
);
