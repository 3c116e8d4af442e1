import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToBase64, pcmWav } from '../src/audio/pcm-wav.ts';
import { MULTIPART_FILE_LIMIT_BYTES } from '../src/audio/read-transcription-request.ts';
import { DEFAULT_CATALOG } from '../src/catalog/default-catalog.ts';
import { virtualClock } from '../src/clock/index.ts';
import { AUDIO_TRANSCRIPTION_FAULTS } from '../src/operations/audio-transcriptions/operation.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { TranscriptionResponseSchema } from '../src/schemas/audio-transcription.ts';
import { TARGET_KINDS, jsonHeaders, startTarget, type Target } from './targets.ts';

const WHISPER = 'openai/whisper-large-v3';
const auth = (key = 'sk-gw-test') => ({ authorization: `Bearer ${key}` });

function form(fields: Record<string, string | string[]>, file?: { bytes: Uint8Array; name: string; type?: string }): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) fd.append(k, one);
  if (file) fd.append('file', new Blob([file.bytes as BlobPart], file.type ? { type: file.type } : {}), file.name);
  return fd;
}

async function errorOf(res: Response, status: number): Promise<string> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  const parsed = ErrorBodySchema.parse(body);
  expect(parsed.error.code).toBe(status);
  return parsed.error.message;
}

describe.each(TARGET_KINDS)('POST /audio/transcriptions (%s)', (kind) => {
  let target: Target;
  const post = (init: RequestInit) => target.fetch('/audio/transcriptions', { method: 'POST', ...init });
  const postJson = (body: unknown, key?: string, extra: Record<string, string> = {}) => post({ headers: jsonHeaders(key, extra), body: JSON.stringify(body) });
  const jsonBody = (bytes: Uint8Array, extra: Record<string, unknown> = {}) => ({
    model: WHISPER,
    input_audio: { data: bytesToBase64(bytes), format: 'wav' },
    ...extra,
  });

  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 7 });
  });
  afterAll(() => target.close());

  it('transcribes base64 WAV (JSON) with the real duration in usage', async () => {
    const wav = pcmWav({ seconds: 2.25, sampleRate: 22050, channels: 2 });
    const res = await postJson(jsonBody(wav, { language: 'en' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = TranscriptionResponseSchema.strict().parse(await res.json());
    expect(Object.keys(body).sort()).toEqual(['text', 'usage']);
    expect(body.text.length).toBeGreaterThan(0);
    expect(body.usage?.seconds).toBe(2.25);
    expect(body.usage?.input_tokens).toBe(Math.round(2.25 * 9));
    expect(body.usage?.total_tokens).toBe((body.usage?.input_tokens ?? 0) + (body.usage?.output_tokens ?? 0));
    expect(body.usage?.cost).toBeCloseTo((2.25 / 60) * 0.006, 9);
  });

  it('transcribes a real multipart upload (FormData + Blob) to the same text as the JSON body', async () => {
    const wav = pcmWav({ seconds: 3, sampleRate: 16000 });
    const viaForm = await post({ headers: auth(), body: form({ model: WHISPER }, { bytes: wav, name: 'meeting.wav', type: 'audio/wav' }) });
    expect(viaForm.status).toBe(200);
    const a = TranscriptionResponseSchema.parse(await viaForm.json());
    const b = TranscriptionResponseSchema.parse(await (await postJson(jsonBody(wav))).json());
    expect(a).toEqual(b);
    expect(a.usage?.seconds).toBe(3);
  });

  it('is deterministic: same seed and audio -> same bytes; other audio -> other text', async () => {
    const wav = pcmWav({ seconds: 4 });
    const one = await (await postJson(jsonBody(wav))).text();
    const two = await (await postJson(jsonBody(wav))).text();
    expect(two).toBe(one);
    const other = await (await postJson(jsonBody(pcmWav({ seconds: 4, frequency: 300 })))).text();
    expect(JSON.parse(other).text).not.toBe(JSON.parse(one).text);
  });

  it('derives the upload format from the content type when the name has no extension', async () => {
    const wav = pcmWav({ seconds: 1 });
    const res = await post({ headers: auth(), body: form({ model: WHISPER }, { bytes: wav, name: 'blob', type: 'audio/x-wav' }) });
    expect(res.status).toBe(200);
    const msg = await errorOf(
      await post({ headers: auth(), body: form({ model: WHISPER }, { bytes: wav, name: 'blob', type: 'application/octet-stream' }) }),
      400,
    );
    expect(msg).toMatch(/^file: cannot tell the audio format/);
  });

  it('verbose_json returns task, language, duration, segments and, on request, words', async () => {
    const wav = pcmWav({ seconds: 6 });
    const res = await post({
      headers: auth(),
      body: form(
        { model: WHISPER, response_format: 'verbose_json', language: 'de', 'timestamp_granularities[]': ['word', 'segment'], temperature: '0.2' },
        { bytes: wav, name: 'a.wav' },
      ),
    });
    expect(res.status).toBe(200);
    const body = TranscriptionResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ task: 'transcribe', language: 'german', duration: 6 });
    const segments = body.segments ?? [];
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.map((s) => s.text.trim()).join(' ')).toBe(body.text);
    expect(segments[0]?.start).toBe(0);
    expect(segments.at(-1)?.end).toBe(6);
    for (const s of segments) expect(s.temperature).toBe(0.2);
    const words = body.words ?? [];
    expect(words.map((w) => w.word).join(' ')).toBe(body.text.replace(/\./g, ''));
    for (let i = 1; i < words.length; i++) expect(words[i]?.start).toBeGreaterThanOrEqual(words[i - 1]?.end ?? 0);
    const plain = TranscriptionResponseSchema.parse(await (await postJson({ ...jsonBody(wav), response_format: 'verbose_json' })).json());
    expect(plain.words).toBeUndefined();
    expect(plain.language).toBe('english');
  });

  it('answers 400 naming the field for undecodable, empty or unknown audio', async () => {
    const wav = pcmWav({ seconds: 0.5 });
    const cases: Array<[unknown, RegExp]> = [
      [{ model: WHISPER }, /^input_audio: required/],
      [{ input_audio: { data: bytesToBase64(wav), format: 'wav' } }, /^model: required/],
      [jsonBody(wav, { input_audio: { data: 'this is not base64!', format: 'wav' } }), /^input_audio\.data: not valid base64/],
      [jsonBody(wav, { input_audio: { data: '', format: 'wav' } }), /^input_audio\.data: the audio is empty/],
      [jsonBody(wav, { input_audio: { data: `data:audio/wav;base64,${bytesToBase64(wav)}`, format: 'wav' } }), /data URI/],
      [jsonBody(wav, { input_audio: { data: bytesToBase64(wav), format: 'midi' } }), /^input_audio\.format: unknown audio format "midi"/],
      [jsonBody(wav.subarray(0, 40)), /^input_audio\.data: broken WAV header: no "fmt " chunk|^input_audio\.data: broken WAV/],
      [jsonBody(new TextEncoder().encode('plain text, not a WAV')), /^input_audio\.data: not a WAV file/],
      [jsonBody(wav, { response_format: 'srt' }), /^response_format: must be one of "json", "verbose_json"/],
      [jsonBody(wav, { timestamp_granularities: ['sentence'] }), /^timestamp_granularities\[0\]/],
      [jsonBody(wav, { language: 'english' }), /^language: must be an ISO-639-1 code/],
      [jsonBody(wav, { temperature: 'hot' }), /^temperature: expected number/],
    ];
    for (const [body, pattern] of cases) expect(await errorOf(await postJson(body), 400), JSON.stringify(body).slice(0, 80)).toMatch(pattern);

    const broken = wav.slice();
    new DataView(broken.buffer).setUint32(28, 0, true);
    expect(await errorOf(await post({ headers: auth(), body: form({ model: WHISPER }, { bytes: broken, name: 'x.wav' }) }), 400)).toBe(
      'file: broken WAV header: byte rate 0',
    );
    expect(await errorOf(await post({ headers: auth(), body: form({ model: WHISPER }, { bytes: new Uint8Array(0), name: 'x.wav' }) }), 400)).toMatch(
      /^file: the audio is empty/,
    );
    expect(await errorOf(await post({ headers: auth(), body: form({ model: WHISPER }) }), 400)).toMatch(/^file: required/);
    expect(await errorOf(await post({ headers: auth(), body: form({ model: WHISPER, file: 'a.wav' }) }), 400)).toMatch(/^file: must be a file part/);
    expect(await errorOf(await post({ headers: auth(), body: form({}, { bytes: wav, name: 'x.wav' }) }), 400)).toMatch(/^model: required/);
    expect(await errorOf(await post({ headers: auth(), body: form({ model: WHISPER, temperature: 'warm' }, { bytes: wav, name: 'x.wav' }) }), 400)).toMatch(
      /^temperature:/,
    );
    const badForm = await post({ headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=zzz' }, body: 'not a multipart body' });
    expect(await errorOf(badForm, 400)).toMatch(/Malformed multipart/);
    expect(await errorOf(await post({ headers: { ...auth(), 'content-type': 'text/plain' }, body: 'hi' }), 400)).toMatch(/Content-Type/);
    expect(await errorOf(await post({ headers: jsonHeaders(), body: '{"model":' }), 400)).toMatch(/Malformed JSON/);
  });

  it('400 names `model` for a non-speech model; 404 for an unknown one; 400 for unsupported format or response_format', async () => {
    const wav = pcmWav({ seconds: 0.5 });
    const textModel = DEFAULT_CATALOG.models[0]?.id as string;
    expect(await errorOf(await postJson(jsonBody(wav, { model: textModel })), 400)).toMatch(new RegExp(`^model: "${textModel}" is a text model`));
    expect(await errorOf(await postJson(jsonBody(wav, { model: 'acme/nope' })), 404)).toMatch(/^model: "acme\/nope" is not a model/);
    const mp3 = new Uint8Array(4000);
    mp3.set([0x49, 0x44, 0x33]);
    expect(
      await errorOf(await post({ headers: auth(), body: form({ model: 'mistralai/voxtral-mini-transcribe' }, { bytes: mp3, name: 'a.webm' }) }), 400),
    ).toMatch(/^file: mistralai\/voxtral-mini-transcribe does not accept webm/);
    expect(await errorOf(await postJson(jsonBody(wav, { model: 'deepgram/nova-3', response_format: 'verbose_json' })), 400)).toMatch(
      /^response_format: deepgram\/nova-3 supports json/,
    );
  });

  it('estimates non-WAV durations from size / bitrate', async () => {
    const mp3 = new Uint8Array(32_000);
    mp3.set([0xff, 0xfb]);
    const res = await post({ headers: auth(), body: form({ model: WHISPER }, { bytes: mp3, name: 'voice.mp3' }) });
    expect(res.status).toBe(200);
    expect(TranscriptionResponseSchema.parse(await res.json()).usage?.seconds).toBe(2);
  });

  it('auth, credits and forced faults: 401, 402, every reference status via X-Gatewaykit-Fault', async () => {
    const wav = pcmWav({ seconds: 0.5 });
    expect(await errorOf(await post({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(jsonBody(wav)) }), 401)).toBeTruthy();
    expect(await errorOf(await postJson(jsonBody(wav), 'sk-gw-no-credits'), 402)).toMatch(/credits/i);
    for (const status of AUDIO_TRANSCRIPTION_FAULTS) {
      await errorOf(await postJson(jsonBody(wav), undefined, { 'x-gatewaykit-fault': String(status) }), status);
    }
    expect(await errorOf(await postJson(jsonBody(wav), undefined, { 'x-gatewaykit-fault': '422' }), 400)).toMatch(/X-Gatewaykit-Fault/);
  });

  it('413 past the 25 MB multipart limit, while reading', async () => {
    const big = new Uint8Array(MULTIPART_FILE_LIMIT_BYTES + 1);
    big.set(pcmWav({ seconds: 0 }));
    const msg = await errorOf(await post({ headers: auth(), body: form({ model: WHISPER }, { bytes: big, name: 'big.wav' }) }), 413);
    expect(msg).toMatch(/25 MB/);
  });
});

describe.each(TARGET_KINDS)('POST /audio/transcriptions size limits from the catalogue (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, {
      catalog: {
        ...DEFAULT_CATALOG,
        speechModels: [
          {
            id: 'tiny/stt',
            name: 'Tiny',
            provider: 'openai',
            pricing: { per_second: 0.001 },
            formats: ['wav'],
            max_file_bytes: 3000,
            response_formats: ['json'],
          },
        ],
      },
    });
  });
  afterAll(() => target.close());

  it("413 for audio over the model's max_file_bytes, and for a JSON body past the route limit while reading", async () => {
    const over = pcmWav({ seconds: 0.1 }); // 3244 bytes > 3000
    const viaForm = new FormData();
    viaForm.append('model', 'tiny/stt');
    viaForm.append('file', new Blob([over as BlobPart]), 'a.wav');
    const r2 = await target.fetch('/audio/transcriptions', { method: 'POST', headers: auth(), body: viaForm });
    expect(await errorOf(r2, 413)).toMatch(/exceeds tiny\/stt's 3000-byte file limit/);
    const huge = JSON.stringify({ model: 'tiny/stt', input_audio: { data: 'A'.repeat(200_000), format: 'wav' } });
    const r3 = await target.fetch('/audio/transcriptions', { method: 'POST', headers: jsonHeaders(), body: huge });
    expect(await errorOf(r3, 413)).toMatch(/Payload too large/);
    const ok = pcmWav({ seconds: 0.05 });
    const r4 = await target.fetch('/audio/transcriptions', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: 'tiny/stt', input_audio: { data: bytesToBase64(ok), format: 'wav' } }),
    });
    expect(r4.status).toBe(200);
    expect((await r4.json()).usage.cost).toBeCloseTo(0.05 * 0.001, 9);
  });
});
