import type { AudioFormat } from './audio-format.ts';
import { parseWavHeader } from './wav-header.ts';

/** Duration and how it was found. */
export interface AudioProbe {
  /** Seconds of audio, rounded to milliseconds. */
  readonly seconds: number;
  /** `header`: read from the file (WAV data/byte rate, FLAC STREAMINFO); `estimate`: size / nominal bitrate. */
  readonly method: 'header' | 'estimate';
}

/**
 * Nominal bitrates (bits per second) for the compressed formats whose duration is estimated from
 * the file size: typical speech-upload settings (128 kbit/s MP3/AAC, 64 kbit/s Opus in Ogg/WebM,
 * ~700 kbit/s for FLAC without a sample count). Documented in docs/audio-and-datasets.md.
 */
export const NOMINAL_BITRATES: Readonly<Record<Exclude<AudioFormat, 'wav'>, number>> = {
  mp3: 128_000,
  mpeg: 128_000,
  mpga: 128_000,
  m4a: 128_000,
  mp4: 128_000,
  aac: 128_000,
  ogg: 64_000,
  opus: 64_000,
  webm: 64_000,
  flac: 700_000,
};

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** Does `bytes` start the way a file of `format` starts? (Reason when not.) */
function signatureProblem(bytes: Uint8Array, format: Exclude<AudioFormat, 'wav'>): string | undefined {
  const b0 = bytes[0] ?? 0;
  const b1 = bytes[1] ?? 0;
  const id3 = ascii(bytes, 0, 3) === 'ID3';
  switch (format) {
    case 'mp3':
    case 'mpeg':
    case 'mpga':
      return id3 || (b0 === 0xff && (b1 & 0xe0) === 0xe0) ? undefined : 'does not look like MP3 audio (no ID3 tag or MPEG frame sync)';
    case 'aac':
      return id3 || ascii(bytes, 0, 4) === 'ADIF' || (b0 === 0xff && (b1 & 0xf6) === 0xf0)
        ? undefined
        : 'does not look like AAC audio (no ADTS sync or ADIF header)';
    case 'flac':
      return ascii(bytes, 0, 4) === 'fLaC' ? undefined : 'does not look like FLAC audio (no "fLaC" signature)';
    case 'ogg':
    case 'opus':
      return ascii(bytes, 0, 4) === 'OggS' ? undefined : `does not look like ${format === 'opus' ? 'Opus' : 'Ogg'} audio (no "OggS" page)`;
    case 'webm':
      return b0 === 0x1a && b1 === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3 ? undefined : 'does not look like WebM audio (no EBML header)';
    case 'm4a':
    case 'mp4':
      return ascii(bytes, 4, 4) === 'ftyp' ? undefined : `does not look like ${format.toUpperCase()} audio (no "ftyp" box)`;
  }
}

/** FLAC STREAMINFO (first metadata block) holds the sample rate and the total sample count. */
function flacSeconds(bytes: Uint8Array): number | undefined {
  if (bytes.length < 8 + 18 || ((bytes[4] ?? 0) & 0x7f) !== 0) return undefined;
  const s = 8; // "fLaC" + 4-byte block header
  const at = (i: number) => bytes[s + i] ?? 0;
  const sampleRate = (at(10) << 12) | (at(11) << 4) | (at(12) >> 4);
  const totalSamples = (at(13) & 0x0f) * 2 ** 32 + ((at(14) << 24) >>> 0) + (at(15) << 16) + (at(16) << 8) + at(17);
  if (sampleRate === 0 || totalSamples === 0) return undefined;
  return totalSamples / sampleRate;
}

const roundMs = (s: number) => Math.round(s * 1000) / 1000;

/**
 * Check that `bytes` are audio of `format` and find their duration: a WAV header gives the real
 * duration (data bytes / byte rate), so does a FLAC STREAMINFO sample count; other formats get an
 * estimate from size / {@link NOMINAL_BITRATES}. A string is the reason the audio is unusable.
 *
 * @example
 * probeAudio(wavBytes, 'wav'); // { seconds: 1.5, method: 'header' }
 */
export function probeAudio(bytes: Uint8Array, format: AudioFormat): AudioProbe | string {
  if (bytes.length === 0) return 'the audio is empty (0 bytes)';
  if (format === 'wav') {
    const wav = parseWavHeader(bytes);
    return typeof wav === 'string' ? wav : { seconds: roundMs(wav.durationSeconds), method: 'header' };
  }
  const problem = signatureProblem(bytes, format);
  if (problem) return problem;
  if (format === 'flac') {
    const seconds = flacSeconds(bytes);
    if (seconds !== undefined) return { seconds: roundMs(seconds), method: 'header' };
  }
  return { seconds: roundMs((bytes.length * 8) / NOMINAL_BITRATES[format]), method: 'estimate' };
}
