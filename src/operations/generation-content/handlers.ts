import type { OperationHandlers } from '../operation.ts';
import { generationContentBody } from '../../account/generation-content.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { GenerationContentQuerySchema } from './request.ts';

/** The generation-content operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'generation.content.get': (ctx) => {
    const { id } = readRequest(GenerationContentQuerySchema, queryObject(ctx.url));
    const content = env.account.generationContent(id);
    if (!content) {
      throw new GatewayError(
        404,
        `Generation content for ${JSON.stringify(id)} not found: text generations store it, and the oldest are forgotten past the generations limit (${env.account.generationsKept()}) or on reset`,
      );
    }
    return jsonResponse(generationContentBody(content));
  },
});
