import jpegJs from 'jpeg-js';
import type { ImageFormat } from '../../catalog/image-model.ts';
import { sceneRow, type ImageScene } from './image-scene.ts';
import { encodeWebp } from './encode-webp.ts';
import { sceneRgba } from './scene-rgba.ts';
import { runLengthPng } from './run-length-png.ts';

/** reference `media_type` of each output format. */
export const IMAGE_MEDIA_TYPES: Readonly<Record<ImageFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export interface EncodeOptions {
  readonly format: ImageFormat;
  /** The background is transparent (png and webp: the background bands get alpha 0). */
  readonly transparent: boolean;
  /** 0 to 100 (reference `output_compression`), the JPEG and WebP quality. */
  readonly compression: number;
  /** The whole picture, or the background only (a partial image of a stream). */
  readonly detail: boolean;
}

function png(scene: ImageScene, options: EncodeOptions): Uint8Array {
  const palette = scene.palette.map((c, i) => (options.transparent ? [...c, i < scene.bands ? 0 : 255] : [...c]));
  return runLengthPng({ ...scene.size, palette, row: (y, into) => sceneRow(scene, options.detail, y, into) });
}

function jpeg(scene: ImageScene, options: EncodeOptions): Uint8Array {
  const rgba = sceneRgba(scene, options.detail, false);
  const quality = Math.max(1, options.compression);
  return new Uint8Array(jpegJs.encode({ data: rgba, width: scene.size.width, height: scene.size.height }, quality).data);
}

function svg(scene: ImageScene, options: EncodeOptions): Uint8Array {
  const { width, height } = scene.size;
  const fill = (i: number) => `rgb(${(scene.palette[i] as readonly number[]).join(',')})`;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`];
  for (let b = 0; b < scene.bands; b++) {
    const y0 = Math.ceil((b * height) / scene.bands);
    const y1 = Math.ceil(((b + 1) * height) / scene.bands);
    if (!options.transparent) parts.push(`<rect x="0" y="${y0}" width="${width}" height="${y1 - y0}" fill="${fill(b)}"/>`);
  }
  if (options.detail) {
    for (const s of scene.shapes) {
      parts.push(
        s.kind === 'rect'
          ? `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" fill="${fill(s.colour)}"/>`
          : `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${fill(s.colour)}"/>`,
      );
    }
  }
  parts.push('</svg>');
  return new TextEncoder().encode(parts.join(''));
}

/**
 * The bytes of one image: PNG (8-bit palette, run-length deflate), baseline JPEG (jpeg-js), lossy
 * WebP (libwebp, loaded on the first webp image) or SVG markup.
 *
 * @example
 * await encodeImage(scene, { format: 'png', transparent: false, compression: 100, detail: true }); // Uint8Array starting 0x89 'PNG'
 */
export async function encodeImage(scene: ImageScene, options: EncodeOptions): Promise<Uint8Array> {
  if (options.format === 'png') return png(scene, options);
  if (options.format === 'jpeg') return jpeg(scene, options);
  if (options.format === 'webp') return encodeWebp(scene, options);
  return svg(scene, options);
}
