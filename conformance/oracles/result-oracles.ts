import { GatewayMetadataSchema } from '../../src/schemas/gateway-metadata.ts';
import { ResponsesResultSchema } from '../../src/schemas/responses-result.ts';
import { checkUsageArithmetic } from '../../src/schemas/usage.ts';
import type { Problems } from '../check.ts';
import { exchangeJson, mediaType, type Exchange } from '../client/exchange.ts';
import { expectAccepted } from './error-envelope.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;

/** spec 2.2, 4.1: a non-streaming success is JSON matching the result schema. */
export function resultShapeProblems(answer: Answer): Problems {
  const accepted = expectAccepted(answer);
  if (accepted.length > 0) return accepted;
  const problems: string[] = [];
  if (mediaType(answer) !== 'application/json') problems.push(`spec 4.1: content-type must be application/json, was "${answer.headers['content-type'] ?? '(none)'}"`);
  const parsed = ResponsesResultSchema.safeParse(exchangeJson(answer));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    problems.push(`spec 2.2: the result does not match the schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  } else if (parsed.data.status === 'completed' && parsed.data.error !== null) {
    problems.push('spec 2.2: error must be null on success');
  }
  return problems;
}

/** spec 2.2: usage counts are integers and add up (total = input + output, details within their totals). */
export function resultUsageProblems(answer: Answer): Problems {
  const accepted = expectAccepted(answer);
  if (accepted.length > 0) return accepted;
  const usage = ResponsesResultSchema.shape.usage.safeParse((exchangeJson(answer) as { usage?: unknown } | undefined)?.usage);
  if (!usage.success) return [`spec 2.2: usage does not match its schema: ${usage.error.issues[0]?.message}`];
  return checkUsageArithmetic(usage.data).map((p) => `spec 2.2 usage: ${p}`);
}

/** spec 2.1 header table, 2.6: `gateway_metadata` appears only when asked for. */
export function metadataAbsentProblems(answer: Answer): Problems {
  const body = exchangeJson(answer) as Record<string, unknown> | undefined;
  return body && 'gateway_metadata' in body && body.gateway_metadata !== null
    ? ['spec 2.1: gateway_metadata returned although the metadata header was not enabled (the default is disabled)']
    : [];
}

/** spec 2.6: with the header enabled, `gateway_metadata` is there and matches its schema. */
export function metadataPresentProblems(answer: Answer): Problems {
  const body = exchangeJson(answer) as Record<string, unknown> | undefined;
  if (!body || typeof body.gateway_metadata !== 'object' || body.gateway_metadata === null) {
    return [`spec 2.1, 2.6: gateway_metadata missing from the ${answer.status >= 400 ? 'error body' : 'result'} although the metadata header was enabled`];
  }
  const parsed = GatewayMetadataSchema.safeParse(body.gateway_metadata);
  return parsed.success ? [] : [`spec 2.6: gateway_metadata does not match its schema: ${parsed.error.issues[0]?.message}`];
}
