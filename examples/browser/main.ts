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
    // The prompt as one user message: the chat call below sends the same conversation and gets the same reply.
    const stream = await client.responses.create({ model: 'openai/gpt-4o-mini', input: [{ role: 'user', content: prompt }], stream: true });
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

/** The same question through Chat Completions: the same engine answers on its other surface. */
async function chat(prompt: string): Promise<void> {
  const reply = $('chat-reply');
  reply.textContent = '';
  let chunks = 0;
  try {
    const stream = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: prompt }],
      stream: true,
      stream_options: { include_usage: true },
    });
    for await (const chunk of stream) {
      reply.textContent += chunk.choices[0]?.delta.content ?? '';
      reply.dataset.chunks = String(++chunks);
      if (chunk.usage) reply.dataset.completionTokens = String(chunk.usage.completion_tokens);
    }
    reply.dataset.state = 'done';
  } catch (error) {
    reply.dataset.state = 'error';
    reply.textContent = `Failed: ${(error as Error).message}`;
  }
}

$('ask').addEventListener('submit', (event) => {
  event.preventDefault();
  const prompt = ($('prompt') as HTMLInputElement).value;
  void ask(prompt).then(() => chat(prompt));
});
setState('ready', 'Worker started. Asking...');
const prompt = ($('prompt') as HTMLInputElement).value;
void ask(prompt).then(() => chat(prompt));
