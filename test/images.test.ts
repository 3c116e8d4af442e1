import jpegJs from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { decodeWebp } from './support/decode-webp.ts';
import { referenceExampleRequest, referenceResponseValidator, referenceSchemaValidator } from './support/reference-schema.ts';
import { TARGET_KINDS, jsonHeaders, startTarget, type Target } from './targets.ts';

const SEEDREAM = 'bytedance-seed/seedream-4.5';

async function errorOf(res: Response, status: number): Promise<string> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return ErrorBodySchema.parse(body).error.message;
}

function bytesOf(b64: string): Buffer {
  return Buffer.from(b64, 'base64');
}

/** The SSE `data:` payloads of a stream, `[DONE]` included. */
function sseData(text: string): string[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice('data: '.length));
}

describe.each(TARGET_KINDS)('POST /images, GET /images/models (%s)', (kind) => {
  let target: Target;
  const post = (body: unknown, key?: string, extra: Record<string, string> = {}) =>
    target.fetch('/images', { method: 'POST', headers: jsonHeaders(key, extra), body: JSON.stringify(body) });
  const get = (path: string, key = 'sk-gw-test') => target.fetch(path, { headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 5 });
  });
  beforeEach(() => target.gateway.control.reset());
  afterAll(() => target.close());

  it("answers the reference's example with a body valid for the reference schema: a decodable 1024x1024 PNG, billed and recorded", async () => {
    const res = await post(referenceExampleRequest('post', '/images'));
    const body = await res.json();
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    const valid = referenceResponseValidator('post', '/images', '200');
    expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].media_type).toBe('image/png');
    const png = PNG.sync.read(bytesOf(body.data[0].b64_json));
    expect([png.width, png.height]).toEqual([1024, 1024]);
    // More than one colour: a picture, not a blank.
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4 * 997) colours.add(png.data.readUInt32BE(i));
    expect(colours.size).toBeGreaterThan(2);
    expect(body.usage.cost).toBeCloseTo(0.04, 9);
    const id = res.headers.get('x-generation-id');
    const record = (await (await get(`/generation?id=${encodeURIComponent(id ?? '')}`)).json()).data;
    expect(record).toMatchObject({ id, model: SEEDREAM, api_type: 'image', total_cost: body.usage.cost, provider_name: 'BytePlus' });
  });

  it('the same request and seed make the same bytes; another seed or prompt another picture', async () => {
    const one = async (extra: Record<string, unknown>) =>
      (await (await post({ model: SEEDREAM, prompt: 'a lighthouse', size: '64x48', ...extra })).json()).data[0].b64_json as string;
    const a = await one({ seed: 1 });
    expect(await one({ seed: 1 })).toBe(a);
    expect(await one({ seed: 2 })).not.toBe(a);
    expect(await one({ seed: 1, prompt: 'a harbour' })).not.toBe(a);
  });

  it('n images of the asked size in every format: PNG (transparent too), JPEG and SVG decode', async () => {
    const body = await (await post({ model: SEEDREAM, prompt: 'cats', n: 3, size: '640x480' })).json();
    expect(body.data).toHaveLength(3);
    for (const image of body.data) {
      const png = PNG.sync.read(bytesOf(image.b64_json));
      expect([png.width, png.height]).toEqual([640, 480]);
    }
    expect(new Set(body.data.map((d: { b64_json: string }) => d.b64_json)).size).toBe(3);
    expect(body.usage.cost).toBeCloseTo(0.12, 9);

    const wide = (await (await post({ model: SEEDREAM, prompt: 'dogs', resolution: '2K', aspect_ratio: '16:9' })).json()).data[0];
    expect([PNG.sync.read(bytesOf(wide.b64_json)).width, PNG.sync.read(bytesOf(wide.b64_json)).height]).toEqual([2048, 1152]);

    const clear = (await (await post({ model: SEEDREAM, prompt: 'dogs', size: '32x32', background: 'transparent' })).json()).data[0];
    expect(PNG.sync.read(bytesOf(clear.b64_json)).data[3]).toBe(0);

    const jpeg = (await (await post({ model: SEEDREAM, prompt: 'dogs', size: '320x200', output_format: 'jpeg' })).json()).data[0];
    expect(jpeg.media_type).toBe('image/jpeg');
    const decoded = jpegJs.decode(bytesOf(jpeg.b64_json));
    expect([decoded.width, decoded.height]).toEqual([320, 200]);

    const svg = (await (await post({ model: 'black-forest-labs/flux.2-pro', prompt: 'dogs', size: '512', output_format: 'svg' })).json()).data[0];
    expect(svg.media_type).toBe('image/svg+xml');
    expect(bytesOf(svg.b64_json).toString('utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="512" height="512"/);
  });

  it('webp (a model that lists it): n decodable images of the asked size, a picture, the same bytes again; transparent and output_compression honoured; streamed the same bytes', async () => {
    const ask = async (extra: Record<string, unknown>) => {
      const res = await post({ model: 'openai/gpt-image-1', prompt: 'a red fox', size: '320x200', seed: 7, output_format: 'webp', ...extra });
      const body = await res.json();
      expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
      return body as { data: { b64_json: string; media_type: string }[] };
    };
    const body = await ask({ n: 2 });
    expect(body.data).toHaveLength(2);
    for (const image of body.data) {
      expect(image.media_type).toBe('image/webp');
      const bytes = bytesOf(image.b64_json);
      expect([bytes.toString('latin1', 0, 4), bytes.toString('latin1', 8, 12)]).toEqual(['RIFF', 'WEBP']);
      const decoded = await decodeWebp(bytes);
      expect([decoded.width, decoded.height]).toEqual([320, 200]);
      const colours = new Set<number>();
      for (let i = 0; i < decoded.data.length; i += 4 * 97) colours.add(new DataView(decoded.data.buffer).getUint32(i));
      expect(colours.size).toBeGreaterThan(2);
    }
    expect(body.data[0]!.b64_json).not.toBe(body.data[1]!.b64_json);
    expect((await ask({ n: 2 })).data.map((d) => d.b64_json)).toEqual(body.data.map((d) => d.b64_json));

    const clear = await decodeWebp(bytesOf((await ask({ background: 'transparent' })).data[0]!.b64_json));
    const alphas = new Set<number>();
    for (let i = 3; i < clear.data.length; i += 4) alphas.add(clear.data[i]!);
    expect(alphas.has(0) && alphas.has(255)).toBe(true);

    const small = bytesOf((await ask({ output_compression: 5 })).data[0]!.b64_json);
    const large = bytesOf((await ask({ output_compression: 100 })).data[0]!.b64_json);
    expect(small.length).toBeLessThan(large.length);

    const streamed = await post({ model: 'openai/gpt-image-1', prompt: 'a red fox', size: '320x200', seed: 7, output_format: 'webp', stream: true });
    const events = sseData(await streamed.text())
      .slice(0, -1)
      .map((d) => JSON.parse(d));
    const completed = events.find((e) => e.type === 'image_generation.completed');
    expect(completed).toMatchObject({ media_type: 'image/webp', b64_json: (await ask({})).data[0]!.b64_json });
    expect((await decodeWebp(bytesOf(events[0].b64_json))).width).toBe(320);
  });

  it('streams partial and completed images (reference ImageStreamingResponse) on a streaming model, then [DONE]', async () => {
    const res = await post({ model: 'openai/gpt-image-1', prompt: 'a kite', size: '256x256', stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const data = sseData(await res.text());
    expect(data.at(-1)).toBe('[DONE]');
    const events = data.slice(0, -1).map((d) => JSON.parse(d));
    const valid = referenceSchemaValidator('ImageStreamingResponse');
    for (const event of events) expect(valid({ data: event }), JSON.stringify(valid.errors)).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['image_generation.partial_image', 'image_generation.completed']);
    expect(PNG.sync.read(bytesOf(events[1].b64_json)).width).toBe(256);
    expect(events[1].usage.cost).toBeCloseTo(0.042, 9);
    // A model without native streaming answers JSON (reference `stream`).
    const plain = await post({ model: SEEDREAM, prompt: 'a kite', size: '64x64', stream: true });
    expect(plain.headers.get('content-type')).toContain('application/json');
  });

  it('refuses what it cannot do with a 400 naming the field', async () => {
    expect(await errorOf(await post({ model: SEEDREAM }), 400)).toMatch(/^prompt/);
    expect(await errorOf(await post({ model: SEEDREAM, prompt: 'x', n: 11 }), 400)).toMatch(/^n:/);
    expect(await errorOf(await post({ model: SEEDREAM, prompt: 'x', n: 4, size: '4K' }), 400)).toMatch(/^n: 4 image\(s\) of 4096x4096/);
    expect(await errorOf(await post({ model: SEEDREAM, prompt: 'x', size: '5000x10' }), 400)).toMatch(/^size:/);
    expect(await errorOf(await post({ model: SEEDREAM, prompt: 'x', size: '512' }), 400)).toMatch(/^size: bytedance-seed\/seedream-4.5 offers 1K, 2K, 4K/);
    expect(await errorOf(await post({ model: SEEDREAM, prompt: 'x', size: '1024x1024', resolution: '2K' }), 400)).toMatch(/^resolution:/);
    expect(await errorOf(await post({ model: SEEDREAM, prompt: 'x', output_format: 'webp' }), 400)).toMatch(
      /^output_format: bytedance-seed\/seedream-4.5 makes png, jpeg \(got "webp"\)/,
    );
    expect(await errorOf(await post({ model: SEEDREAM, prompt: 'x', output_format: 'jpeg', output_compression: 1e9 }), 400)).toMatch(/^output_compression/);
    expect(await errorOf(await post({ model: SEEDREAM, prompt: 'x', output_format: 'jpeg', background: 'transparent' }), 400)).toMatch(/^background:/);
    expect(await errorOf(await post({ model: 'google/gemini-2.5-flash-image', prompt: 'x', n: 2 }), 400)).toMatch(
      /^n: google\/gemini-2.5-flash-image makes at most 1/,
    );
    expect(await errorOf(await post({ model: 'acme/none', prompt: 'x' }), 400)).toMatch(/^model: "acme\/none" is not a valid model ID/);
  });

  it('auth and credits as documented: 401 without a key, 402 without credits; provider faults fall back or surface', async () => {
    const anonymous = await target.fetch('/images', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: SEEDREAM, prompt: 'x' }),
    });
    expect(anonymous.status).toBe(401);
    expect(await errorOf(await post({ model: SEEDREAM, prompt: 'x', size: '64x64' }, 'sk-gw-no-credits'), 402)).toBeTruthy();
    target.gateway.control.failProvider('byteplus', 502, 1);
    expect(await errorOf(await post({ model: SEEDREAM, prompt: 'x', size: '64x64' }), 502)).toContain('BytePlus');
    target.gateway.control.failProvider('openai', 503, 1);
    const fellBack = await post({ model: 'openai/gpt-image-1', prompt: 'x', size: '64x64' });
    expect(fellBack.status).toBe(200);
    const record = (await (await get(`/generation?id=${fellBack.headers.get('x-generation-id')}`)).json()).data;
    expect(record.provider_name).toBe('Azure');
  });

  it('GET /images/models and /images/models/{author}/{slug}/endpoints answer the reference schemas; an unknown model is 404', async () => {
    const list = await (await get('/images/models')).json();
    const validList = referenceResponseValidator('get', '/images/models', '200');
    expect(validList(list), JSON.stringify(validList.errors)).toBe(true);
    expect(list.data.map((m: { id: string }) => m.id)).toContain(SEEDREAM);
    const seedream = list.data.find((m: { id: string }) => m.id === SEEDREAM);
    expect(seedream.endpoints).toBe(`${new URL(target.baseUrl).pathname}/images/models/${SEEDREAM}/endpoints`);
    const endpoints = await (await get(`/images/models/${SEEDREAM}/endpoints`)).json();
    const validEndpoints = referenceResponseValidator('get', '/images/models/{author}/{slug}/endpoints', '200');
    expect(validEndpoints(endpoints), JSON.stringify(validEndpoints.errors)).toBe(true);
    expect(endpoints.endpoints[0]).toMatchObject({ provider_slug: 'byteplus', pricing: [{ billable: 'output_image', unit: 'image', cost_usd: 0.04 }] });
    expect(await errorOf(await get('/images/models/acme/none/endpoints'), 404)).toContain('acme/none');
    expect((await target.fetch('/images/models')).status).toBe(401);
  });
});
