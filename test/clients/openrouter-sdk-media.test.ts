import { HTTPClient, OpenRouter } from '@openrouter/sdk';
import jpegJs from 'jpeg-js';
import { MPEGDecoder } from 'mpg123-decoder';
import { setupServer } from 'msw/node';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, virtualClock } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';
import { decodeWebp } from '../support/decode-webp.ts';

/**
 * The official OpenRouter SDK (`@openrouter/sdk`) at its default settings, but for `serverURL`,
 * `apiKey` and (in `fetch` mode) the gateway's own fetch, on its images, text-to-speech and rerank
 * calls: the SDK validates each JSON answer against its own schemas, so a call that returns is a
 * shape it accepts; the images and audio it hands back are decoded by outside decoders.
 */
type Mode = 'fetch' | 'msw' | 'http';

async function start(mode: Mode): Promise<{ sdk: OpenRouter; close(): Promise<void> }> {
  if (mode === 'http') {
    const server = await startServer({ port: 0, clock: virtualClock() });
    return { sdk: new OpenRouter({ serverURL: server.baseUrl, apiKey: 'sk-gw-test' }), close: () => server.close() };
  }
  const gateway = createGateway({ baseUrl: `http://openrouter-sdk-media-${mode}.test/api/v1`, clock: virtualClock() });
  if (mode === 'fetch') {
    const httpClient = new HTTPClient({ fetcher: (input, init) => gateway.fetch(input instanceof URL ? input.href : input, init) });
    return { sdk: new OpenRouter({ serverURL: gateway.baseUrl, apiKey: 'sk-gw-test', httpClient }), close: async () => undefined };
  }
  const server = setupServer(...gateway.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return { sdk: new OpenRouter({ serverURL: gateway.baseUrl, apiKey: 'sk-gw-test' }), close: async () => server.close() };
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe.each<Mode>(['fetch', 'msw', 'http'])('@openrouter/sdk images, tts and rerank (%s)', (mode) => {
  let running: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    running = await start(mode);
  });
  afterAll(() => running.close());

  test('images.generate: png, jpeg and webp of the asked size decode', async () => {
    const generate = async (outputFormat: 'png' | 'jpeg' | 'webp') => {
      const answer = await running.sdk.images.generate({
        imageGenerationRequest: { model: 'openai/gpt-image-1', prompt: 'a lighthouse at dusk', size: '256x192', seed: 3, outputFormat },
      });
      if (!('data' in answer) || !Array.isArray(answer.data)) throw new Error('expected a JSON answer');
      expect(answer.data).toHaveLength(1);
      return answer.data[0]!;
    };
    const png = await generate('png');
    expect(png.mediaType).toBe('image/png');
    const decodedPng = PNG.sync.read(Buffer.from(png.b64Json!, 'base64'));
    expect([decodedPng.width, decodedPng.height]).toEqual([256, 192]);
    const jpeg = await generate('jpeg');
    expect(jpeg.mediaType).toBe('image/jpeg');
    const decodedJpeg = jpegJs.decode(Buffer.from(jpeg.b64Json!, 'base64'));
    expect([decodedJpeg.width, decodedJpeg.height]).toEqual([256, 192]);
    const webp = await generate('webp');
    expect(webp.mediaType).toBe('image/webp');
    const decodedWebp = await decodeWebp(Buffer.from(webp.b64Json!, 'base64'));
    expect([decodedWebp.width, decodedWebp.height]).toEqual([256, 192]);
  });

  test('images.listModels and images.listModelEndpoints', async () => {
    const list = await running.sdk.images.listModels();
    const ids = list.data.map((m) => m.id);
    expect(ids).toContain('openai/gpt-image-1');
    const endpoints = await running.sdk.images.listModelEndpoints({ author: 'openai', slug: 'gpt-image-1' });
    expect(endpoints.endpoints.map((e) => e.providerSlug)).toEqual(['openai', 'azure']);
  });

  test('tts.createSpeech: pcm is the text read at 24 kHz; mp3 decodes to about the same duration, audible', async () => {
    const input = 'The tide comes in at nine tonight.';
    const pcm = await bytesOf(await running.sdk.tts.createSpeech({ speechRequest: { model: 'openai/gpt-4o-mini-tts', input, responseFormat: 'pcm' } }));
    // Seven words at 2.5 a second: 2.8 s of 16-bit samples.
    expect(pcm.length).toBe(2.8 * 24_000 * 2);
    const mp3 = await bytesOf(await running.sdk.tts.createSpeech({ speechRequest: { model: 'openai/gpt-4o-mini-tts', input, responseFormat: 'mp3' } }));
    const decoder = new MPEGDecoder();
    await decoder.ready;
    try {
      const decoded = decoder.decode(mp3);
      expect(decoded.sampleRate).toBe(24_000);
      expect(Math.abs(decoded.samplesDecoded - pcm.length / 2)).toBeLessThan(3 * 576);
      expect(decoded.channelData[0]!.some((v) => Math.abs(v) > 0.05)).toBe(true);
    } finally {
      decoder.free();
    }
  });

  test('rerank.rerank: the document sharing the query words first, top_n kept', async () => {
    const answer = await running.sdk.rerank.rerank({
      requestBody: {
        model: 'cohere/rerank-v3.5',
        query: 'tide tables for the harbour',
        documents: ['a recipe for bread', 'the harbour tide tables for June', 'mountain weather'],
        topN: 2,
      },
    });
    if (typeof answer === 'string') throw new Error('expected a JSON answer');
    expect(answer.results).toHaveLength(2);
    expect(answer.results[0]!.index).toBe(1);
  });
});
