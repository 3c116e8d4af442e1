import { z } from 'zod';
import { KeyResponseSchema } from '../../src/schemas/account-responses.ts';
import { ImageResponseSchema } from '../../src/schemas/image-request.ts';
import { RerankResponseSchema } from '../../src/schemas/rerank-request.ts';

/**
 * The package's answer schemas describe what the simulator sends, and a few require members the
 * reference's operation does not (the SDK's extras on `GET /key`, the cost and media type the
 * simulator always fills on images and rerank). A gateway is judged by what the reference
 * requires: these are the package's schemas with exactly those members made optional.
 */
export const REFERENCE_REQUIRED: Readonly<Record<string, z.ZodType>> = {
  // reference getCurrentKey: none of these is in data.required.
  KeyResponse: z.object({
    data: KeyResponseSchema.shape.data.partial({
      expires_at: true,
      allowed_data_regions: true,
      organization_id: true,
      workspace_id: true,
      free_model_daily_requests: true,
    }),
  }),
  // reference ImageGenerationResponse: created and data (each with b64_json); usage optional, with prompt, completion and total tokens.
  ImageGenerationResponse: ImageResponseSchema.extend({
    data: z.array(ImageResponseSchema.shape.data.element.partial({ media_type: true })),
    usage: ImageResponseSchema.shape.usage.partial({ cost: true, is_byok: true, completion_tokens_details: true }).optional(),
  }),
  // reference createRerank: model and results required; id, provider and usage (all its members) optional.
  RerankResponse: RerankResponseSchema.partial({ id: true, provider: true }).extend({ usage: RerankResponseSchema.shape.usage.partial().optional() }),
};
