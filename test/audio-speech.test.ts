import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { referenceExampleRequest } from './support/reference-schema.ts';
import { TARGET_KINDS, jsonHeaders, startTarget, type Target } from './targets.ts';

const VOXTRAL = 'mistralai/voxtral-mini-tts-2603';

async function errorOf(res: Response, status: number): Promise<string> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return ErrorBodySchema.parse(body).error.message;
}

/** A RIFF/WAVE file around raw 16-bit mono samples (what a client does with `pcm`). */
function wavOf(pcm: Uint8Array, sampleRate: number): Uint8Array {
  const out = new Uint8Array(44 + pcm.length);
  const view = new DataView(out.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + pcm.length, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, pcm.length, true);
  out.set(pcm, 44);
  return out;
}

describe.each(TARGET_KINDS)('POST /audio/speech (%s)', (kind) => {
  let target: Target;
  const post = (body: unknown, key?: string) => target.fetch('/audio/speech', { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });
  const transcribe = async (bytes: Uint8Array, format: string) => {
    const res = await target.fetch('/audio/transcriptions', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: 'openai/whisper-large-v3', input_audio: { data: Buffer.from(bytes).toString('base64'), format } }),
    });
    expect(res.status).toBe(200);
    return (await res.json()).text as string;
  };

  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 4 });
  });
  beforeEach(() => target.gateway.control.reset());
  afterAll(() => target.close());

  it("answers the reference's example with raw 16-bit pcm (audio/pcm) whose transcription is the text; billed and recorded", async () => {
    const example = referenceExampleRequest('post', '/audio/speech') as { input: string };
    const res = await post(example);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/pcm');
    const pcm = new Uint8Array(await res.arrayBuffer());
    // Two words at 2.5 words a second: 0.8 s of 24 kHz 16-bit samples.
    expect(pcm.length).toBe(0.8 * 24_000 * 2);
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(3000);
    expect(await transcribe(wavOf(pcm, 24_000), 'wav')).toBe(example.input);
    const record = (await (await target.fetch(`/generation?id=${res.headers.get('x-generation-id')}`, { headers: jsonHeaders() })).json()).data;
    expect(record).toMatchObject({ model: VOXTRAL, api_type: 'tts', provider_name: 'Mistral' });
    expect(record.total_cost).toBeCloseTo(example.input.length * 0.000016, 12);
  });

  it('pcm is the default; duration follows the text and speed; the same request gives the same bytes', async () => {
    const bytes = async (body: Record<string, unknown>) => new Uint8Array(await (await post({ model: VOXTRAL, ...body })).arrayBuffer());
    const short = await bytes({ input: 'one two three four five' });
    const long = await bytes({ input: 'one two three four five six seven eight nine ten' });
    expect(long.length).toBe(2 * short.length);
    expect((await bytes({ input: 'one two three four five', speed: 2 })).length).toBe(short.length / 2);
    expect(await bytes({ input: 'one two three four five' })).toEqual(short);
    expect(await bytes({ input: 'one two three four five', voice: 'en_sarah_warm' })).not.toEqual(short);
  });

  it('mp3 is audio/mpeg: the pcm samples encoded (a decoder reads 24 kHz, the duration of the text, audible), an ID3 tag whose transcription is the text, the same bytes again', async () => {
    const input = 'The quick brown fox jumps over the lazy dog. It was sunny.';
    const body = { model: 'openai/gpt-4o-mini-tts', input, voice: 'alloy' };
    const res = await post({ ...body, response_format: 'mp3' });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(...mp3.subarray(0, 3))).toBe('ID3');
    const pcm = new Uint8Array(await (await post({ ...body, response_format: 'pcm' })).arrayBuffer());
    const decoder = new MPEGDecoder();
    await decoder.ready;
    try {
      const decoded = decoder.decode(mp3);
      expect(decoded.errors).toEqual([]);
      expect(decoded.sampleRate).toBe(24_000);
      // The same duration as the pcm answer, give or take the encoder's delay and last frame.
      expect(Math.abs(decoded.samplesDecoded - pcm.length / 2)).toBeLessThan(3 * 576);
      const peak = decoded.channelData[0]!.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      expect(peak).toBeGreaterThan(0.05);
    } finally {
      decoder.free();
    }
    expect(await transcribe(mp3, 'mp3')).toBe(input);
    expect(new Uint8Array(await (await post({ ...body, response_format: 'mp3' })).arrayBuffer())).toEqual(mp3);
  });

  it('400s name the field; an unknown model is 404; 401 without a key, 402 without credits', async () => {
    expect(await errorOf(await post({ model: VOXTRAL }), 400)).toMatch(/^input/);
    expect(await errorOf(await post({ model: VOXTRAL, input: '   ' }), 400)).toMatch(/^input: nothing to say/);
    expect(await errorOf(await post({ model: VOXTRAL, input: 'hi', response_format: 'wav' }), 400)).toMatch(/^response_format/);
    expect(await errorOf(await post({ model: VOXTRAL, input: 'hi', voice: 'nobody' }), 400)).toMatch(/^voice:/);
    expect(await errorOf(await post({ model: VOXTRAL, input: 'hi', speed: 9 }), 400)).toMatch(/^speed/);
    expect(await errorOf(await post({ model: 'openai/gpt-4o-mini-tts', input: 'x'.repeat(2001) }), 400)).toMatch(
      /^input: openai\/gpt-4o-mini-tts speaks at most 2000/,
    );
    expect(await errorOf(await post({ model: 'openai/whisper-large-v3', input: 'hi' }), 400)).toMatch(/not a text-to-speech model/);
    expect(await errorOf(await post({ model: 'acme/none', input: 'hi' }), 404)).toContain('acme/none');
    const anonymous = await target.fetch('/audio/speech', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: VOXTRAL, input: 'hi' }),
    });
    expect(anonymous.status).toBe(401);
    expect(await errorOf(await post({ model: VOXTRAL, input: 'hi' }, 'sk-gw-no-credits'), 402)).toBeTruthy();
    target.gateway.control.failProvider('mistral', 502, 1);
    expect(await errorOf(await post({ model: VOXTRAL, input: 'hi' }), 502)).toContain('Mistral');
  });
});
