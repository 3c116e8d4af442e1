import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface DecodedWebp {
  readonly width: number;
  readonly height: number;
  /** RGBA, row by row. */
  readonly data: Uint8ClampedArray;
}

/** What libwebp's decoder glue builds its answer with (a browser global Node lacks). */
class PlainImageData {
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}

/**
 * Decode a WebP file with libwebp's own decoder (`@jsquash/webp`, Squoosh's build), an outside
 * decoder for the images the simulator makes. Under Node the wasm is handed over from disk (the
 * glue would fetch it by URL), and `ImageData`, which the glue constructs, is given a plain
 * stand-in when the runtime has none.
 *
 * @example
 * const { width, height, data } = await decodeWebp(bytes);
 */
export async function decodeWebp(bytes: Uint8Array): Promise<DecodedWebp> {
  const globals = globalThis as { ImageData?: unknown };
  globals.ImageData ??= PlainImageData;
  const wasm = createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm');
  const { init, default: decode } = await import('@jsquash/webp/decode.js');
  await init({ wasmBinary: readFileSync(wasm) } as Parameters<typeof init>[0]);
  const image = await decode(Uint8Array.from(bytes).buffer);
  return { width: image.width, height: image.height, data: image.data };
}
