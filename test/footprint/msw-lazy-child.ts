/**
 * Run by msw-lazy.test.ts in a fresh process (a vitest worker has loaded msw already): prints
 * whether msw is loaded after importing the package and answering through `gateway.fetch`, and
 * after reading `gateway.handlers`. A module counts as loaded when the ES module loader loaded it
 * (seen by a loader hook) or `require` did (its cache).
 */
import { createRequire, register } from 'node:module';
import { sep } from 'node:path';
import { MessageChannel } from 'node:worker_threads';

const imported: string[] = [];
const { port1, port2 } = new MessageChannel();
port1.on('message', (url: string) => void imported.push(url));
port1.unref();
const hooks =
  'let port; export function initialize(data) { port = data.port; } export async function load(url, context, next) { port.postMessage(url); return next(url, context); }';
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { port: port2 }, transferList: [port2] });

const cache = createRequire(import.meta.url).cache;
const isMsw = (file: string) => file.includes(`node_modules${sep}msw${sep}`) || file.includes('node_modules/msw/');
const loaded = async () => {
  await new Promise((resolve) => setTimeout(resolve, 50)); // the hook's messages arrive on the next turns
  return Object.keys(cache).some(isMsw) || imported.some(isMsw);
};

const { createGateway } = await import('gatewaykit');
const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1' });
const status = (await gateway.fetch('/models', { headers: { authorization: 'Bearer sk-gw-test' } })).status;
const hookSawPackage = imported.some((url) => url.includes('/src/index.ts'));
const afterFetch = await loaded();
const handlers = gateway.handlers.length;
console.log(JSON.stringify({ status, hookSawPackage, afterFetch, handlers, afterHandlers: await loaded(), same: gateway.handlers === gateway.handlers }));
