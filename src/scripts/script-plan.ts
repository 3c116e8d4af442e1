import { documentedStatus } from '../errors/documented-statuses.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { FORCED_RETRY_AFTER_MS } from '../errors/retry-after.ts';
import type { ReplyPlan } from '../generation/reply-plan.ts';
import type { ScriptReply } from './script-rule.ts';

const toArguments = (args: Record<string, unknown> | string | undefined): string =>
  args === undefined ? '{}' : typeof args === 'string' ? args : JSON.stringify(args);

/**
 * A scripted reply as a {@link ReplyPlan} (it then goes through the same output budget, ids,
 * usage and streaming as a generated one). An `error` reply throws its GatewayError, so it is
 * answered before any stream starts, like a routing failure (spec 7 envelope, real status).
 */
export function scriptPlan(reply: ScriptReply, gatewayMetadata?: Record<string, unknown>): ReplyPlan {
  switch (reply.type) {
    case 'text':
      return { text: reply.text };
    case 'function_call':
      return { calls: [{ name: reply.name, arguments: toArguments(reply.arguments) }] };
    case 'function_calls':
      return { calls: reply.calls.map((c) => ({ name: c.name, arguments: toArguments(c.arguments) })) };
    case 'reasoning':
      return {
        reasoning: reply.summary !== undefined ? { text: reply.reasoning, summary: reply.summary } : { text: reply.reasoning },
        ...(reply.text !== undefined ? { text: reply.text } : {}),
      };
    case 'refusal':
      return { refusal: reply.refusal };
    case 'error':
      throw new GatewayError(reply.status, reply.message, {
        ...(reply.metadata ? { metadata: reply.metadata } : {}),
        ...(gatewayMetadata ? { gatewayMetadata } : {}),
        // A scripted 429/503 advertises the rule's delay, else the short one of forced failures.
        ...(reply.retryAfterMs !== undefined
          ? { retryAfterMs: reply.retryAfterMs, retryAfterPinned: true }
          : documentedStatus(reply.status)?.retryAfterSeconds !== undefined
            ? { retryAfterMs: FORCED_RETRY_AFTER_MS }
            : {}),
      });
  }
}
