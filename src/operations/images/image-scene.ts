import type { SeededRandom } from '../../random/seeded-random.ts';
import type { ImageSize } from './image-size.ts';

export type Rgb = readonly [r: number, g: number, b: number];

/** A filled shape of the picture, in pixels. */
export type Shape =
  | { readonly kind: 'rect'; readonly x: number; readonly y: number; readonly w: number; readonly h: number; readonly colour: number }
  | { readonly kind: 'circle'; readonly cx: number; readonly cy: number; readonly r: number; readonly colour: number };

/**
 * What an image shows, before any encoding: a palette, horizontal background bands (a gradient
 * in four steps, palette 0 to 3) and a few shapes (palette 4 to 7). Flat colours keep the
 * encoders cheap and the files small at any size.
 */
export interface ImageScene {
  readonly size: ImageSize;
  readonly palette: readonly Rgb[];
  readonly bands: number;
  readonly shapes: readonly Shape[];
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * The scene of one image, drawn from `rng` (keyed by the gateway seed, the request and the
 * image's index, so the same request makes the same pictures).
 *
 * @example
 * imageScene(seededRandom(0, 'images', 'a cat'), { width: 64, height: 64 }).shapes.length; // 3 to 6
 */
export function imageScene(rng: SeededRandom, size: ImageSize): ImageScene {
  const hue = rng.int(0, 359);
  const palette: Rgb[] = [];
  for (let i = 0; i < 4; i++) palette.push(hsl(hue, 0.45, 0.25 + i * 0.15));
  for (let i = 0; i < 4; i++) palette.push(hsl((hue + 90 + rng.int(0, 180)) % 360, 0.7, 0.35 + rng.float() * 0.3));
  const shapes: Shape[] = [];
  const count = rng.int(3, 6);
  const unit = Math.min(size.width, size.height);
  for (let i = 0; i < count; i++) {
    const colour = 4 + rng.int(0, 3);
    if (rng.float() < 0.5) {
      const w = Math.max(1, Math.round(size.width * (0.1 + rng.float() * 0.4)));
      const h = Math.max(1, Math.round(size.height * (0.1 + rng.float() * 0.4)));
      shapes.push({ kind: 'rect', x: rng.int(0, size.width - w), y: rng.int(0, size.height - h), w, h, colour });
    } else {
      const r = Math.max(1, Math.round(unit * (0.05 + rng.float() * 0.2)));
      shapes.push({ kind: 'circle', cx: rng.int(0, size.width - 1), cy: rng.int(0, size.height - 1), r, colour });
    }
  }
  return { size, palette, bands: 4, shapes };
}

/**
 * Row `y` of the scene as one palette index per pixel, written into `into` (length: the width).
 * `detail` false draws the background only (a streamed partial image).
 *
 * @example
 * const row = new Uint8Array(64); sceneRow(scene, true, 0, row); row[0]; // 0: the top band
 */
export function sceneRow(scene: ImageScene, detail: boolean, y: number, into: Uint8Array): void {
  const { width, height } = scene.size;
  into.fill(Math.min(scene.bands - 1, Math.floor((y * scene.bands) / height)));
  if (!detail) return;
  for (const s of scene.shapes) {
    if (s.kind === 'rect') {
      if (y >= s.y && y < s.y + s.h) into.fill(s.colour, s.x, s.x + s.w);
      continue;
    }
    const dy = y - s.cy;
    if (dy < -s.r || dy > s.r) continue;
    const half = Math.floor(Math.sqrt(s.r * s.r - dy * dy));
    const from = Math.max(0, s.cx - half);
    const to = Math.min(width - 1, s.cx + half);
    if (to >= from) into.fill(s.colour, from, to + 1);
  }
}
