import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LLMock } from '@copilotkit/aimock';
import OpenAI from 'openai';
import { beforeAll, describe, expect, test } from 'vitest';
import { diff } from '../../src/cli/diff.ts';
import type { Cassette } from '../../src/replay/cassette.ts';
import { formatDiffReport, type CassetteDiff } from '../../src/replay/diff-cassette.ts';
import { printable } from '../../src/replay/printable.ts';
import { startRecorder } from '../../src/adapter/node/record-proxy.ts';

/**
 * `gatewaykit diff` against a real recording of a gateway nobody here wrote: aimock answering
 * model `gpt-4o-mini` (an id without the `provider/` prefix the simulator's catalogue uses).
 */
async function runDiff(args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await diff(args, { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) });
  return { code, out: lines.join('\n') };
}

describe('gatewaykit diff against an aimock recording', () => {
  let dir: string;

  beforeAll(async () => {
    const mock = new LLMock({ port: 0 });
    mock.onMessage('rivers', { content: 'Rivers flow to the sea.' });
    await mock.start();
    dir = mkdtempSync(join(tmpdir(), 'gatewaykit-diff-aimock-'));
    const recorder = await startRecorder({ upstream: `${mock.url}/v1`, out: dir });
    try {
      // The openai SDK at its default settings, as a user's code would be.
      const client = new OpenAI({ baseURL: recorder.baseUrl, apiKey: 'sk-aimock-any-key-1234' });
      await client.responses.create({ model: 'gpt-4o-mini', input: 'Tell me about rivers.' });
      const stream = await client.responses.create({ model: 'gpt-4o-mini', input: 'Tell me about rivers.', stream: true });
      for await (const _ of stream) void _;
    } finally {
      await recorder.close();
      await mock.stop();
    }
  });

  test('an unknown model: the simulator says why, bodies are not listed field by field, exit 1', async () => {
    const { code, out } = await runDiff(['--cassettes', dir]);
    expect(code).toBe(1);
    expect(out).toContain('status: recorded 200, simulator 400  <- differs');
    expect(out).toContain('simulator said: model: "gpt-4o-mini" is not a valid model ID');
    expect(out).not.toMatch(/absent in simulator/);
    expect(out).toContain('2 exchange(s): 0 with the recorded status, 0 with the same shape.');
  });

  test("--model-map serves the recording's model: statuses match, each stream field difference once with its event types", async () => {
    const { code, out } = await runDiff(['--cassettes', dir, '--model-map', 'gpt-4o-mini=openai/gpt-4o-mini']);
    expect(out).toContain('2 exchange(s): 2 with the recorded status');
    // aimock's answers really lack fields the reference has (usage.cost, sequence_number): shapes differ.
    expect(code).toBe(1);
    const sequence = out.split('\n').filter((l) => /^\s+sequence_number: number/.test(l));
    expect(sequence).toHaveLength(1);
    expect(sequence[0]).toMatch(/in \d+ event type\(s\): response\.created/);
    // No field is listed twice under one heading of one exchange.
    for (const block of out.split('\n\n')) {
      const fieldLines = block.split('\n').filter((l) => /^ {4}\S/.test(l));
      expect(new Set(fieldLines).size).toBe(fieldLines.length);
    }
    expect(out.split('\n').length).toBeLessThan(80);
  });

  test("--catalog serves the recording's model id as it is", async () => {
    const catalogFile = join(mkdtempSync(join(tmpdir(), 'gatewaykit-diff-catalog-')), 'catalog.json');
    writeFileSync(
      catalogFile,
      JSON.stringify({
        extends: 'default',
        providers: [{ slug: 'aimock', name: 'aimock' }],
        models: [
          { id: 'gpt-4o-mini', name: 'GPT-4o mini', context_length: 128000, endpoints: [{ provider: 'aimock', pricing: { prompt: '0', completion: '0' } }] },
        ],
      }),
    );
    const { out } = await runDiff(['--cassettes', dir, '--catalog', catalogFile]);
    expect(out).toContain('2 exchange(s): 2 with the recorded status');
  });

  test('a recording of the same shapes exits 0', async () => {
    const cassette = JSON.parse(readFileSync(join(dir, readdirSync(dir).sort()[0]!), 'utf8')) as Cassette;
    const same = mkdtempSync(join(tmpdir(), 'gatewaykit-diff-same-'));
    // The simulator's own answer as the recording: nothing differs.
    const { createGateway } = await import('../../src/gateway/create-gateway.ts');
    const { virtualClock } = await import('../../src/clock/virtual-clock.ts');
    const gateway = createGateway({ clock: virtualClock() });
    const body = { model: 'openai/gpt-4o-mini', input: 'Tell me about rivers.' };
    const answer = await gateway.fetch('/responses', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    cassette.request.body = { json: body };
    cassette.response = { ...cassette.response, status: answer.status, headers: { 'content-type': 'application/json' }, body: { json: await answer.json() } };
    writeFileSync(join(same, '0001-post-responses.json'), JSON.stringify(cassette));
    const { code, out } = await runDiff(['--cassettes', same]);
    expect(out).toContain('1 with the same shape');
    expect(code).toBe(0);
  });

  test('bad usage: a typo gets a suggestion in one line, exit 2', async () => {
    const { code, out } = await runDiff(['--cassette', dir]);
    expect(code).toBe(2);
    expect(out.split('\n')[0]).toBe('gatewaykit diff: unknown option --cassette (did you mean --cassettes?)');
    expect(out.split('\n').length).toBeLessThanOrEqual(2);
    expect((await runDiff(['--cassettes', dir, '--model-map', 'nope'])).code).toBe(2);
  });
});

describe('human output escapes control characters', () => {
  const osc52 = '\u001b]52;c;cm0gLXJmIH4=\u0007';
  const clear = '\u001b[2J\u001b[H';

  test('printable escapes C0, DEL, C1, separators and bidi overrides, and nothing else', () => {
    expect(printable(`a${osc52}b`)).toBe('a\\x1b]52;c;cm0gLXJmIH4=\\x07b');
    expect(printable('x\u009b2Jy\u202ez\u2028\r\n\t\u007f')).toBe('x\\x9b2Jy\\u202ez\\u2028\\x0d\\x0a\\x09\\x7f');
    expect(printable('plain text, é and 日本 stay')).toBe('plain text, é and 日本 stay');
  });

  test('a report of a hostile cassette holds no escape character', () => {
    const hostile: CassetteDiff = {
      request: `POST /responses?x=${osc52}`,
      status: { recorded: 200, simulated: 400 },
      messages: { recorded: `ok${clear}`, simulated: `model: "${osc52}" is not a valid model ID` },
      fields: [{ path: `a${clear}`, kind: 'absent-in-simulator', recorded: ['string'], events: [`evt${osc52}`] }],
      events: { recorded: [`response.created${clear}`], simulated: ['response.created'] },
      identicalShape: false,
    };
    const report = formatDiffReport([[`0001-${clear}.json`, hostile]]);
    expect(report).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(report).toContain('\\x1b]52;c;');
  });
});
