import { z } from 'zod';
import { ProviderSortSchema } from './provider-preferences.ts';

/** reference `ImageGenerationRequest.resolution`: the tiers an image model may offer. */
export const IMAGE_RESOLUTIONS = ['512', '1K', '2K', '4K'] as const;
export type ImageResolution = (typeof IMAGE_RESOLUTIONS)[number];
/** reference `ImageGenerationRequest.output_format`. */
export const IMAGE_FORMATS = ['png', 'jpeg', 'webp', 'svg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** reference `ImageGenerationRequest.aspect_ratio`. */
export const ASPECT_RATIOS = [
  '1:1',
  '1:2',
  '1:4',
  '1:8',
  '2:1',
  '2:3',
  '3:2',
  '3:4',
  '4:1',
  '4:3',
  '4:5',
  '5:4',
  '8:1',
  '9:16',
  '16:9',
  '9:19.5',
  '19.5:9',
  '9:20',
  '20:9',
  '9:21',
  '21:9',
  'auto',
] as const;

const slugList = z.array(z.string().min(1)).nullable().optional();

/** reference `ImageGenerationProviderPreferences` (sort and options are accepted and have no effect here). */
const ImageProviderSchema = z.looseObject({
  allow_fallbacks: z.boolean().nullable().optional(),
  only: slugList,
  ignore: slugList,
  order: slugList,
  options: z.record(z.string(), z.unknown()).optional(),
  sort: ProviderSortSchema.nullable().optional(),
});

/** reference `ContentPartImage`. */
const ImageReferenceSchema = z.looseObject({ type: z.literal('image_url'), image_url: z.looseObject({ url: z.string().min(1) }) });

/**
 * The body of `POST /images` (reference `ImageGenerationRequest`): `model` and `prompt` required;
 * `n` 1 to 10, `output_compression` 0 to 100, at most 16 `input_references`.
 */
export const ImageRequestSchema = z.looseObject({
  model: z.string().min(1),
  prompt: z.string().min(1).max(32_000),
  n: z.number().int().min(1).max(10).optional(),
  size: z.string().min(1).max(32).optional(),
  resolution: z.enum(IMAGE_RESOLUTIONS).optional(),
  aspect_ratio: z.enum(ASPECT_RATIOS).optional(),
  output_format: z.enum(IMAGE_FORMATS).optional(),
  output_compression: z.number().int().min(0).max(100).optional(),
  background: z.enum(['auto', 'transparent', 'opaque']).optional(),
  quality: z.enum(['auto', 'low', 'medium', 'high']).optional(),
  seed: z.number().int().optional(),
  stream: z.boolean().optional(),
  input_references: z.array(ImageReferenceSchema).max(16).optional(),
  provider: ImageProviderSchema.nullable().optional(),
});
export type ImageRequest = z.infer<typeof ImageRequestSchema>;

/** reference `ImageGenerationUsage`, as the simulator fills it. */
const ImageUsageSchema = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
  cost: z.number(),
  is_byok: z.boolean(),
  completion_tokens_details: z.object({ image_tokens: z.number().int() }),
});

/** The JSON answer of `POST /images` (reference `ImageGenerationResponse`). */
export const ImageResponseSchema = z.object({
  created: z.number().int(),
  data: z.array(z.object({ b64_json: z.string(), media_type: z.string() })),
  usage: ImageUsageSchema,
});

/** One SSE `data` payload of a streamed `POST /images` (reference `ImageStreamingResponse`). */
export const ImageStreamEventSchema = z.union([
  z.object({ type: z.literal('image_generation.partial_image'), partial_image_index: z.number().int(), b64_json: z.string() }),
  z.object({
    type: z.literal('image_generation.completed'),
    b64_json: z.string(),
    created: z.number().int(),
    media_type: z.string(),
    usage: ImageUsageSchema.optional(),
  }),
]);

const CapabilitySchema = z.union([
  z.object({ type: z.literal('enum'), values: z.array(z.string()) }),
  z.object({ type: z.literal('range'), min: z.number(), max: z.number() }),
  z.object({ type: z.literal('boolean') }),
]);

/** `GET /images/models` (reference `ImageModelsListResponse`). */
export const ImageModelsListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      created: z.number().int(),
      architecture: z.object({ input_modalities: z.array(z.string()), output_modalities: z.array(z.string()) }),
      supported_parameters: z.record(z.string(), CapabilitySchema),
      supports_streaming: z.boolean(),
      endpoints: z.string(),
    }),
  ),
});

/** `GET /images/models/{author}/{slug}/endpoints` (reference `ImageModelEndpointsResponse`). */
export const ImageModelEndpointsSchema = z.object({
  id: z.string(),
  endpoints: z.array(
    z.object({
      provider_name: z.string(),
      provider_slug: z.string(),
      provider_tag: z.string().nullable(),
      supported_parameters: z.record(z.string(), CapabilitySchema),
      allowed_passthrough_parameters: z.array(z.string()),
      supports_streaming: z.boolean(),
      pricing: z.array(z.object({ billable: z.string(), unit: z.string(), cost_usd: z.number() })),
    }),
  ),
});
