import { AUTH } from './default-requests.ts';

/** A small request's latency while large answers are made (issue 40: long generation yields). */
export interface FairnessResult {
  large: number;
  /** Bytes of one large request's body, and of its streamed answer. */
  requestBytes: number;
  answerBytes: number;
  small: number;
  p50: number;
  p99: number;
  max: number;
  /** From the first large request to the last large answer's last byte. */
  ms: number;
}

/** A ~300-byte chat stream asking for a 1 MiB structured answer; `i` keeps each one's own plan. */
function largeBody(i: number): string {
  const schema = { type: 'object', properties: { a: { type: 'string', minLength: 1_000_000 } }, required: ['a'] };
  return JSON.stringify({
    model: 'openai/gpt-4o-mini',
    stream: true,
    messages: [{ role: 'user', content: `Request ${i}: the long answer, please.` }],
    response_format: { type: 'json_schema', json_schema: { name: 'long', schema } },
  });
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * `large` large answers streamed at once from the server at `url`, while a small `GET /key` is
 * sent one after another until the last large answer ends: the small requests' latencies.
 */
export async function fairness(url: string, large = 50): Promise<FairnessResult> {
  const key = async () => {
    const started = performance.now();
    const res = await fetch(`${url}/key`, { headers: AUTH });
    await res.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) await key(); // warm-up
  const warm = await fetch(`${url}/chat/completions`, { method: 'POST', headers: AUTH, body: largeBody(-1) });
  const answerBytes = (await warm.arrayBuffer()).byteLength;
  const started = performance.now();
  let done = false;
  const answers = Promise.all(
    Array.from({ length: large }, (_, i) =>
      fetch(`${url}/chat/completions`, { method: 'POST', headers: AUTH, body: largeBody(i) }).then((r) => r.arrayBuffer()),
    ),
  ).finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) latencies.push(await key());
  await answers;
  const ms = performance.now() - started;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    large,
    requestBytes: largeBody(0).length,
    answerBytes,
    small: latencies.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    ms,
  };
}
