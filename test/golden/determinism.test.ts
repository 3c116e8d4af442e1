import { createHash } from 'node:crypto';
import { describe, it } from 'vitest';
import { createGateway, virtualClock, type Gateway } from 'gatewaykit';
import { bytesToBase64, pcmWav } from '../../src/audio/pcm-wav.ts';
import { expectGolden } from './expect-golden.ts';

/**
 * Golden determinism test (DESIGN: same seed + request + clock -> same bytes). A fixed set of
 * requests goes to a gateway on a virtual clock; every answer (status, headers, body bytes, and the
 * chunk boundaries of streams) is written into one text file that is committed and compared byte
 * for byte. A refactor that changes no behaviour leaves the file untouched.
 *
 * When a change is MEANT to alter the bytes, re-record and review the diff:
 *   UPDATE_GOLDEN=1 npx vitest run test/golden/determinism.test.ts
 */

const GOLDEN = new URL('./determinism.golden.txt', import.meta.url);
const KEY = 'sk-gw-test';

interface Step {
  name: string;
  path: string;
  init?: RequestInit;
  /** Run before the request (e.g. advance the virtual clock). */
  before?: (gateway: Gateway) => Promise<void>;
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const get = (headers: Record<string, string> = {}): RequestInit => ({ headers: { authorization: `Bearer ${KEY}`, ...headers } });

const weatherTool = {
  type: 'function',
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city'] },
};

const STEPS: Step[] = [
  { name: 'responses json (string input)', path: '/responses', init: json({ model: 'openai/gpt-4o-mini', input: 'Tell me about the sea.' }) },
  {
    name: 'responses json (message list, instructions, max_output_tokens)',
    path: '/responses',
    init: json({
      model: 'anthropic/claude-sonnet-4.5',
      instructions: 'Be brief.',
      max_output_tokens: 40,
      input: [
        { role: 'user', content: 'First question about rivers.' },
        { role: 'assistant', content: 'Rivers flow.' },
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'And lakes?' },
            { type: 'input_text', text: 'Be specific.' },
          ],
        },
      ],
    }),
  },
  {
    name: 'responses stream with a tool call',
    path: '/responses',
    init: json({ model: 'openai/gpt-4o-mini', input: 'Weather in Paris?', tools: [weatherTool], tool_choice: 'required', stream: true }),
  },
  {
    name: 'responses json after a tool output',
    path: '/responses',
    init: json({
      model: 'openai/gpt-4o-mini',
      tools: [weatherTool],
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '{"temp":21}' },
      ],
    }),
  },
  {
    name: 'responses reasoning model json',
    path: '/responses',
    init: json({ model: 'openai/gpt-5', input: 'Why is the sky blue?', reasoning: { effort: 'high', summary: 'auto' } }),
  },
  {
    name: 'responses reasoning model stream',
    path: '/responses',
    init: json({ model: 'deepseek/deepseek-r1', input: 'Prove 1+1=2.', reasoning: { effort: 'low' }, stream: true }),
  },
  {
    name: 'responses scripted reply',
    path: '/responses',
    init: json({ model: 'openai/gpt-4o-mini', input: [{ role: 'user', content: [{ type: 'input_text', text: 'golden please' }] }] }),
  },
  { name: 'responses scripted function call (stream)', path: '/responses', init: json({ model: 'openai/gpt-4o-mini', input: 'golden call', stream: true }) },
  { name: 'responses forced 429', path: '/responses', init: json({ model: 'openai/gpt-4o-mini', input: 'hi' }, { 'x-gatewaykit-fault': '429' }) },
  {
    name: 'responses forced 403 with metadata',
    path: '/responses',
    init: json({ model: 'openai/gpt-4o-mini', input: 'hi' }, { 'x-gatewaykit-fault': '403', 'x-gateway-metadata': 'enabled' }),
  },
  {
    name: 'responses forced stream-error',
    path: '/responses',
    init: json({ model: 'openai/gpt-4o-mini', input: 'hi', stream: true }, { 'x-gatewaykit-fault': 'stream-error' }),
  },
  {
    name: 'responses metadata opt-in with provider preferences',
    path: '/responses',
    init: json({ model: 'openai/gpt-4o-mini', input: 'Route me.', provider: { sort: 'price', allow_fallbacks: true } }, { 'x-gateway-metadata': 'enabled' }),
  },
  {
    name: 'responses random chunking',
    path: '/responses',
    init: json({ model: 'google/gemini-2.5-flash', input: 'Chunk this answer please.', stream: true }, { 'x-gatewaykit-chunking': 'random' }),
  },
  {
    name: 'responses web plugin',
    path: '/responses',
    init: json(
      {
        model: 'openai/gpt-5-mini',
        input: [{ role: 'user', content: [{ type: 'input_text', text: 'How do LLM gateways route?' }] }],
        plugins: [{ id: 'web', max_results: 2 }],
      },
      { 'x-gateway-metadata': 'enabled' },
    ),
  },
  {
    name: 'responses auto-router',
    path: '/responses',
    init: json(
      { input: 'Write a sorting function in Rust.', plugins: [{ id: 'auto-router', allowed_models: ['anthropic/*'], cost_quality_tradeoff: 10 }] },
      { 'x-gateway-metadata': 'enabled' },
    ),
  },
  {
    name: 'responses pareto-router',
    path: '/responses',
    init: json({ input: 'Cheap and good.', plugins: [{ id: 'pareto-router', max_price: 0.2 }] }, { 'x-gateway-metadata': 'enabled' }),
  },
  {
    name: 'responses fusion',
    path: '/responses',
    init: json(
      {
        input: 'Compare two answers.',
        plugins: [{ id: 'fusion', analysis_models: ['openai/gpt-5-mini', 'google/gemini-2.5-flash'], model: 'anthropic/claude-sonnet-4.5' }],
      },
      { 'x-gateway-metadata': 'enabled' },
    ),
  },
  {
    name: 'responses moderation block',
    path: '/responses',
    init: json({ model: 'openai/gpt-5-mini', input: 'please [[flag:violence]]', plugins: [{ id: 'moderation' }] }),
  },
  {
    name: 'responses file-parser and response-healing',
    path: '/responses',
    init: json(
      {
        model: 'openai/gpt-4o-mini',
        input: [
          {
            role: 'user',
            content: [
              { type: 'input_text', text: 'Summarize the file.' },
              { type: 'input_file', filename: 'notes.txt', file_data: `data:text/plain;base64,${Buffer.from('Hello file world.').toString('base64')}` },
            ],
          },
        ],
        plugins: [{ id: 'file-parser' }, { id: 'response-healing' }],
      },
      { 'x-gateway-metadata': 'enabled' },
    ),
  },
  { name: 'responses validation error (two problems)', path: '/responses', init: json({ model: 'openai/gpt-4o-mini', input: 5, temperature: 9 }) },
  {
    name: 'responses bad provider preferences',
    path: '/responses',
    init: json({ model: 'openai/gpt-4o-mini', input: 'x', provider: { sort: 'fastest', order: 'openai' } }),
  },
  {
    name: 'responses bad plugin',
    path: '/responses',
    init: json({ model: 'openai/gpt-4o-mini', input: 'x', plugins: [{ id: 'web', max_results: -1 }, { id: 'nope' }] }),
  },
  { name: 'responses unknown model', path: '/responses', init: json({ model: 'nobody/nothing', input: 'x' }) },
  { name: 'responses no key', path: '/responses', init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"input":"x"}' } },
  {
    name: 'responses session sticky',
    path: '/responses',
    init: json({ model: 'openai/gpt-4o-mini', input: 'again', session_id: 'golden-session' }, { 'x-gateway-metadata': 'enabled' }),
  },
  {
    name: 'responses debug echo stream',
    path: '/responses',
    init: json({ model: 'openai/gpt-4o-mini', input: 'echo', stream: true, debug: { echo_upstream_body: true } }),
  },
  { name: 'models', path: '/models', init: get() },
  { name: 'models filtered', path: '/models?supported_parameters=reasoning', init: get() },
  { name: 'unknown path', path: '/nothing-here', init: get() },
  { name: 'video submit', path: '/videos', init: json({ model: 'google/veo-3.1', prompt: 'A golden sunrise over hills.' }) },
  { name: 'video poll (t+0)', path: '/videos/{job}', init: get() },
  { name: 'video poll (t+30s)', path: '/videos/{job}', init: get(), before: (g) => g.control.advanceClock(30_000) },
  { name: 'video poll (t+10min)', path: '/videos/{job}', init: get(), before: (g) => g.control.advanceClock(600_000) },
  { name: 'video content', path: '/videos/{job}/content', init: get() },
  {
    name: 'audio transcription (json body)',
    path: '/audio/transcriptions',
    init: json({
      model: 'openai/whisper-large-v3',
      input_audio: { data: bytesToBase64(pcmWav({ seconds: 1.5, sampleRate: 8000 })), format: 'wav' },
      response_format: 'verbose_json',
    }),
  },
  { name: 'rankings daily', path: '/datasets/rankings-daily', init: get() },
];

/** Headers whose order or presence is an artefact of the Fetch implementation are still recorded, sorted by name. */
function renderHeaders(headers: Headers): string {
  return [...headers.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

function isText(contentType: string | null): boolean {
  return contentType === null || /json|text|event-stream/.test(contentType);
}

async function record(fastPaths: boolean): Promise<string> {
  const gateway = createGateway({
    fastPaths,
    catalog: 'small',
    seed: 42,
    clock: virtualClock(),
    scripts: [
      { match: { input: 'golden please' }, reply: { type: 'text', text: 'A scripted golden answer.' } },
      { match: { input: { regex: '^golden call$' } }, reply: { type: 'function_call', name: 'lookup', arguments: { q: 'gold' } } },
    ],
  });
  let job = '';
  const out: string[] = [];
  for (const step of STEPS) {
    await step.before?.(gateway);
    const res = await gateway.fetch(step.path.replace('{job}', job), step.init);
    const chunks: Uint8Array[] = [];
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
      }
    }
    const bytes = Buffer.concat(chunks);
    const contentType = res.headers.get('content-type');
    if (step.name === 'video submit') job = (JSON.parse(bytes.toString('utf8')) as { id: string }).id;
    out.push(`### ${step.name}`, `${step.init?.method ?? 'GET'} ${step.path}`, `status: ${res.status}`, renderHeaders(res.headers));
    if (contentType?.includes('event-stream')) out.push(`chunks: ${chunks.map((c) => c.byteLength).join(',')}`);
    out.push('');
    out.push(isText(contentType) ? bytes.toString('utf8') : `<${bytes.byteLength} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex')}>`);
    out.push('');
  }
  return out.join('\n');
}

// The fast paths change no byte (docs/decisions/0085-fast-paths-behind-one-seam.md): both ways hold the one golden file.
describe.each([true, false])('golden determinism (fastPaths: %s)', (fastPaths) => {
  it('answers a fixed request set with exactly the recorded bytes (UPDATE_GOLDEN=1 re-records)', async () => {
    await expectGolden(GOLDEN, () => record(fastPaths));
  });
});
