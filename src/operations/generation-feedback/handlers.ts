import type { OperationHandlers } from '../operation.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { readJsonRequest } from '../read-json-request.ts';
import { GenerationFeedbackRequestSchema } from './request.ts';

/** The generation-feedback operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'generation.feedback': async (ctx) => {
    const feedback = await readJsonRequest(ctx, GenerationFeedbackRequestSchema);
    const id = feedback.generation_id;
    if (!env.account.generation(id) && !env.account.generationContent(id)) {
      throw new GatewayError(
        404,
        `generation_id: generation ${JSON.stringify(id)} not found (never made here, forgotten past the generations limit, or on reset)`,
      );
    }
    return jsonResponse({ data: { success: true } });
  },
});
