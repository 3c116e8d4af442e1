import { OpenRouter } from '@openrouter/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, virtualClock } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';

/**
 * The official OpenRouter SDK (`@openrouter/sdk`) at its default settings, but for `serverURL` and
 * `apiKey`, on the files calls (`files.upload`, `list`, `retrieve`, `download`, `delete`) and the
 * generation content and feedback calls. The SDK validates each answer against its own schemas,
 * so a call that returns is a shape it accepts. In-process (msw) and over a real port.
 */
const KEY = 'sk-gw-test';
const MANAGEMENT_KEY = 'sk-gw-management';
const TEXT = new TextEncoder().encode('# Minutes\n\n- ship the files API\n');

type Mode = 'msw' | 'http';

async function start(mode: Mode): Promise<{ client(apiKey?: string): OpenRouter; close(): Promise<void> }> {
  const options = { clock: virtualClock(), files: { uploadsDownloadable: true } };
  if (mode === 'http') {
    const server = await startServer({ port: 0, ...options });
    return { client: (apiKey = KEY) => new OpenRouter({ serverURL: server.baseUrl, apiKey }), close: () => server.close() };
  }
  const gateway = createGateway({ baseUrl: 'http://openrouter-sdk-files.test/api/v1', ...options });
  const server = setupServer(...gateway.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return { client: (apiKey = KEY) => new OpenRouter({ serverURL: gateway.baseUrl, apiKey }), close: async () => server.close() };
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe.each<Mode>(['msw', 'http'])('@openrouter/sdk files and generation content (%s)', (mode) => {
  let running: Awaited<ReturnType<typeof start>>;
  let sdk: OpenRouter;
  beforeAll(async () => {
    running = await start(mode);
    sdk = running.client();
  });
  afterAll(() => running.close());

  test('files.upload, list, retrieve, download (byte for byte) and delete', async () => {
    const uploaded = await sdk.files.upload({ requestBody: { file: { fileName: 'minutes.md', content: TEXT } } });
    expect(uploaded).toMatchObject({ filename: 'minutes.md', mimeType: 'text/markdown', sizeBytes: TEXT.length });
    const id = (uploaded as { id: string }).id;
    const pages = await sdk.files.list({ limit: 10 });
    expect((pages.result as { data: Array<{ id: string }> }).data.map((f) => f.id)).toContain(id);
    expect(await sdk.files.retrieve({ fileId: id })).toMatchObject({ id, filename: 'minutes.md' });
    expect(await bytesOf(await sdk.files.download({ fileId: id }))).toEqual(TEXT);
    expect(await sdk.files.delete({ fileId: id })).toMatchObject({ id, type: 'file_deleted' });
    await expect(sdk.files.retrieve({ fileId: id })).rejects.toMatchObject({ statusCode: 404 });
  });

  test('generations.listGenerationContent and submitFeedback', async () => {
    const answer = await sdk.chat.send({ chatRequest: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'What is the meaning of life?' }] } });
    const id = (answer as { id: string }).id;
    const content = await sdk.generations.listGenerationContent({ id });
    expect(content.data.input).toEqual({ messages: [{ role: 'user', content: 'What is the meaning of life?' }] });
    expect(content.data.output.completion).toBe((answer as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content);
    expect(content.data.error).toBeNull();
    const feedback = await running
      .client(MANAGEMENT_KEY)
      .generations.submitFeedback({ submitGenerationFeedbackRequest: { generationId: id, category: 'incorrect_response', comment: 'Too short.' } });
    expect(feedback.data.success).toBe(true);
  });
});
