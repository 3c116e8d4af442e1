import { formatZodError } from '../../errors/format-zod-error.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { RerankRequestSchema, type RerankRequest } from '../../schemas/rerank-request.ts';
import { parseRequest } from '../../validation/parse-request.ts';

export { RerankRequestSchema, type RerankRequest } from '../../schemas/rerank-request.ts';

/**
 * The body of `POST /rerank`, validated once (reference `createRerank`; the schema lives in
 * src/schemas/ so `/openapi.json` can describe it), or the 400 naming the first bad field.
 *
 * @example
 * readRerankRequest({ model: 'cohere/rerank-v3.5', query: 'capital of France', documents: ['Paris'] }).top_n; // undefined (all)
 */
export function readRerankRequest(body: unknown): RerankRequest {
  const parsed = parseRequest(RerankRequestSchema, body);
  if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
  return parsed.data;
}
