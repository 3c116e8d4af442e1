/**
 * The text a simulated voice speaks, carried inside the audio so `/audio/transcriptions` of
 * speech made by `/audio/speech` reads it back (the two operations agree):
 * - in 16-bit PCM (raw `pcm`, or the same samples in a WAV file), the least significant bit of
 *   each sample, one bit per sample from the first: "GKSP", the UTF-8 length (32 bits, little
 *   endian), then the UTF-8 bytes. Changing the lowest bit of a sample is inaudible.
 * - in MP3, an ID3v2.4 `USLT` (unsynchronised lyrics) frame described as "gatewaykit".
 */

const MAGIC = [0x47, 0x4b, 0x53, 0x50]; // "GKSP"
const HEADER_BYTES = 8;
/** Longest text carried (bytes of UTF-8); longer inputs are refused before synthesis. */
const MAX_TEXT_BYTES = 1 << 20;
const ID3_DESCRIPTION = 'gatewaykit';

/** Samples needed to carry `text` in their low bits. */
export function samplesToCarry(text: string): number {
  return (HEADER_BYTES + new TextEncoder().encode(text).length) * 8;
}

/**
 * Write `text` into the low bits of `samples` (which must hold {@link samplesToCarry} of them).
 *
 * @example
 * const samples = new Int16Array(samplesToCarry('hi')); hideText(samples, 'hi'); revealText(samples); // 'hi'
 */
export function hideText(samples: Int16Array, text: string): void {
  const utf8 = new TextEncoder().encode(text);
  const bytes = new Uint8Array(HEADER_BYTES + utf8.length);
  bytes.set(MAGIC);
  new DataView(bytes.buffer).setUint32(4, utf8.length, true);
  bytes.set(utf8, HEADER_BYTES);
  for (let i = 0; i < bytes.length * 8; i++) {
    const bit = ((bytes[i >> 3] as number) >> (i & 7)) & 1;
    samples[i] = ((samples[i] as number) & ~1) | bit;
  }
}

function readBytes(samples: Int16Array, from: number, count: number): Uint8Array {
  const out = new Uint8Array(count);
  for (let i = 0; i < count * 8; i++) out[i >> 3] = (out[i >> 3] as number) | (((samples[from * 8 + i] as number) & 1) << (i & 7));
  return out;
}

/** The text hidden in `samples`, or undefined when they carry none. */
export function revealText(samples: Int16Array): string | undefined {
  if (samples.length < HEADER_BYTES * 8) return undefined;
  const header = readBytes(samples, 0, HEADER_BYTES);
  if (MAGIC.some((b, i) => header[i] !== b)) return undefined;
  const length = new DataView(header.buffer).getUint32(4, true);
  if (length > MAX_TEXT_BYTES || samples.length < (HEADER_BYTES + length) * 8) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(readBytes(samples, HEADER_BYTES, length));
  } catch {
    return undefined;
  }
}

/** The 16-bit samples of a WAV file's `data` chunk, or undefined for another layout. */
function wavSamples(bytes: Uint8Array): Int16Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let bits = 0;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ' && at + 8 + 16 <= bytes.length) bits = view.getUint16(at + 8 + 14, true);
    if (id === 'data') {
      if (bits !== 16) return undefined;
      const end = Math.min(bytes.length, at + 8 + size);
      const count = Math.floor((end - at - 8) / 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i++) samples[i] = view.getInt16(at + 8 + i * 2, true);
      return samples;
    }
    at += 8 + size + (size & 1);
  }
  return undefined;
}

function syncsafe(n: number): number[] {
  return [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f];
}

function readSyncsafe(b: Uint8Array, at: number): number {
  return (((b[at] as number) & 0x7f) << 21) | (((b[at + 1] as number) & 0x7f) << 14) | (((b[at + 2] as number) & 0x7f) << 7) | ((b[at + 3] as number) & 0x7f);
}

/**
 * An ID3v2.4 tag holding `text` as a `USLT` frame (UTF-8, language "eng", description
 * "gatewaykit"), to put before MP3 frames.
 */
export function id3WithText(text: string): Uint8Array {
  const body = new TextEncoder().encode(`\u0003eng${ID3_DESCRIPTION}\u0000${text}`);
  const frame = new Uint8Array(10 + body.length);
  frame.set([0x55, 0x53, 0x4c, 0x54, ...syncsafe(body.length), 0, 0]);
  frame.set(body, 10);
  const tag = new Uint8Array(10 + frame.length);
  tag.set([0x49, 0x44, 0x33, 4, 0, 0, ...syncsafe(frame.length)]);
  tag.set(frame, 10);
  return tag;
}

function id3Text(bytes: Uint8Array): string | undefined {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33 || bytes[3] !== 4) return undefined;
  const end = Math.min(bytes.length, 10 + readSyncsafe(bytes, 6));
  const decoder = new TextDecoder('utf-8');
  for (let at = 10; at + 10 <= end;) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = readSyncsafe(bytes, at + 4);
    if (size === 0 || at + 10 + size > end) return undefined;
    if (id === 'USLT' && bytes[at + 10] === 3) {
      const content = decoder.decode(bytes.subarray(at + 14, at + 10 + size));
      if (content.startsWith(`${ID3_DESCRIPTION}\u0000`)) return content.slice(ID3_DESCRIPTION.length + 1);
    }
    at += 10 + size;
  }
  return undefined;
}

/**
 * The text a recording made by `/audio/speech` carries: from a WAV file's samples, raw 16-bit
 * PCM, or an MP3's ID3 tag; undefined for any other audio.
 *
 * @example
 * spokenText(wavBytes, 'wav'); // 'Hello world'
 */
export function spokenText(bytes: Uint8Array, format: string): string | undefined {
  if (format === 'mp3' || format === 'mpeg' || format === 'mpga') return id3Text(bytes);
  if (format === 'wav') {
    const samples = wavSamples(bytes);
    return samples && revealText(samples);
  }
  if (format === 'pcm') {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const samples = new Int16Array(Math.floor(bytes.length / 2));
    for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true);
    return revealText(samples);
  }
  return undefined;
}
