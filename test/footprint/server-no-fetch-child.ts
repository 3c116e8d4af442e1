/**
 * Run by server-no-fetch.test.ts in a fresh process (a vitest worker has loaded Node's Fetch
 * already): starts the node:http server, answers requests over a socket (a JSON answer, a stream,
 * a multipart upload, an error), and prints whether Node's Fetch implementation (undici) was loaded before and after,
 * then whether `gateway.fetch` in the same process still hands back `instanceof Response` answers.
 */
import { request } from 'node:http';
import { pcmWav } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';

// Node's list of the internal modules it has loaded (not in its types).
const undiciLoaded = () => (process as unknown as { moduleLoadList: string[] }).moduleLoadList.some((m) => m.includes('undici'));

function post(url: string, body: string | Uint8Array, key = 'sk-gw-test', type = 'application/json'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': type } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A transcription upload as a form: the model field and a WAV file part. */
function upload(): Uint8Array {
  const head = `--footprint-boundary\r\nContent-Disposition: form-data; name="model"\r\n\r\nopenai/whisper-large-v3\r\n--footprint-boundary\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), pcmWav({ seconds: 0.5 }), Buffer.from('\r\n--footprint-boundary--\r\n')]);
}

const server = await startServer({ port: 0 });
const atListen = undiciLoaded();
const statuses = [
  await post(`${server.baseUrl}/responses`, JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hi.' })),
  await post(`${server.baseUrl}/responses`, JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hi.', stream: true })),
  await post(`${server.baseUrl}/chat/completions`, JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hi.' }] })),
  await post(`${server.baseUrl}/audio/transcriptions`, upload(), 'sk-gw-test', 'multipart/form-data; boundary=footprint-boundary'),
  await post(`${server.baseUrl}/responses`, '{}', 'wrong-key'),
];
const afterRequests = undiciLoaded();
const answer = await server.gateway.fetch('/models', { headers: { authorization: 'Bearer sk-gw-test' } });
const inProcess = { status: answer.status, isResponse: answer instanceof Response, headersAreHeaders: answer.headers instanceof Headers };
await server.close();
console.log(JSON.stringify({ atListen, statuses, afterRequests, inProcess }));
