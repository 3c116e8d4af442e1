import { id3WithText } from './spoken-text.ts';
import { SPEECH_SAMPLE_RATE } from './synthesize-speech.ts';

/**
 * Bit rate of the MP3 answer: constant, so the transcription probe's size-based duration
 * (src/audio/audio-probe.ts, 128 kbit/s for MP3) reads the real duration back.
 */
export const SPEECH_MP3_KBPS = 128;

/**
 * The speech samples as an MP3 file (reference createAudioSpeech, `response_format: "mp3"`):
 * an ID3v2.4 tag carrying `text` (src/audio/spoken-text.ts, so `/audio/transcriptions` gives
 * the text back), then MPEG-2 Layer III frames of the same samples the `pcm` answer holds, mono at
 * the speech sample rate and a constant bit rate, made by lamejs (decision 0089). The encoder is
 * loaded on the first MP3 request only; the same samples give the same bytes.
 *
 * @example
 * await speechMp3(synthesizeSpeech('Hello', 'alloy', 1), 'Hello'); // 'ID3' tag, then frames starting 0xff 0xf3
 */
export async function speechMp3(samples: Int16Array, text: string): Promise<Uint8Array> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, SPEECH_SAMPLE_RATE, SPEECH_MP3_KBPS);
  const parts = [id3WithText(text), encoder.encodeBuffer(samples), encoder.flush()];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    // lamejs answers Int8Array views: copy their bytes as they are.
    out.set(new Uint8Array(part.buffer, part.byteOffset, part.length), at);
    at += part.length;
  }
  return out;
}
