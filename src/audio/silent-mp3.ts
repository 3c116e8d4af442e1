import { id3WithText } from './spoken-text.ts';

/** MPEG-2 Layer III at 24 kHz, 128 kbit/s, mono, no CRC: each frame 576 samples in 384 bytes. */
const FRAME_HEADER = [0xff, 0xf3, 0xc4, 0xc0];
const FRAME_BYTES = 384;
export const MP3_SAMPLES_PER_FRAME = 576;
export const MP3_SAMPLE_RATE = 24_000;

/**
 * An MP3 file of `samples` samples (rounded up to whole frames) that decodes to silence, preceded
 * by an ID3v2.4 tag carrying `text` (src/audio/spoken-text.ts): the side information and main
 * data of every frame are zero, which a decoder reads as a granule of zero energy. Its length at
 * 128 kbit/s is what the transcription probe estimates a duration from (src/audio/audio-probe.ts).
 *
 * @example
 * silentMp3(24_000, 'Hello'); // one second: an ID3 tag, then 42 frames
 */
export function silentMp3(samples: number, text: string): Uint8Array {
  const tag = id3WithText(text);
  const frames = Math.max(1, Math.ceil(samples / MP3_SAMPLES_PER_FRAME));
  const out = new Uint8Array(tag.length + frames * FRAME_BYTES);
  out.set(tag);
  for (let i = 0; i < frames; i++) out.set(FRAME_HEADER, tag.length + i * FRAME_BYTES);
  return out;
}
