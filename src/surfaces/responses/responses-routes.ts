import { statusesFor } from '../../errors/documented-statuses.ts';
import type { Engine } from '../../engine/create-engine.ts';
import { runEngine } from '../../engine/run-engine.ts';
import type { Route } from '../../http/route.ts';
import type { CanonicalRequest } from '../../engine/canonical-request.ts';
import type { ResponsesRequest } from '../../schemas/responses-request.ts';
import { validateResponsesRequest } from '../../validation/validate-responses-request.ts';
import { renderResponses } from './render-responses.ts';

/**
 * The validated Responses body as the canonical request: as it is, less a `stop_sequences`
 * member the open schema let through (spec 2.1 and the reference's `ResponsesRequest` have no
 * stop sequences; the canonical member is the chat and Messages surfaces' typed one).
 */
function responsesToCanonical(request: ResponsesRequest): CanonicalRequest {
  if (!('stop_sequences' in request)) return request;
  const { stop_sequences: _ignored, ...rest } = request;
  return rest;
}

/**
 * POST /responses (spec 4.1), the first surface of the engine: the validated body (spec 2.1) is
 * the canonical request as it is, and the answer is rendered as the spec 2.2 result or the
 * spec 6 stream.
 *
 * @example
 * const routes = responsesRoutes(createEngine(env));
 */
export function responsesRoutes(engine: Engine): Route[] {
  return [
    {
      method: 'POST',
      path: '/responses',
      operation: 'responses.create',
      auth: 'key',
      paid: true,
      faults: statusesFor('responses'),
      // Identical requests are answered from the memo (src/engine/answer-memo.ts), ids drawn afresh.
      handle: (ctx) =>
        engine.answers.answer(ctx, 'responses', async (body) => {
          const answer = await runEngine(engine, responsesToCanonical(validateResponsesRequest(body)), ctx);
          return { answer, response: await renderResponses(answer) };
        }),
    },
  ];
}
