/**
 * Run by media-codecs-lazy.test.ts in a fresh process: prints which media encoders are loaded
 * after importing the package and answering a PNG image and `pcm` speech, then after a WebP
 * image, then after MP3 speech. A module counts as loaded when the ES module loader loaded it
 * (seen by a loader hook) or `require` did (its cache).
 */
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const imported: string[] = [];
const { port1, port2 } = new MessageChannel();
port1.on('message', (url: string) => void imported.push(url));
port1.unref();
const hooks =
  'let port; export function initialize(data) { port = data.port; } export async function load(url, context, next) { port.postMessage(url); return next(url, context); }';
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { port: port2 }, transferList: [port2] });

const cache = createRequire(import.meta.url).cache;
const loaded = async (name: string) => {
  await new Promise((resolve) => setTimeout(resolve, 50)); // the hook's messages arrive on the next turns
  const is = (file: string) => file.replace(/\\/g, '/').includes(`node_modules/${name}/`);
  return Object.keys(cache).some(is) || imported.some(is);
};
const codecs = async () => ({ webp: await loaded('@jsquash/webp'), mp3: await loaded('@breezystack/lamejs') });

const { createGateway } = await import('gatewaykit');
const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1' });
const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const post = async (path: string, body: unknown) => (await gateway.fetch(path, { method: 'POST', headers, body: JSON.stringify(body) })).status;
const image = (output_format: string) => post('/images', { model: 'openai/gpt-image-1', prompt: 'a kite', size: '64x64', output_format });
const speech = (response_format: string) => post('/audio/speech', { model: 'openai/gpt-4o-mini-tts', input: 'hello there', response_format });

const statuses = [await image('png'), await speech('pcm')];
const hookSawPackage = imported.some((url) => url.includes('/src/index.ts'));
const atFirst = await codecs();
statuses.push(await image('webp'));
const afterWebp = await codecs();
statuses.push(await speech('mp3'));
const afterMp3 = await codecs();
console.log(JSON.stringify({ statuses, hookSawPackage, atFirst, afterWebp, afterMp3 }));
