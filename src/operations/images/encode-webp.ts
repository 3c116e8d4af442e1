import type { ImageScene } from './image-scene.ts';
import { loadWebpEncoder } from './load-webp-encoder.ts';
import { sceneRgba } from './scene-rgba.ts';

export interface WebpEncodeOptions {
  /** The background is transparent (an alpha plane, reference `background`). */
  readonly transparent: boolean;
  /** 0 to 100 (reference `output_compression`), libwebp's lossy quality. */
  readonly compression: number;
  /** The whole picture, or the background only (a partial image of a stream). */
  readonly detail: boolean;
}

/**
 * The bytes of one lossy WebP image (RIFF `WEBP`, VP8 with an ALPH chunk when transparent),
 * encoded by libwebp at its fastest method so a 4K image stays cheap; same scene and options,
 * same bytes.
 *
 * @example
 * await encodeWebp(scene, { transparent: false, compression: 90, detail: true }); // 'RIFF'...'WEBP'
 */
export async function encodeWebp(scene: ImageScene, options: WebpEncodeOptions): Promise<Uint8Array> {
  const encoder = await loadWebpEncoder();
  const { width, height } = scene.size;
  const rgba = sceneRgba(scene, options.detail, options.transparent);
  const bytes = encoder.encode(rgba, width, height, { ...encoder.defaults, quality: options.compression, method: 0 });
  if (!bytes) throw new Error(`libwebp refused a ${width}x${height} image`);
  return new Uint8Array(bytes);
}
