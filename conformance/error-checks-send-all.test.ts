import { describe, expect, it } from 'vitest';
import type { FetchLike } from './client/gateway-client.ts';
import { runConformance } from './run-conformance.ts';

// Prism 5.14's answers on the reference description: a chat request with any Bearer key gets the
// example, one without a key the 401 envelope, and malformed JSON a 400 whose code is a string.
const PRISM_EXAMPLE =
  '{"id":"chatcmpl-123","object":"chat.completion","created":1677652288,"model":"openai/gpt-4","system_fingerprint":null,"choices":[{"index":0,"message":{"role":"assistant","content":"Hello!"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":10,"total_tokens":20}}';
const PRISM_INVALID_JSON = '{"error":{"code":"invalid_json","message":"Unexpected end of JSON input"}}';
const PRISM_NO_KEY = '{"error":{"code":401,"message":"Missing authentication"}}';

/** A stand-in for Prism answering recorded bodies to chat requests. */
const prismLike: FetchLike = async (input, init) => {
  const request = new Request(input, init);
  const json = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'application/json' } });
  if (!request.headers.get('authorization')) return json(401, PRISM_NO_KEY);
  const body = await request.text();
  try {
    JSON.parse(body);
  } catch {
    return json(400, PRISM_INVALID_JSON);
  }
  return json(200, PRISM_EXAMPLE);
};

describe('the error checks send every case, so the always-on oracles judge every error body', () => {
  it('chat.errors fails on the wrong key (200) and still sends the malformed JSON, whose body always.error-envelope fails', async () => {
    const report = await runConformance({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-any',
      fetch: prismLike,
      only: ['chat.errors', 'always.error-envelope'],
      seed: 1,
      runs: 1,
      preflight: false,
      simulator: false,
    });
    const verdict = (id: string) => report.checks.find((c) => c.id === id);
    expect(verdict('chat.errors')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/expected HTTP 401, got 200/) });
    expect(verdict('always.error-envelope')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/invalid_json|code/) });
    expect(verdict('always.error-envelope')?.observed?.bodyExcerpt).toBe(PRISM_INVALID_JSON);
  });
});
