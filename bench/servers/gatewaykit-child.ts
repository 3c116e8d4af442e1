/**
 * gatewaykit over node:http. argv[2]: a text every /responses request is answered with (a
 * scripted reply, so every target of a row answers the same bytes); empty: no script (the
 * generator answers, as for the conformance suite). argv[3] `virtual`: a virtual clock.
 */
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { startServer } from '../../src/adapter/node/create-server.ts';
import { serveParent } from './child-stats.ts';

const text = process.argv[2] ?? '';
const running = await startServer({
  port: 0,
  ...(text ? { scripts: [{ id: 'bench', reply: { type: 'text' as const, text } }] } : {}),
  ...(process.argv[3] === 'virtual' ? { clock: virtualClock() } : {}),
});
process.send?.({ url: running.baseUrl });
serveParent(() => running.close());
