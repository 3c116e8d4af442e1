import { exchangeJson } from '../client/exchange.ts';
import { baseResponsesRequest } from '../requests.ts';
import type { SampleFlow } from './operation-declaration.ts';

/**
 * A generation the lookups can describe: one paid Responses answer (one unit of the budget), then
 * `GET /generation?id=` and `GET /generation/content?id=` its `X-Generation-Id`, and feedback on
 * it with the management key (`POST /generation/feedback`). Shared by the three endpoints' checks.
 */
export const generationLookup: SampleFlow = {
  key: 'kit.sample:generation',
  paid: 1,
  async make(client, ctx) {
    const paid = await client.send({ method: 'POST', path: '/responses', body: baseResponsesRequest(ctx.model) });
    const id = paid.headers['x-generation-id'] ?? (exchangeJson(paid) as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string') return {};
    const query = `?id=${encodeURIComponent(id)}`;
    return {
      'generation.get': await client.send({ method: 'GET', path: `/generation${query}` }),
      'generation.content.get': await client.send({ method: 'GET', path: `/generation/content${query}` }),
      'generation.feedback': await client.send({ method: 'POST', path: '/generation/feedback', auth: 'management', body: feedbackOn(id) }),
    };
  },
};

/** reference `SubmitGenerationFeedbackRequest`: one category, no comment. */
export const feedbackOn = (id: string) => ({ generation_id: id, category: 'other' });
/** A generation id no gateway issued. */
export const NEVER_ISSUED = 'gen-gatewaykit-conformance-never-issued';
