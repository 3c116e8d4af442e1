/** What a RIFF/WAVE header says about its audio. */
export interface WavInfo {
  /** `fmt ` audio format code: 1 = PCM, 3 = IEEE float, 0xFFFE = extensible, ... */
  readonly audioFormat: number;
  readonly channels: number;
  readonly sampleRate: number;
  /** Bytes per second of audio, from the `fmt ` chunk. */
  readonly byteRate: number;
  readonly blockAlign: number;
  readonly bitsPerSample: number;
  /** Bytes of audio in the `data` chunk. */
  readonly dataBytes: number;
  /** dataBytes / byteRate. */
  readonly durationSeconds: number;
}

/** Streaming writers put this in a size field they could not know in advance. */
const UNKNOWN_SIZE = 0xffffffff;

const ascii = (b: Uint8Array, at: number) => String.fromCharCode(b[at] ?? 0, b[at + 1] ?? 0, b[at + 2] ?? 0, b[at + 3] ?? 0);

/**
 * Parse a RIFF/WAVE header: walk the chunks for `fmt ` and `data` and compute the real duration
 * (data bytes / byte rate). Returns the reason as a string when the header is broken, so the
 * handler can answer 400 naming the field.
 *
 * @example
 * const info = parseWavHeader(bytes);
 * if (typeof info === 'string') throw new GatewayError(400, `file: ${info}`);
 * info.durationSeconds;
 */
export function parseWavHeader(bytes: Uint8Array): WavInfo | string {
  if (bytes.length < 12 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') {
    return 'not a WAV file (expected a RIFF/WAVE header)';
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let fmt: Omit<WavInfo, 'dataBytes' | 'durationSeconds'> | undefined;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    const available = bytes.length - body;
    if (id === 'fmt ') {
      if (size < 16 || available < 16) return `broken WAV header: the "fmt " chunk is ${Math.min(size, available)} bytes (at least 16 needed)`;
      fmt = {
        audioFormat: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        byteRate: view.getUint32(body + 8, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
      if (fmt.channels === 0) return 'broken WAV header: 0 channels';
      if (fmt.sampleRate === 0) return 'broken WAV header: sample rate 0';
      if (fmt.byteRate === 0) return 'broken WAV header: byte rate 0';
      if (fmt.blockAlign === 0) return 'broken WAV header: block align 0';
      // PCM states its byte rate twice over; a mismatch means a corrupt header.
      if (fmt.audioFormat === 1 && fmt.byteRate !== fmt.sampleRate * fmt.blockAlign) {
        return `broken WAV header: byte rate ${fmt.byteRate} != sample rate ${fmt.sampleRate} x block align ${fmt.blockAlign}`;
      }
    } else if (id === 'data') {
      if (!fmt) return 'broken WAV header: "data" chunk before the "fmt " chunk';
      let dataBytes = size;
      if (size === UNKNOWN_SIZE || (size === 0 && available > 0)) dataBytes = available;
      else if (size > available) return `broken WAV file: the "data" chunk declares ${size} bytes but ${available} follow`;
      return { ...fmt, dataBytes, durationSeconds: dataBytes / fmt.byteRate };
    }
    if (size === UNKNOWN_SIZE) break;
    offset = body + size + (size % 2); // chunks are padded to an even length (RIFF)
  }
  return fmt ? 'broken WAV file: no "data" chunk' : 'broken WAV header: no "fmt " chunk';
}
