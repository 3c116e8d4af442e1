/**
 * The timing tests' model: one model with one endpoint whose time to first token and throughput
 * the test chooses, its request headers and a short request.
 */
export const MODEL = 'acme/pace-1';
export const catalog = (latency: number, throughput: number) => ({
  extends: 'default' as const,
  providers: [{ slug: 'acme-cloud', name: 'Acme Cloud' }],
  models: [
    {
      id: MODEL,
      name: 'Pace 1',
      context_length: 8192,
      endpoints: [{ provider: 'acme-cloud', pricing: { prompt: '0.000001', completion: '0.000002' }, latency, throughput }],
    },
  ],
});
export const HEADERS = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
export const body = (extra: Record<string, unknown> = {}) => JSON.stringify({ model: MODEL, input: 'Tell me about rivers.', max_output_tokens: 40, ...extra });
