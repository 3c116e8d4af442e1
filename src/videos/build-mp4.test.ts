import { createFile, MP4BoxBuffer } from 'mp4box';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildMp4 } from './build-mp4.ts';

function parse(bytes: Uint8Array) {
  const file = createFile();
  let info: ReturnType<typeof file.getInfo> | undefined;
  let error: unknown;
  file.onReady = (i) => void (info = i);
  file.onError = (_module: string, message: string) => void (error = message);
  const buffer = MP4BoxBuffer.fromArrayBuffer(bytes.slice().buffer, 0);
  file.appendBuffer(buffer);
  file.flush();
  return { info, error, file };
}

describe('buildMp4', () => {
  it('writes an MP4 that GPAC MP4Box.js parses: one avc1 video track of the asked duration', () => {
    const { info, error } = parse(buildMp4({ durationSeconds: 8 }));
    expect(error).toBeUndefined();
    expect(info).toBeDefined();
    expect(info!.duration / info!.timescale).toBe(8);
    expect(info!.videoTracks).toHaveLength(1);
    const track = info!.videoTracks[0]!;
    expect(track.codec).toMatch(/^avc1\.42c01e$/i);
    expect(track.video?.width).toBe(32);
    expect(track.video?.height).toBe(32);
    expect(track.nb_samples).toBe(1);
  });

  it('starts with ftyp isom and has its one sample inside mdat (chunk offset right)', () => {
    const bytes = buildMp4({ durationSeconds: 3 });
    const text = (at: number) => String.fromCharCode(...bytes.slice(at, at + 4));
    expect(text(4)).toBe('ftyp');
    expect(text(8)).toBe('isom');
    const { file } = parse(bytes);
    const sample = (file.moov!.traks[0] as unknown as { samples: Array<{ offset: number; size: number; is_sync: boolean }> }).samples[0]!;
    expect(sample.is_sync).toBe(true);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    // The sample is one length-prefixed IDR NAL unit (type 5) inside mdat.
    expect(view.getUint32(sample.offset)).toBe(sample.size - 4);
    expect(bytes[sample.offset + 4]! & 0x1f).toBe(5);
    expect(sample.offset + sample.size).toBe(bytes.length);
    // Every box nests exactly: sizes add up to the file length.
    let at = 0;
    const top: string[] = [];
    while (at < bytes.length) {
      const size = new DataView(bytes.buffer, bytes.byteOffset + at).getUint32(0);
      top.push(text(at + 4));
      at += size;
    }
    expect(at).toBe(bytes.length);
    expect(top).toEqual(['ftyp', 'moov', 'mdat']);
  });

  it('is deterministic and parseable for any duration and colour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 16, max: 235 }), (seconds, luma) => {
        const a = buildMp4({ durationSeconds: seconds, colour: { luma, cb: 128, cr: 128 } });
        const b = buildMp4({ durationSeconds: seconds, colour: { luma, cb: 128, cr: 128 } });
        // The same bytes (compared as hex: an element-wise deep equality of the bytes costs milliseconds per run).
        expect(Buffer.from(a).toString('hex')).toBe(Buffer.from(b).toString('hex'));
        const { info, error } = parse(a);
        expect(error).toBeUndefined();
        expect(info!.duration).toBe(seconds * 1000);
      }),
      { numRuns: 25 },
    );
  });
});
