import { sceneRow, type ImageScene } from './image-scene.ts';

/**
 * The scene as RGBA pixels, row by row (what the JPEG and WebP encoders take). `transparent`
 * gives the background bands alpha 0 (reference `background: "transparent"`); `detail` false
 * draws the background only (a streamed partial image).
 *
 * @example
 * sceneRgba(scene, true, false).length; // width * height * 4
 */
export function sceneRgba(scene: ImageScene, detail: boolean, transparent: boolean): Uint8ClampedArray {
  const { width, height } = scene.size;
  const rgba = new Uint8ClampedArray(width * height * 4);
  const row = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    sceneRow(scene, detail, y, row);
    for (let x = 0; x < width; x++) {
      const index = row[x] as number;
      const c = scene.palette[index] as readonly number[];
      const at = (y * width + x) * 4;
      rgba[at] = c[0] as number;
      rgba[at + 1] = c[1] as number;
      rgba[at + 2] = c[2] as number;
      rgba[at + 3] = transparent && index < scene.bands ? 0 : 255;
    }
  }
  return rgba;
}
