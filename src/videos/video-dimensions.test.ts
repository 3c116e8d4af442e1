import { describe, expect, it } from 'vitest';
import { VIDEO_ASPECT_RATIOS, VIDEO_RESOLUTIONS } from '../catalog/video-model.ts';
import { dimensionsOf, parseSize, sizeContradiction } from './video-dimensions.ts';

describe('video dimensions', () => {
  it('gives the sizes of the reference size list', () => {
    expect(dimensionsOf('720p', '16:9')).toEqual({ width: 1280, height: 720 });
    expect(dimensionsOf('720p', '9:16')).toEqual({ width: 720, height: 1280 });
    expect(dimensionsOf('480p', '16:9')).toEqual({ width: 854, height: 480 });
    expect(dimensionsOf('768p', '16:9')).toEqual({ width: 1366, height: 768 });
    expect(dimensionsOf('1080p', '21:9')).toEqual({ width: 2520, height: 1080 });
    expect(dimensionsOf('360p', '16:9')).toEqual({ width: 640, height: 360 });
    expect(dimensionsOf('4K', '16:9')).toEqual({ width: 3840, height: 2160 });
  });

  it('never contradicts itself: the computed size of every resolution and ratio is consistent', () => {
    for (const r of VIDEO_RESOLUTIONS) {
      for (const a of VIDEO_ASPECT_RATIOS) expect(sizeContradiction(dimensionsOf(r, a), r, a)).toBeUndefined();
    }
  });

  it('names the contradicting part', () => {
    expect(sizeContradiction({ width: 1280, height: 720 }, '1080p')).toMatch(/not 1080p/);
    expect(sizeContradiction({ width: 1280, height: 720 }, undefined, '1:1')).toMatch(/not 1:1/);
    expect(parseSize('1280x720')).toEqual({ width: 1280, height: 720 });
    expect(parseSize('1280*720')).toBeUndefined();
  });
});
