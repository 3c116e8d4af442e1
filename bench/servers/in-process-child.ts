/**
 * The in-process path for the profiler: `gateway.fetch` called in sequence for argv[2] seconds
 * with the default request (the generated reply); sends µs per request and the CPU profile of the
 * timed loop (after a warm-up) to the parent, then exits.
 */
import { Session } from 'node:inspector/promises';
import { DEFAULT_REQUEST } from '../in-process.ts';
import { loadGatewaykit } from './load-gatewaykit.ts';

const { createGateway } = await loadGatewaykit();
const seconds = Number(process.argv[2] ?? 3);
const gateway = createGateway({ baseUrl: 'http://bench.test/api/v1' });
const init = () => ({
  method: 'POST',
  headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
  body: JSON.stringify(DEFAULT_REQUEST),
});
for (let i = 0; i < 300; i++) await (await gateway.fetch('/responses', init())).text(); // warm-up
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
let requests = 0;
const started = performance.now();
while (performance.now() - started < seconds * 1000) {
  const res = await gateway.fetch('/responses', init());
  if (res.status !== 200) throw new Error(`in-process request failed: ${res.status}`);
  await res.text();
  requests++;
}
const us = ((performance.now() - started) * 1000) / requests;
const { profile } = await session.post('Profiler.stop');
process.send?.({ us, requests, profile });
process.disconnect?.();
