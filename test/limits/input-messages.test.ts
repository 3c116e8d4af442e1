import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';

/**
 * Issue 40 item 4: the smaller input checks, each message naming the field and its one rule.
 * `/messages` took invalid base64 image data (docs/messages.md says images are checked);
 * embeddings answered `input: [1.5]` with "expected string", and out-of-range token ids with a
 * message that did not say what a token id is.
 */
const gateway = createGateway({ clock: virtualClock() });

async function messageError(res: Response): Promise<{ status: number; message: string }> {
  const body = (await res.json()) as { error: { message: string } };
  return { status: res.status, message: body.error.message };
}

describe('limits: /messages checks base64 sources', () => {
  const ask = (source: unknown, type = 'image') =>
    gateway.fetch('/messages', {
      method: 'POST',
      headers: { 'x-api-key': 'sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'anthropic/claude-sonnet-4.5',
        max_tokens: 16,
        messages: [
          {
            role: 'user',
            content: [
              { type, source },
              { type: 'text', text: 'What is this?' },
            ],
          },
        ],
      }),
    });

  it.each([
    ['not base64 at all', 'not base64!!'],
    ['a data URL instead of the data', 'data:image/png;base64,iVBORw0KGgo='],
    ['base64 with a stray character', 'iVBORw0K*Ggo='],
    ['a length no base64 has', 'iVBORw0KG'],
  ])('image data that is %s: a 400 naming source.data, in the Anthropic shape', async (_name, data) => {
    const res = await ask({ type: 'base64', media_type: 'image/png', data });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { type: string; error: { type: string; message: string } };
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toBe('messages[0].content[0].source.data: is not valid base64 (the standard or URL-safe alphabet, padded or not)');
  });

  it('a PDF document with invalid base64 data: the same 400', async () => {
    const res = await ask({ type: 'base64', media_type: 'application/pdf', data: '%PDF-1.4 raw bytes' }, 'document');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^messages\[0\]\.content\[0\]\.source\.data: is not valid base64/);
  });

  it('valid base64 (padded, unpadded, URL-safe, line-wrapped) is answered', async () => {
    for (const data of ['iVBORw0KGgo=', 'iVBORw0KGgo', 'iVBORw0K-_go', 'iVBORw0K\nGgo=']) {
      const res = await ask({ type: 'base64', media_type: 'image/png', data });
      expect(res.status, data).toBe(200);
      await res.arrayBuffer();
    }
  });
});

describe('limits: embeddings token ids get one clear rule', () => {
  const embed = (input: unknown) =>
    gateway.fetch('/embeddings', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/text-embedding-3-small', input }),
    });

  it.each([
    [[1.5], 'input[0]', '1.5'],
    [[-1], 'input[0]', '-1'],
    [[5_000_000_000], 'input[0]', '5000000000'],
    [[7, 'a'], 'input[1]', '"a"'],
    [
      [
        [1, 2],
        [3, 2.5],
      ],
      'input[1][1]',
      '2.5',
    ],
  ])('%j: a 400 at %s saying what a token id is', async (input, path, got) => {
    const { status, message } = await messageError(await embed(input));
    expect(status).toBe(400);
    expect(message).toBe(`${path}: a token id is an integer from 0 to 4294967295 (got ${got})`);
    expect(message).not.toMatch(/expected string/);
  });

  it('valid token ids, strings and token arrays are answered', async () => {
    for (const input of [[0, 4_294_967_295], 'hello', ['a', 'b'], [[1, 2], [3]]]) {
      const res = await embed(input);
      expect(res.status, JSON.stringify(input)).toBe(200);
      await res.arrayBuffer();
    }
  });
});
