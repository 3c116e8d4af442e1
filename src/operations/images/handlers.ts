import type { OperationHandlers } from '../operation.ts';
import type { ImageModel } from '../../catalog/image-model.ts';
import { ModelEndpointSchema } from '../../catalog/model-endpoint.ts';
import { bytesToBase64 } from '../../audio/pcm-wav.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { isByokRequest } from '../../management/byok-for-request.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { seededRandom } from '../../random/seeded-random.ts';
import { mediaEndpoint } from '../media-endpoint.ts';
import { requestRecordFields } from '../request-record-fields.ts';
import { sseResponse } from '../../streaming/sse-response.ts';
import { answerTimes } from '../../timing/answer-times.ts';
import { waitForJsonAnswer } from '../../timing/timed-answer.ts';
import { imageUsage } from './billing.ts';
import { encodeImage, IMAGE_MEDIA_TYPES, type EncodeOptions } from './encode-image.ts';
import { imageScene } from './image-scene.ts';
import { imageSize, type ImageSize } from './image-size.ts';
import { readImageRequest, type ImageRequest } from './request.ts';
import { imageModelEndpoints, imageModelItem, imagesBody, imageStreamEvents, type MadeImage } from './response.ts';
import { realisticTiming } from '../../timing/realistic-timing.ts';

/** The catalogue's image model, or the 400 that says what `model` names instead. */
function imageModel(env: GatewayEnv, id: string): ImageModel {
  const model = env.catalog.imageModels.find((m) => m.id === id);
  if (model) return model;
  const listed = env.catalog.imageModels.map((m) => m.id).join(', ') || 'none';
  const known = env.catalog.models.some((m) => m.id === id) || env.catalog.embeddingModels.some((m) => m.id === id);
  throw new GatewayError(400, `model: "${id}" is ${known ? 'not an image model' : 'not a valid model ID'} (image models: ${listed})`);
}

/** The request's choices the model must allow, each refused with a 400 naming its field. */
function checkOptions(request: ImageRequest, model: ImageModel): { count: number; format: EncodeOptions['format'] } {
  const count = request.n ?? 1;
  if (count > model.max_images) throw new GatewayError(400, `n: ${model.id} makes at most ${model.max_images} image(s) per request (got ${count})`);
  const format = request.output_format ?? 'png';
  if (!model.output_formats.includes(format)) {
    throw new GatewayError(400, `output_format: ${model.id} makes ${model.output_formats.join(', ')} (got "${format}")`);
  }
  // reference `background`: transparent requires an output format with alpha.
  if (request.background === 'transparent' && format === 'jpeg')
    throw new GatewayError(400, 'background: transparent requires output_format png or webp (got jpeg)');
  if (request.input_references?.length && !model.input_modalities.includes('image')) {
    throw new GatewayError(400, `input_references: ${model.id} takes text only`);
  }
  return { count, format };
}

async function makeImages(
  env: GatewayEnv,
  request: ImageRequest,
  model: ImageModel,
  size: ImageSize,
  count: number,
  options: Omit<EncodeOptions, 'detail'>,
  detail: boolean,
): Promise<MadeImage[]> {
  const images: MadeImage[] = [];
  for (let i = 0; i < count; i++) {
    // DESIGN determinism: the picture is keyed by the gateway seed, model, prompt, request seed, size and index.
    const rng = seededRandom(env.seed, 'images', model.id, request.prompt, String(request.seed ?? ''), `${size.width}x${size.height}`, String(i));
    const bytes = await encodeImage(imageScene(rng, size), { ...options, detail });
    images.push({ b64: bytesToBase64(bytes), mediaType: IMAGE_MEDIA_TYPES[options.format] });
  }
  return images;
}

async function createImages(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const request = readImageRequest(await ctx.json());
  const apiKey = ctx.apiKey;
  if (!apiKey) throw new GatewayError(401);
  const model = imageModel(env, request.model);
  const { count, format } = checkOptions(request, model);
  const size = imageSize(request, model, count);
  const { endpoint, providerName } = mediaEndpoint(env, model, request.provider);
  const realistic = realisticTiming(ctx.simulation, env.timing);
  const timed = ModelEndpointSchema.parse({ provider: endpoint.provider, pricing: { prompt: '0', completion: '0' }, latency: endpoint.latency });
  // docs/account.md: the images' cost is held before any work (402 when it does not fit), settled once made.
  // docs/byok.md: a credential of the key's workspace for this provider makes the cost the gateway fee.
  const byok = isByokRequest(env.management, apiKey, endpoint.provider, model.id);
  const { usage, upstreamCost } = imageUsage(endpoint, size, count, byok);
  const hold = ctx.reserve(usage.cost);
  // Realistic timing: the endpoint's time to the finished image.
  if (realistic) await waitForJsonAnswer({ clock: env.clock, timing: env.timing, endpoint: timed, providerName }, 0);
  const options = { format, transparent: request.background === 'transparent', compression: request.output_compression ?? 90 };
  const images = await makeImages(env, request, model, size, count, options, true);
  const id = ctx.generationId();
  const times = answerTimes(timed, 0, realistic);
  const streamed = request.stream === true && endpoint.supports_streaming;
  hold.settle({
    id,
    apiType: 'image',
    model: model.id,
    providerName,
    streamed,
    finishReason: 'stop',
    tokensPrompt: 0,
    tokensCompletion: usage.completion_tokens,
    cost: usage.cost,
    upstreamCost,
    isByok: usage.is_byok,
    numMediaPrompt: request.input_references?.length ?? 0,
    ...requestRecordFields(ctx, apiKey.key, times),
  });
  const created = Math.floor(ctx.receivedAt / 1000);
  if (!streamed) return jsonResponse(imagesBody(created, images, usage), { headers: { 'x-generation-id': id } });
  // reference: only providers with native streaming stream; the others answer JSON.
  const partials = await makeImages(env, request, model, size, count, options, false);
  const encoder = new TextEncoder();
  const frames = imageStreamEvents(created, partials, images, usage).map((e) => encoder.encode(`data: ${JSON.stringify(e)}\n\n`));
  return sseResponse([...frames, encoder.encode('data: [DONE]\n\n')], { 'x-generation-id': id });
}

/** The images operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'images.create': (ctx) => createImages(env, ctx),
  'images.models.list': () => jsonResponse({ data: env.catalog.imageModels.map((m) => imageModelItem(m, env.basePath)) }),
  'images.models.endpoints': (ctx) => {
    const id = `${ctx.params.author}/${ctx.params.slug}`;
    const model = env.catalog.imageModels.find((m) => m.id === id);
    if (!model) throw new GatewayError(404, `Image model "${id}" not found (image models: ${env.catalog.imageModels.map((m) => m.id).join(', ') || 'none'})`);
    return jsonResponse(imageModelEndpoints(model, env.catalog.providers));
  },
});
