import { GatewayError } from '../errors/gateway-error.ts';
import { ResponsesRequestSchema, type ResponsesRequest } from '../schemas/responses-request.ts';
import { formatZodError } from './format-zod-error.ts';

/**
 * Validate a parsed JSON body against spec 2.1. Returns the typed request, or throws a
 * GatewayError (400 schema rule broken, 422 semantic conflict) whose message names the field
 * path and the rule. PLACEHOLDER until the schemas area lands; the signature stays.
 */
export function validateResponsesRequest(body: unknown): ResponsesRequest {
  const result = ResponsesRequestSchema.safeParse(body);
  if (!result.success) throw new GatewayError(400, formatZodError(result.error));
  return result.data;
}
