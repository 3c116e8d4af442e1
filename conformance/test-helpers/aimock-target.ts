import { LLMock } from '@copilotkit/aimock';

/** What aimock received, as its journal tells it. */
export interface AimockRequest {
  readonly method: string;
  readonly path: string;
}

export interface AimockTarget {
  /** The OpenAI-style base URL, `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  requests(): AimockRequest[];
  stop(): Promise<void>;
}

/**
 * `@copilotkit/aimock` on 127.0.0.1 with one catch-all fixture (every chat, Messages or Responses
 * request answers "OK"; embeddings get aimock's own vectors), as a new user would point the suite at it.
 *
 * @example
 * const target = await startAimock();
 * await runConformance({ baseUrl: target.baseUrl, apiKey: 'k' });
 * await target.stop();
 */
export async function startAimock(): Promise<AimockTarget> {
  const mock = new LLMock({ port: 0, host: '127.0.0.1', logLevel: 'silent' } as ConstructorParameters<typeof LLMock>[0]);
  // Embedding requests fall through to aimock's own deterministic vectors (a text fixture has none).
  mock.addFixture({
    match: { predicate: (req: { _endpointType?: string }) => req._endpointType !== 'embedding' },
    response: { content: 'OK' },
  } as unknown as Parameters<LLMock['addFixture']>[0]);
  await mock.start();
  return {
    baseUrl: `${mock.url}/v1`,
    requests: () => mock.getRequests().map((r) => ({ method: String(r.method), path: String(r.path) })),
    stop: () => mock.stop(),
  };
}
