import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./media-codecs-lazy-child.ts', import.meta.url));

describe('footprint: the WebP and MP3 encoders load only when a request asks for their format', () => {
  it('png images and pcm speech leave both unloaded; a webp image loads libwebp, mp3 speech lamejs', () => {
    // The child resolves `gatewaykit` to the sources through the package's own export condition.
    const out = execFileSync(process.execPath, ['--conditions=gatewaykit-source', '--import', 'tsx', CHILD], { encoding: 'utf8', timeout: 120_000 });
    const seen = JSON.parse(out.trim().split('\n').pop()!) as {
      statuses: number[];
      hookSawPackage: boolean;
      atFirst: { webp: boolean; mp3: boolean };
      afterWebp: { webp: boolean; mp3: boolean };
      afterMp3: { webp: boolean; mp3: boolean };
    };
    expect(seen.statuses).toEqual([200, 200, 200, 200]);
    expect(seen.hookSawPackage).toBe(true); // the hook that would see the encoders imported does see imports
    expect(seen.atFirst).toEqual({ webp: false, mp3: false });
    expect(seen.afterWebp).toEqual({ webp: true, mp3: false });
    expect(seen.afterMp3).toEqual({ webp: true, mp3: true });
  });
});
