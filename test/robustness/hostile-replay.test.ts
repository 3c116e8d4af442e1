import { spawnSync } from 'node:child_process';
import { symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/adapter/node/create-server.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { readCassettes } from '../../src/adapter/node/read-cassettes.ts';
import { jsonHeaders } from '../targets.ts';
import { replayFolders } from './replay-folders.ts';

/** Issue 25.6: hostile replay folders are refused before listening, naming the file and the reason. */
const { cassette, folder, remove } = replayFolders('gatewaykit-hostile-replay-');
afterAll(remove);
const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('issue 25.6 hostile replay folders', () => {
  it.each([
    ['a symbolic link to /dev/zero', (f: string) => symlinkSync('/dev/zero', f), /not a regular file \(a device\)/],
    ['a FIFO', (f: string) => void spawnSync('mkfifo', [f]), /not a regular file \(a FIFO\)/],
    ['a file past the size bound', (f: string) => (writeFileSync(f, ''), truncateSync(f, 65 * 1024 * 1024)), /more than the 67108864 a cassette may have/],
    [
      'status 101',
      (f: string) =>
        writeFileSync(
          f,
          cassette((c) => (c.response.status = 101)),
        ),
      /response\.status: must be a final status, 200 to 599/,
    ],
    [
      'CRLF in a header value',
      (f: string) =>
        writeFileSync(
          f,
          cassette((c) => (c.response.headers['x-a'] = 'a\r\nset-cookie: b')),
        ),
      /response\.headers\["x-a"\]: not a valid header value/,
    ],
    [
      'a header name with a space',
      (f: string) =>
        writeFileSync(
          f,
          cassette((c) => (c.response.headers['x bad'] = '1')),
        ),
      /response\.headers\["x bad"\]: not a valid header name/,
    ],
    [
      'bad base64 in the answer',
      (f: string) =>
        writeFileSync(
          f,
          cassette((c) => (c.response.body = { base64: '%%%not base64' })),
        ),
      /response\.body/,
    ],
    [
      'bad base64 in the request',
      (f: string) =>
        writeFileSync(
          f,
          cassette((c) => (c.request.body = { base64: 'abc' })),
        ),
      /request\.body/,
    ],
    [
      'an answer nested 200,000 deep',
      (f: string) => writeFileSync(f, cassette((c) => (c.response.body = { json: 'DEEP' })).replace('"DEEP"', deep(200_000))),
      /nests arrays\/objects deeper than 1024 levels/,
    ],
    [
      'a request nested 2,000 deep',
      (f: string) => writeFileSync(f, cassette((c) => (c.request.body = { json: 'DEEP' })).replace('"DEEP"', deep(2_000))),
      /nests arrays\/objects deeper than 1024 levels/,
    ],
  ])('%s is refused naming the file and the reason', (_name, make, reason) => {
    const { dir, file } = folder('0002-hostile.json', make);
    let message = '';
    try {
      readCassettes(dir);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.startsWith(`${file}: `)).toBe(true);
    expect(message).toMatch(reason);
  });

  it('in replay mode a 100,000-deep request body gets the same 400 as without replay (in-process and over a port)', async () => {
    const cassettes = readCassettes(
      folder('0002-also-good.json', (f) =>
        writeFileSync(
          f,
          cassette((c) => (c.request.path = '/models')),
        ),
      ).dir,
    );
    const body = `{"model":"openai/gpt-4o-mini","input":${deep(100_000)}}`;
    const plain = await createGateway().fetch('/responses', { method: 'POST', headers: jsonHeaders(), body });
    const expected = { status: plain.status, body: await plain.json() };
    expect(expected.status).toBe(400);
    const replaying = createGateway({ replay: { cassettes } });
    const inProcess = await replaying.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body });
    expect({ status: inProcess.status, body: await inProcess.json() }).toEqual(expected);
    const running = await startServer({ port: 0, replay: { cassettes, miss: 'error' } });
    try {
      const res = await fetch(`${running.baseUrl}/responses`, { method: 'POST', headers: jsonHeaders(), body });
      expect({ status: res.status, body: await res.json() }).toEqual(expected);
      // And the good cassette still answers.
      const hit = await fetch(`${running.baseUrl}/responses`, {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'hi' }),
      });
      expect(hit.headers.get('x-gatewaykit-replay')).toBe('hit');
      expect(await hit.json()).toEqual({ ok: true });
    } finally {
      await running.close();
    }
  });
});
