import type { ImageModel, ImageResolution } from '../../catalog/image-model.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { ImageRequest } from './request.ts';

/** The longer edge of each resolution tier, in pixels. */
const TIER_EDGE: Readonly<Record<ImageResolution, number>> = { '512': 512, '1K': 1024, '2K': 2048, '4K': 4096 };
/** Pixels of every image of one request together: one 4K square (a bound of the simulator, 400 past it). */
export const MAX_REQUEST_PIXELS = 4096 * 4096;
/** Bounds of an explicit `WIDTHxHEIGHT` size. */
const MIN_EDGE = 16;
const MAX_EDGE = 4096;

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

function ratio(aspect: string | undefined): number {
  if (aspect === undefined || aspect === 'auto') return 1;
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return w / h;
}

/** Width and height for a tier and aspect ratio: the longer edge is the tier's, both multiples of 8. */
function tierSize(tier: ImageResolution, aspect: string | undefined): ImageSize {
  const edge = TIER_EDGE[tier];
  const r = ratio(aspect);
  const short = Math.max(8, Math.round(edge / Math.max(r, 1 / r) / 8) * 8);
  return r >= 1 ? { width: edge, height: short } : { width: short, height: edge };
}

function explicitSize(request: ImageRequest, size: string): ImageSize {
  const m = /^(\d{1,5})x(\d{1,5})$/.exec(size);
  if (!m) throw new GatewayError(400, `size: "${size}" is neither a tier (512, 1K, 2K, 4K) nor WIDTHxHEIGHT pixels`);
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (width < MIN_EDGE || height < MIN_EDGE || width > MAX_EDGE || height > MAX_EDGE) {
    throw new GatewayError(400, `size: each edge must be ${MIN_EDGE} to ${MAX_EDGE} pixels (got ${size})`);
  }
  // reference `size`: an explicit pixel size is authoritative; a mismatched resolution or aspect_ratio is a 400.
  if (request.resolution !== undefined && TIER_EDGE[request.resolution] !== Math.max(width, height)) {
    throw new GatewayError(400, `resolution: "${request.resolution}" does not match size ${size}`);
  }
  if (
    request.aspect_ratio !== undefined &&
    request.aspect_ratio !== 'auto' &&
    Math.abs(ratio(request.aspect_ratio) - width / height) > 0.02 * (width / height)
  ) {
    throw new GatewayError(400, `aspect_ratio: "${request.aspect_ratio}" does not match size ${size}`);
  }
  return { width, height };
}

/**
 * The pixel size of each image of `request` for `model` (reference `size`, `resolution`,
 * `aspect_ratio`): an explicit `WIDTHxHEIGHT` wins; otherwise the tier (from `size` or
 * `resolution`, default 1K or the model's first) at the aspect ratio (default 1:1). A tier the
 * model does not offer is a 400 naming the field; so are the images of one request together past
 * {@link MAX_REQUEST_PIXELS}.
 *
 * @example
 * imageSize({ model: 'm', prompt: 'p', resolution: '2K', aspect_ratio: '16:9' }, model); // { width: 2048, height: 1152 }
 */
export function imageSize(request: ImageRequest, model: ImageModel, count: number): ImageSize {
  const sizeTier = request.size !== undefined && request.size in TIER_EDGE ? (request.size as ImageResolution) : undefined;
  let size: ImageSize;
  if (request.size !== undefined && sizeTier === undefined) size = explicitSize(request, request.size);
  else {
    if (sizeTier !== undefined && request.resolution !== undefined && sizeTier !== request.resolution) {
      throw new GatewayError(400, `resolution: "${request.resolution}" contradicts size "${request.size}"`);
    }
    const field = sizeTier !== undefined ? 'size' : 'resolution';
    const tier = sizeTier ?? request.resolution ?? (model.resolutions.includes('1K') ? '1K' : (model.resolutions[0] as ImageResolution));
    if (!model.resolutions.includes(tier)) throw new GatewayError(400, `${field}: ${model.id} offers ${model.resolutions.join(', ')} (got "${tier}")`);
    size = tierSize(tier, request.aspect_ratio);
  }
  const pixels = size.width * size.height * count;
  if (pixels > MAX_REQUEST_PIXELS) {
    const field = count > 1 ? 'n' : request.size !== undefined ? 'size' : 'resolution';
    throw new GatewayError(
      400,
      `${field}: ${count} image(s) of ${size.width}x${size.height} are ${pixels} pixels; one request makes at most ${MAX_REQUEST_PIXELS} (ask for fewer or smaller images)`,
    );
  }
  return size;
}
