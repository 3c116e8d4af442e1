/**
 * A palette PNG written straight from runs of equal pixels, with no general-purpose compressor:
 * the zlib stream is one fixed-Huffman deflate block in which a run is one literal and
 * back-references of distance 1, and a row equal to the one above is the `Up` filter and zeros.
 * The cost follows the number of runs, not the pixels, so a 4K image of flat shapes is cheap
 * (decision 0054). RFC 1950 (zlib), RFC 1951 (deflate), PNG 1.2 (chunks, filters, CRC).
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, from: number, to: number): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** RFC 1951 3.2.5: base lengths of codes 257..285 and their extra bits. */
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const ADLER_MOD = 65521;

/** A growing little-endian bit writer (deflate's bit order). */
class BitWriter {
  bytes = new Uint8Array(1024);
  length = 0;
  private acc = 0;
  private bits = 0;

  /** `count` bits of `value`, least significant first. */
  put(value: number, count: number): void {
    this.acc |= value << this.bits;
    this.bits += count;
    while (this.bits >= 8) {
      this.byte(this.acc & 0xff);
      this.acc >>>= 8;
      this.bits -= 8;
    }
  }

  /** A Huffman code: most significant bit first. */
  code(code: number, count: number): void {
    let reversed = 0;
    for (let i = 0; i < count; i++) reversed |= ((code >>> i) & 1) << (count - 1 - i);
    this.put(reversed, count);
  }

  byte(b: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = b;
  }

  flush(): void {
    if (this.bits > 0) this.put(0, 8 - this.bits);
  }
}

/** RFC 1951 3.2.6: the fixed literal/length code of `symbol` (0..287). */
function fixedSymbol(w: BitWriter, symbol: number): void {
  if (symbol < 144) w.code(0x30 + symbol, 8);
  else if (symbol < 256) w.code(0x190 + symbol - 144, 9);
  else if (symbol < 280) w.code(symbol - 256, 7);
  else w.code(0xc0 + symbol - 280, 8);
}

/** A back-reference of `length` (3..258) at distance 1 (fixed distance code 0). */
function repeatPrevious(w: BitWriter, length: number): void {
  let i = LENGTH_BASE.length - 1;
  while ((LENGTH_BASE[i] as number) > length) i--;
  fixedSymbol(w, 257 + i);
  const extra = LENGTH_EXTRA[i] as number;
  if (extra > 0) w.put(length - (LENGTH_BASE[i] as number), extra);
  w.code(0, 5);
}

/** Deflate state and the Adler-32 of the bytes it stands for. */
interface Stream {
  readonly w: BitWriter;
  a: number;
  b: number;
}

/** `count` bytes of `value`: one literal, then distance-1 copies. */
function run(s: Stream, value: number, count: number): void {
  fixedSymbol(s.w, value);
  let left = count - 1;
  while (left > 0) {
    if (left < 3) {
      for (let i = 0; i < left; i++) fixedSymbol(s.w, value);
      break;
    }
    let length = Math.min(left, 258);
    // A copy leaves 0 or at least 3 behind (a copy is 3 bytes at least).
    if (left - length > 0 && left - length < 3) length = left - 3;
    repeatPrevious(s.w, length);
    left -= length;
  }
  // Adler-32 of `count` bytes of `value` in closed form.
  s.b = (s.b + count * s.a + (((value * count * (count + 1)) / 2) % ADLER_MOD)) % ADLER_MOD;
  s.a = (s.a + value * count) % ADLER_MOD;
}

/** The zlib stream of the filtered scanlines of `rows` (palette indices, `width` a row). */
function zlibRows(width: number, height: number, row: (y: number, into: Uint8Array) => void): Uint8Array {
  const s: Stream = { w: new BitWriter(), a: 1, b: 0 };
  s.w.byte(0x78);
  s.w.byte(0x01);
  s.w.put(1, 1); // BFINAL
  s.w.put(1, 2); // BTYPE 01: fixed Huffman codes
  let previous = new Uint8Array(width);
  let current = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    row(y, current);
    let same = y > 0;
    for (let x = 0; same && x < width; x++) same = current[x] === previous[x];
    if (same) {
      run(s, 2, 1); // filter Up: each byte minus the one above, all zeros
      run(s, 0, width);
    } else {
      run(s, 0, 1); // filter None
      let x = 0;
      while (x < width) {
        const value = current[x] as number;
        let end = x + 1;
        while (end < width && current[end] === value) end++;
        run(s, value, end - x);
        x = end;
      }
    }
    [previous, current] = [current, previous];
  }
  fixedSymbol(s.w, 256); // end of block
  s.w.flush();
  const adler = ((s.b << 16) | s.a) >>> 0;
  for (const shift of [24, 16, 8, 0]) s.w.byte((adler >>> shift) & 0xff);
  return s.w.bytes.subarray(0, s.w.length);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

export interface PalettePng {
  readonly width: number;
  readonly height: number;
  /** RGB or RGBA entries (RGBA adds a tRNS chunk). At most 256. */
  readonly palette: ReadonlyArray<readonly number[]>;
  /** Writes row `y`'s palette indices into `into` (length `width`). */
  readonly row: (y: number, into: Uint8Array) => void;
}

/**
 * An 8-bit palette PNG (colour type 3).
 *
 * @example
 * runLengthPng({ width: 2, height: 1, palette: [[255, 0, 0]], row: (_y, into) => into.fill(0) }); // a red 2x1 PNG
 */
export function runLengthPng(image: PalettePng): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, image.width);
  view.setUint32(4, image.height);
  header.set([8, 3, 0, 0, 0], 8); // depth 8, palette, deflate, adaptive filtering, no interlace
  const plte = new Uint8Array(image.palette.length * 3);
  image.palette.forEach((c, i) => plte.set(c.slice(0, 3), i * 3));
  const chunks = [chunk('IHDR', header), chunk('PLTE', plte)];
  if (image.palette.some((c) => c.length === 4)) chunks.push(chunk('tRNS', new Uint8Array(image.palette.map((c) => c[3] ?? 255))));
  chunks.push(chunk('IDAT', zlibRows(image.width, image.height, image.row)), chunk('IEND', new Uint8Array(0)));
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const out = new Uint8Array(signature.length + chunks.reduce((n, c) => n + c.length, 0));
  out.set(signature);
  let at = signature.length;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
