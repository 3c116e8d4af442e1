import { concatBytes } from '../bytes/concat-bytes.ts';
import { h264PcmFrame } from './h264-pcm-frame.ts';

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** Big-endian integers of the given byte widths. */
function be(...fields: Array<[value: number, bytes: number]>): Uint8Array {
  const out = new Uint8Array(fields.reduce((n, [, b]) => n + b, 0));
  let at = 0;
  for (const [value, bytes] of fields) {
    let v = value;
    for (let i = bytes - 1; i >= 0; i--) {
      out[at + i] = v & 0xff;
      v = Math.floor(v / 256);
    }
    at += bytes;
  }
  return out;
}

/** An ISO-BMFF box (ISO/IEC 14496-12 4.2): 32-bit size, type, payload. */
function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const body = concatBytes(payload);
  return concatBytes([be([body.length + 8, 4]), ascii(type), body]);
}

/** A full box: version and flags before the payload. */
function fullBox(type: string, version: number, flags: number, ...payload: Uint8Array[]): Uint8Array {
  return box(type, be([version, 1], [flags, 3]), ...payload);
}

const MATRIX = be([0x00010000, 4], [0, 4], [0, 4], [0, 4], [0x00010000, 4], [0, 4], [0, 4], [0, 4], [0x40000000, 4]);

export interface Mp4Options {
  /** Seconds the single frame is shown. */
  durationSeconds: number;
  /** Size in macroblocks (16 px); default 2x2 (a 32x32 picture). */
  widthMbs?: number;
  heightMbs?: number;
  /** Flat colour in Y'CbCr (16..235). */
  colour?: { luma: number; cb: number; cr: number };
}

/**
 * A small, valid MP4 (ftyp, moov with one H.264 video track, mdat) holding one I_PCM frame shown
 * for the whole duration. Deterministic: the same options give the same bytes.
 *
 * @example
 * const bytes = buildMp4({ durationSeconds: 8 });
 * new Response(bytes, { headers: { 'content-type': 'video/mp4' } });
 */
export function buildMp4(options: Mp4Options): Uint8Array<ArrayBuffer> {
  const widthMbs = options.widthMbs ?? 2;
  const heightMbs = options.heightMbs ?? 2;
  const width = widthMbs * 16;
  const height = heightMbs * 16;
  const timescale = 1000;
  const duration = Math.max(1, Math.round(options.durationSeconds * timescale));
  const frame = h264PcmFrame(widthMbs, heightMbs, options.colour ?? { luma: 128, cb: 128, cr: 128 });
  const sample = concatBytes([be([frame.idr.length, 4]), frame.idr]);

  const ftyp = box('ftyp', ascii('isom'), be([0x200, 4]), ascii('isom'), ascii('iso2'), ascii('avc1'), ascii('mp41'));
  const avcC = box(
    'avcC',
    be([1, 1], [frame.sps[1] ?? 66, 1], [frame.sps[2] ?? 0, 1], [frame.sps[3] ?? 30, 1], [0xff, 1], [0xe1, 1], [frame.sps.length, 2]),
    frame.sps,
    be([1, 1], [frame.pps.length, 2]),
    frame.pps,
  );
  const compressorName = new Uint8Array(32);
  const avc1 = box(
    'avc1',
    new Uint8Array(6),
    be([1, 2], [0, 2], [0, 2], [0, 4], [0, 4], [0, 4], [width, 2], [height, 2], [0x00480000, 4], [0x00480000, 4], [0, 4], [1, 2]),
    compressorName,
    be([0x18, 2], [0xffff, 2]),
    avcC,
  );

  const moovFor = (chunkOffset: number) =>
    box(
      'moov',
      fullBox(
        'mvhd',
        0,
        0,
        be([0, 4], [0, 4], [timescale, 4], [duration, 4], [0x00010000, 4], [0x0100, 2], [0, 2], [0, 4], [0, 4]),
        MATRIX,
        new Uint8Array(24),
        be([2, 4]),
      ),
      box(
        'trak',
        fullBox(
          'tkhd',
          0,
          3,
          be([0, 4], [0, 4], [1, 4], [0, 4], [duration, 4], [0, 4], [0, 4], [0, 2], [0, 2], [0, 2], [0, 2]),
          MATRIX,
          be([width * 65536, 4], [height * 65536, 4]),
        ),
        box(
          'mdia',
          fullBox('mdhd', 0, 0, be([0, 4], [0, 4], [timescale, 4], [duration, 4], [0x55c4, 2], [0, 2])),
          fullBox('hdlr', 0, 0, be([0, 4]), ascii('vide'), new Uint8Array(12), ascii('VideoHandler\0')),
          box(
            'minf',
            fullBox('vmhd', 0, 1, be([0, 2], [0, 2], [0, 2], [0, 2])),
            box('dinf', fullBox('dref', 0, 0, be([1, 4]), fullBox('url ', 0, 1))),
            box(
              'stbl',
              fullBox('stsd', 0, 0, be([1, 4]), avc1),
              fullBox('stts', 0, 0, be([1, 4], [1, 4], [duration, 4])),
              fullBox('stss', 0, 0, be([1, 4], [1, 4])),
              fullBox('stsc', 0, 0, be([1, 4], [1, 4], [1, 4], [1, 4])),
              fullBox('stsz', 0, 0, be([0, 4], [1, 4], [sample.length, 4])),
              fullBox('stco', 0, 0, be([1, 4], [chunkOffset, 4])),
            ),
          ),
        ),
      ),
    );
  // The chunk offset depends on the moov size, which does not depend on the offset's value.
  const moovSize = moovFor(0).length;
  const moov = moovFor(ftyp.length + moovSize + 8);
  return concatBytes([ftyp, moov, box('mdat', sample)]);
}
