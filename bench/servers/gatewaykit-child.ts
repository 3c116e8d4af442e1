/**
 * gatewaykit over node:http. argv[2]: a text every /responses request is answered with (a
 * scripted reply, so every target of a row answers the same bytes); empty: no script (the
 * generator answers).
 *
 * With GATEWAYKIT_BENCH_BUILD set (the bench sets it), the package is loaded from that compiled
 * build, as users run it; otherwise from src/ (through tsx).
 */
import { serveParent } from './child-stats.ts';
import { loadGatewaykit } from './load-gatewaykit.ts';

const { startServer } = await loadGatewaykit();
const text = process.argv[2] ?? '';
const running = await startServer({
  port: 0,
  ...(text ? { scripts: [{ id: 'bench', reply: { type: 'text' as const, text } }] } : {}),
});
process.send?.({ url: running.baseUrl });
serveParent(() => running.close());
