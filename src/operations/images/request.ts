import { formatZodError } from '../../errors/format-zod-error.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { ImageRequestSchema, type ImageRequest } from '../../schemas/image-request.ts';
import { parseRequest } from '../../validation/parse-request.ts';

export { ImageRequestSchema, type ImageRequest } from '../../schemas/image-request.ts';

/**
 * The body of `POST /images`, validated once (reference `ImageGenerationRequest`; the schema lives
 * in src/schemas/ so `/openapi.json` can describe it), or the 400 naming the first bad field.
 *
 * @example
 * readImageRequest({ model: 'bytedance-seed/seedream-4.5', prompt: 'a cat' }).n; // undefined (1)
 */
export function readImageRequest(body: unknown): ImageRequest {
  const parsed = parseRequest(ImageRequestSchema, body);
  if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
  return parsed.data;
}
