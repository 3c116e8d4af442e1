import type { EncodeOptions as WebpOptions } from '@jsquash/webp/meta.js';
import { nodeRequire } from '../../env/require-optional-peer.ts';

export type { WebpOptions };

/** libwebp's encoder: RGBA pixels in, a WebP file out (null when libwebp refuses). */
export interface WebpEncoder {
  readonly defaults: WebpOptions;
  encode(rgba: Uint8ClampedArray, width: number, height: number, options: WebpOptions): Uint8Array | null;
}

/** The wasm binary on disk where there is a file system (Node); a browser fetches it beside the glue. */
function wasmBinary(): Uint8Array | undefined {
  const load = nodeRequire();
  if (!load) return undefined;
  const fs = load('node:fs') as { readFileSync(path: string): Uint8Array };
  const resolve = (load as unknown as { resolve(id: string): string }).resolve;
  return fs.readFileSync(resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm'));
}

/**
 * A fresh instance of libwebp's encoder (Squoosh's build, `@jsquash/webp`; decision 0088), for
 * the webp output of createImages. The modules are imported on the first webp request only, so
 * start-up and other requests never load them. Each request gets its own instance: the memory a
 * large image took goes with it, and no state outlives the request. The SIMD build: every
 * runtime the package supports (Node 20, current browsers) has wasm SIMD.
 *
 * @example
 * const encoder = await loadWebpEncoder();
 * encoder.encode(rgba, 64, 64, { ...encoder.defaults, quality: 90 }); // Uint8Array starting 'RIFF'
 */
export async function loadWebpEncoder(): Promise<WebpEncoder> {
  const [{ defaultOptions }, glue] = await Promise.all([import('@jsquash/webp/meta.js'), import('@jsquash/webp/codec/enc/webp_enc_simd.js')]);
  const binary = wasmBinary();
  const module = await glue.default({ noInitialRun: true, ...(binary ? { wasmBinary: binary } : {}) } as Parameters<typeof glue.default>[0]);
  return { defaults: defaultOptions, encode: (rgba, width, height, options) => module.encode(rgba, width, height, options) };
}
