import type { OperationHandlers } from '../operation.ts';
import { runEngine } from '../../engine/run-engine.ts';
import { responsesValidator } from '../../validation/validate-responses-request.ts';
import type { CanonicalRequest } from '../../engine/canonical-request.ts';
import type { ResponsesRequest } from '../../schemas/responses-request.ts';
import { renderResponses } from './response.ts';
import { chatShapedWarning, WARNING_HEADER } from './chat-shaped-warning.ts';

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

/** The responses operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ engine }) => {
  // Chosen once per gateway: the small-body reader first, or the schema alone (`fastPaths`).
  const validate = responsesValidator(engine.env.parse, engine.env.fastPaths);
  return {
    // Identical requests are answered from the memo (src/engine/answer-memo.ts), ids drawn afresh.
    'responses.create': (ctx) =>
      engine.answers.answer(ctx, 'responses', async (body) => {
        const answer = await runEngine(engine, responsesToCanonical(validate(body)), ctx);
        const response = await renderResponses(answer);
        const warning = chatShapedWarning(body);
        if (warning) response.headers.set(WARNING_HEADER, warning);
        return { answer, response };
      }),
  };
};
