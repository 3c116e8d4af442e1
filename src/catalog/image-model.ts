import { z } from 'zod';
import { IMAGE_FORMATS, IMAGE_RESOLUTIONS } from '../schemas/image-request.ts';

export { IMAGE_FORMATS, IMAGE_RESOLUTIONS, type ImageFormat, type ImageResolution } from '../schemas/image-request.ts';

/** One provider endpoint of an image model (reference `ImageEndpoint`), priced per output image. */
export const ImageEndpointSchema = z.object({
  /** Provider slug; a slug of `catalog.providers` lets the control API fail it. */
  provider: z.string().min(1),
  /** Display name, used when the catalogue has no provider of that slug. */
  provider_name: z.string().min(1),
  /** USD per output image (reference `ImagePricingEntry` billable `output_image`, unit `image`). */
  price_per_image: z.number().nonnegative(),
  /** reference `ImageEndpoint.supports_streaming`: partial images over SSE when `stream: true`. */
  supports_streaming: z.boolean().default(false),
  /** Seconds until the image is ready, under realistic timing. */
  latency: z.number().positive().default(4),
});
export type ImageEndpoint = z.infer<typeof ImageEndpointSchema>;

/**
 * An image generation model of the catalogue (`POST /images`, reference `createImages`,
 * `listImageModels`): what it accepts (input modalities, resolutions, output formats, at most
 * `max_images` per request) and the provider endpoints that serve it.
 *
 * @example
 * ImageModelSchema.parse({ id: 'acme/paint', name: 'Acme Paint', created: 1700000000,
 *   endpoints: [{ provider: 'acme', provider_name: 'Acme', price_per_image: 0.02 }] });
 */
export const ImageModelSchema = z.object({
  id: z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'an image model id is author/slug'),
  name: z.string().min(1),
  description: z.string().default(''),
  /** Unix seconds. */
  created: z.number().int().nonnegative(),
  input_modalities: z
    .array(z.enum(['text', 'image']))
    .min(1)
    .default(['text']),
  resolutions: z.array(z.enum(IMAGE_RESOLUTIONS)).min(1).default(['1K', '2K']),
  output_formats: z.array(z.enum(IMAGE_FORMATS)).min(1).default(['png', 'jpeg']),
  /** reference `n`: 1 to 10; a single-image model has 1 and refuses `n` > 1. */
  max_images: z.number().int().min(1).max(10).default(4),
  endpoints: z.array(ImageEndpointSchema).min(1),
});
export type ImageModel = z.infer<typeof ImageModelSchema>;
export type ImageModelInput = z.input<typeof ImageModelSchema>;
