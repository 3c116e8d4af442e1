/**
 * The simulator inside a browser page: msw's setupWorker serves createGateway()'s handlers, and
 * the openai JS SDK streams a reply from it. Built by build-example.ts (esbuild), served by
 * serve-example.ts; see README.md.
 */
import { setupWorker } from 'msw/browser';
import OpenAI from 'openai';
import { createGateway } from 'gatewaykit';

const $ = (id: string) => document.getElementById(id)!;
const setState = (state: string, text: string) => {
  document.body.dataset.state = state;
  $('status').textContent = text;
};

// Any origin works: the worker answers before the network is involved.
const gateway = createGateway({ baseUrl: 'https://gateway.test/api/v1' });
const worker = setupWorker(...gateway.handlers);
await worker.start({ serviceWorker: { url: './mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });

const client = new OpenAI({
  baseURL: gateway.baseUrl,
  apiKey: 'sk-gw-test', // a demo key of the simulator
  dangerouslyAllowBrowser: true, // fine here: the key is fake and never leaves the page
});

async function ask(prompt: string): Promise<void> {
  const reply = $('reply');
  reply.textContent = '';
  let deltas = 0;
  setState('streaming', 'Streaming...');
  try {
    const stream = await client.responses.create({ model: 'openai/gpt-4o-mini', input: prompt, stream: true });
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') {
        reply.textContent += event.delta;
        reply.dataset.deltas = String(++deltas);
      } else if (event.type === 'response.completed') {
        setState('done', `Done: ${deltas} deltas, ${event.response.usage?.output_tokens ?? '?'} output tokens.`);
      }
    }
  } catch (error) {
    setState('error', `Failed: ${(error as Error).message}`);
  }
}

$('ask').addEventListener('submit', (event) => {
  event.preventDefault();
  void ask(($('prompt') as HTMLInputElement).value);
});
setState('ready', 'Worker started. Asking...');
void ask(($('prompt') as HTMLInputElement).value);
