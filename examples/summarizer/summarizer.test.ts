import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGatewayTest } from 'gatewaykit/vitest';
import { createSummarizer, SummarizerError } from './summarizer.ts';

const ARTICLE = 'The river rose overnight after three days of rain. Residents moved cars to higher ground, and the town opened the school gym as a shelter.';

// In-process: each test gets a fresh simulated gateway answering the global fetch (msw).
const test_ = createGatewayTest();

describe('summarizer against the in-process simulator', () => {
  test_('summarises in one attempt', async ({ gateway }) => {
    const summarizer = createSummarizer({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test' });
    const summary = await summarizer.summarize(ARTICLE);
    expect(summary.text.length).toBeGreaterThan(0);
    expect(summary.attempts).toBe(1);
    expect(summary.outputTokens).toBeGreaterThan(0);
    const [request] = gateway.requests();
    expect(request!.body).toMatchObject({ model: 'openai/gpt-4o-mini', input: ARTICLE });
  });

  test_('waits out a 429 for its Retry-After (on the virtual clock) and retries', async ({ gateway }) => {
    const waits: number[] = [];
    const summarizer = createSummarizer({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-rate-limited', // 1 request per 2 s
      sleep: async (ms) => {
        waits.push(ms);
        await gateway.advance(ms);
      },
    });
    await summarizer.summarize(ARTICLE);
    const second = await summarizer.summarize(ARTICLE);
    expect(second.attempts).toBe(2);
    expect(waits).toEqual([2_000]);
    expect(gateway.requests().map((r) => r.status)).toEqual([200, 429, 200]);
  });

  test_('retries when every provider of the model fails once', async ({ gateway }) => {
    gateway.failProvider('openai', 503, 1);
    gateway.failProvider('azure', 503, 1);
    const summarizer = createSummarizer({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', sleep: (ms) => gateway.advance(ms) });
    const summary = await summarizer.summarize(ARTICLE);
    expect(summary.attempts).toBe(2);
    expect(gateway.requests()[0]!.status).toBeGreaterThanOrEqual(500);
  });

  test_('gives up after maxAttempts with the last status', async ({ gateway }) => {
    const summarizer = createSummarizer({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      maxAttempts: 2,
      sleep: (ms) => gateway.advance(ms),
      // Every request forced to 529 (provider overloaded).
      fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), ...gateway.forceStatus(529) } }),
    });
    const error = await summarizer.summarize(ARTICLE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SummarizerError);
    expect(error).toMatchObject({ status: 529, attempts: 2, retryable: true });
    expect(gateway.requests()).toHaveLength(2);
  });

  test_('fails fast, without retrying, on errors a retry cannot fix (402, 401)', async ({ gateway }) => {
    const broke = createSummarizer({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-no-credits' });
    await expect(broke.summarize(ARTICLE)).rejects.toMatchObject({ status: 402, attempts: 1, retryable: false });
    const stranger = createSummarizer({ baseUrl: gateway.baseUrl, apiKey: 'sk-unknown' });
    const error = (await stranger.summarize(ARTICLE).catch((e: unknown) => e)) as SummarizerError;
    expect(error.status).toBe(401);
    expect(error.message.length).toBeGreaterThan(0);
    expect(gateway.requests()).toHaveLength(2);
  });
});

describe('summarizer against a real `gatewaykit serve --clock virtual`', () => {
  let server: ChildProcess;
  let baseUrl: string;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    const bin = fileURLToPath(new URL('../../bin/gatewaykit.js', import.meta.url));
    server = spawn(process.execPath, [bin, 'serve', '--port', '0', '--clock', 'virtual'], { stdio: ['ignore', 'pipe', 'pipe'] });
    exited = new Promise((resolve) => server.once('exit', resolve));
    let stderr = '';
    server.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    baseUrl = await new Promise<string>((resolve, reject) => {
      createInterface({ input: server.stdout! }).on('line', (line) => {
        const match = /listening on (\S+)/.exec(line);
        if (match) resolve(match[1]!);
      });
      void exited.then((code) => reject(new Error(`gatewaykit serve exited (${code}): ${stderr}`)));
    });
  });
  afterAll(async () => {
    server?.kill('SIGTERM');
    await exited;
  });

  test('summarises, and retries a 429 by advancing the server clock through the control API', async () => {
    const origin = new URL(baseUrl).origin;
    const advance = async (ms: number) => {
      const res = await fetch(`${origin}/__gatewaykit/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms }),
      });
      expect(res.status).toBe(200);
    };
    const ok = await createSummarizer({ baseUrl, apiKey: 'sk-gw-test' }).summarize(ARTICLE);
    expect(ok.text.length).toBeGreaterThan(0);

    const limited = createSummarizer({ baseUrl, apiKey: 'sk-gw-rate-limited', sleep: advance });
    expect((await limited.summarize(ARTICLE)).attempts).toBe(1);
    expect((await limited.summarize(ARTICLE)).attempts).toBe(2);
  });
});
