import type { ImageEndpoint, ImageModel } from '../../catalog/image-model.ts';
import type { ImageUsage } from './billing.ts';

export interface MadeImage {
  readonly b64: string;
  readonly mediaType: string;
}

/**
 * The JSON answer of `POST /images` (reference `ImageGenerationResponse`).
 *
 * @example
 * imagesBody(1748372400, [{ b64: 'iVBOR...', mediaType: 'image/png' }], usage);
 */
export function imagesBody(created: number, images: readonly MadeImage[], usage: ImageUsage): Record<string, unknown> {
  return { created, data: images.map((i) => ({ b64_json: i.b64, media_type: i.mediaType })), usage };
}

/**
 * The events of a streamed answer (reference `ImageStreamingResponse`): per image, a partial
 * image (`image_generation.partial_image`), then the final one (`image_generation.completed`,
 * with the usage on the last).
 */
export function imageStreamEvents(created: number, partials: readonly MadeImage[], finals: readonly MadeImage[], usage: ImageUsage): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  finals.forEach((image, i) => {
    const partial = partials[i];
    if (partial) events.push({ type: 'image_generation.partial_image', partial_image_index: 0, b64_json: partial.b64 });
    events.push({
      type: 'image_generation.completed',
      b64_json: image.b64,
      created,
      media_type: image.mediaType,
      ...(i === finals.length - 1 ? { usage } : {}),
    });
  });
  return events;
}

/** reference `SupportedParameters` of a model. */
function supportedParameters(model: ImageModel): Record<string, unknown> {
  return {
    resolution: { type: 'enum', values: [...model.resolutions] },
    aspect_ratio: { type: 'enum', values: ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9'] },
    output_format: { type: 'enum', values: [...model.output_formats] },
    n: { type: 'range', min: 1, max: model.max_images },
    seed: { type: 'boolean' },
    ...(model.output_formats.some((f) => f === 'jpeg' || f === 'webp') ? { output_compression: { type: 'range', min: 0, max: 100 } } : {}),
  };
}

function providerName(endpoint: ImageEndpoint, providers: ReadonlyArray<{ slug: string; name: string }>): string {
  return providers.find((p) => p.slug === endpoint.provider)?.name ?? endpoint.provider_name;
}

/**
 * One model of `GET /images/models` (reference `ImageModelListItem`).
 *
 * @example
 * imageModelItem(model, '/api/v1').endpoints; // '/api/v1/images/models/bytedance-seed/seedream-4.5/endpoints'
 */
export function imageModelItem(model: ImageModel, basePath: string): Record<string, unknown> {
  return {
    id: model.id,
    name: model.name,
    description: model.description,
    created: model.created,
    architecture: { input_modalities: [...model.input_modalities], output_modalities: ['image'] },
    supported_parameters: supportedParameters(model),
    supports_streaming: model.endpoints.some((e) => e.supports_streaming),
    endpoints: `${basePath}/images/models/${model.id}/endpoints`,
  };
}

/**
 * `GET /images/models/{author}/{slug}/endpoints` (reference `ImageModelEndpointsResponse`).
 */
export function imageModelEndpoints(model: ImageModel, providers: ReadonlyArray<{ slug: string; name: string }>): Record<string, unknown> {
  return {
    id: model.id,
    endpoints: model.endpoints.map((e) => ({
      provider_name: providerName(e, providers),
      provider_slug: e.provider,
      provider_tag: e.provider,
      supported_parameters: supportedParameters(model),
      allowed_passthrough_parameters: [],
      supports_streaming: e.supports_streaming,
      pricing: [{ billable: 'output_image', unit: 'image', cost_usd: e.price_per_image }],
    })),
  };
}
