import type { VideoAspectRatio, VideoResolution } from '../catalog/video-model.ts';

export interface Dimensions {
  width: number;
  height: number;
}

/** Short side in pixels of each resolution; 1K, 2K and 4K follow 1080p, 1440p and 2160p. */
const SHORT_SIDE: Record<VideoResolution, number> = {
  '360p': 360,
  '480p': 480,
  '720p': 720,
  '768p': 768,
  '1080p': 1080,
  '1K': 1080,
  '2K': 1440,
  '4K': 2160,
};

function ratio(aspect: VideoAspectRatio): number {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return w / h;
}

/**
 * Pixel size of a resolution at an aspect ratio: the short side is the resolution, the long side
 * is rounded to an even number (16:9 at 480p is 854x480, at 768p 1366x768, as the reference's
 * size list has it).
 *
 * @example
 * dimensionsOf('720p', '9:16'); // { width: 720, height: 1280 }
 */
export function dimensionsOf(resolution: VideoResolution, aspect: VideoAspectRatio): Dimensions {
  const short = SHORT_SIDE[resolution];
  const r = ratio(aspect);
  const long = Math.round((short * Math.max(r, 1 / r)) / 2) * 2;
  return r >= 1 ? { width: long, height: short } : { width: short, height: long };
}

/** `1280x720` -> { width: 1280, height: 720 }; undefined when malformed. */
export function parseSize(size: string): Dimensions | undefined {
  const m = /^([1-9][0-9]*)x([1-9][0-9]*)$/.exec(size);
  if (!m) return undefined;
  return { width: Number(m[1]), height: Number(m[2]) };
}

/**
 * Why `size` contradicts `resolution` and/or `aspect_ratio`, or undefined when consistent
 * (spec 2.7: size is interchangeable with resolution plus aspect_ratio). Rounding of one or two
 * pixels is tolerated.
 */
export function sizeContradiction(size: Dimensions, resolution?: VideoResolution, aspect?: VideoAspectRatio): string | undefined {
  const label = `${size.width}x${size.height}`;
  if (aspect !== undefined) {
    const want = ratio(aspect);
    const got = size.width / size.height;
    if (Math.abs(got - want) / want > 0.01) return `size ${label} is not ${aspect} (aspect_ratio)`;
  }
  if (resolution !== undefined) {
    const short = Math.min(size.width, size.height);
    if (Math.abs(short - SHORT_SIDE[resolution]) > 2) {
      return `size ${label} is not ${resolution} (resolution ${resolution} has a short side of ${SHORT_SIDE[resolution]} px)`;
    }
  }
  return undefined;
}
