import type { OperationHandlers } from '../operation.ts';
import { generationData } from '../../account/generation-record.ts';
import { keyInfo } from '../../account/key-info.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { generationIdOf } from './request.ts';

/** The account operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'generation.get': (ctx) => {
    const id = generationIdOf(ctx.url);
    const record = env.account.generation(id);
    if (!record) {
      throw new GatewayError(
        404,
        `Generation ${JSON.stringify(id)} not found: only paid answers are recorded, and the oldest are forgotten past the limit or on reset`,
      );
    }
    return jsonResponse({ data: generationData(record) });
  },
  'key.get': (ctx) => {
    if (!ctx.apiKey) throw new GatewayError(401);
    return jsonResponse({ data: keyInfo(ctx.apiKey, env.account) });
  },
  'credits.get': () => jsonResponse({ data: { total_credits: env.account.totalCredits(), total_usage: env.account.totalUsage() } }),
});
