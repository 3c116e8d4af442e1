import { concatBytes } from '../../bytes/concat-bytes.ts';
import { pcmWav } from '../../audio/pcm-wav.ts';

/** One request of the warm-up, relative to the base path (`/api/v1`). */
export interface WarmUpRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string | Uint8Array;
  readonly contentType?: string;
  /** Sent with the demo key unless false (the 401 path). */
  readonly auth?: boolean;
}

const TEXT_MODEL = 'openai/gpt-4o-mini';
const REASONING_MODEL = 'openai/gpt-5-mini';
const MESSAGES_MODEL = 'anthropic/claude-sonnet-4.5';
const EMBEDDING_MODEL = 'openai/text-embedding-3-small';
const SPEECH_MODEL = 'openai/whisper-large-v3';
const VIDEO_MODEL = 'google/veo-3.1';

const post = (path: string, body: unknown, auth = true): WarmUpRequest => ({ method: 'POST', path, body: typeof body === 'string' ? body : JSON.stringify(body), contentType: 'application/json', auth });
const get = (path: string): WarmUpRequest => ({ method: 'GET', path });

/** A Responses body with one member added (a valid one, or one the gateway answers with an error). */
const responses = (extra: Record<string, unknown>) => post('/responses', { model: TEXT_MODEL, input: 'Write one sentence about the sea.', ...extra });

function multipartTranscription(wav: Uint8Array): WarmUpRequest {
  const boundary = 'gatewaykit-warm-up';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${SPEECH_MODEL}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const utf8 = new TextEncoder();
  return { method: 'POST', path: '/audio/transcriptions', body: concatBytes([utf8.encode(head), wav, utf8.encode(tail)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * What the warm-up sends: the default request of every surface, as JSON and as a stream, and the
 * answers a test suite meets early (the validation errors of each kind, malformed JSON, a missing
 * key, an unknown model or job), so each code path has run once before a client's first request.
 * The list only names what to exercise; its answers are thrown away.
 */
export function warmUpRequests(): WarmUpRequest[] {
  const wav = pcmWav({ seconds: 0.25 });
  return [
    get('/models'),
    responses({}),
    responses({ stream: true }),
    post('/responses', { model: REASONING_MODEL, input: [{ role: 'user', content: 'Think, then answer.' }], reasoning: { effort: 'low', summary: 'auto' }, max_output_tokens: 64 }),
    responses({ tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }], tool_choice: 'required' }),
    responses({ text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } } }, stream: true }),
    responses({ plugins: [{ id: 'web' }], metadata: { run: 'warm-up' } }),
    post('/chat/completions', { model: TEXT_MODEL, messages: [{ role: 'user', content: 'Write one sentence about the sea.' }] }),
    post('/chat/completions', { model: TEXT_MODEL, messages: [{ role: 'user', content: 'Write one sentence about the sea.' }], stream: true }),
    post('/messages', { model: MESSAGES_MODEL, max_tokens: 256, messages: [{ role: 'user', content: 'Write one sentence about the sea.' }] }),
    post('/messages', { model: MESSAGES_MODEL, max_tokens: 256, messages: [{ role: 'user', content: 'Write one sentence about the sea.' }], stream: true }),
    post('/embeddings', { model: EMBEDDING_MODEL, input: ['the sea', 'the shore'] }),
    post('/audio/transcriptions', { model: SPEECH_MODEL, input_audio: { data: Buffer.from(wav).toString('base64'), format: 'wav' } }),
    multipartTranscription(wav),
    post('/videos', { model: VIDEO_MODEL, prompt: 'A wave breaking on a rock.' }),
    get('/videos/models'),
    get('/embeddings/models'),
    get('/datasets/rankings-daily'),
    get('/key'),
    get('/credits'),
    get('/generation?id=gen-0-warmup'),
    get('/videos/vid_warmup'),
    // Errors: each kind of rule, on each surface.
    post('/responses', '{"model":'),
    post('/responses', { model: TEXT_MODEL, input: 'x' }, false),
    responses({ model: 'nobody/no-model' }),
    responses({ max_output_tokens: -1 }),
    responses({ temperature: -1 }),
    responses({ metadata: { key: 'v'.repeat(600) } }),
    responses({ user: 'u'.repeat(300) }),
    responses({ tools: [{ type: 'function' }] }),
    responses({ tool_choice: 'sometimes' }),
    responses({ input: [{ type: 'message', role: 'nobody', content: 'x' }] }),
    responses({ reasoning: { effort: 'maximal' } }),
    responses({ text: { format: { type: 'json_schema' } } }),
    responses({ provider: { order: 'openai', sort: 'fastest' } }),
    responses({ plugins: [{ id: 'no-such-plugin' }] }),
    responses({ previous_response_id: 'resp_none', store: false }),
    responses({ unknown_member: true }),
    post('/chat/completions', { model: TEXT_MODEL, messages: [] }),
    post('/chat/completions', { model: TEXT_MODEL, messages: [{ role: 'user', content: 'x' }], temperature: 'hot' }),
    post('/messages', { model: MESSAGES_MODEL, messages: [{ role: 'user', content: 'x' }] }),
    post('/embeddings', { model: EMBEDDING_MODEL, input: [] }),
    post('/videos', { prompt: 'no model' }),
    post('/audio/transcriptions', { model: SPEECH_MODEL }),
    get('/datasets/rankings-daily?limit=none'),
  ];
}
