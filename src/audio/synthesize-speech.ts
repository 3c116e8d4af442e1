import { hash53 } from '../random/hash.ts';
import { hideText, samplesToCarry } from './spoken-text.ts';
import { WORDS_PER_SECOND } from './transcript.ts';

/** Samples per second of simulated speech (OpenAI's `pcm`: 24 kHz, 16-bit signed little-endian, mono). */
export const SPEECH_SAMPLE_RATE = 24_000;
const AMPLITUDE = 6000;
/** Share of a word's time that is voiced; the rest is the pause after it. */
const VOICED = 0.75;

/**
 * The samples of `text` spoken by `voice` at `speed`: each word a short voiced sound (a tone
 * and its octave, pitch from the voice and the word, with soft edges), then a pause, at
 * {@link WORDS_PER_SECOND} words per second divided by `speed`, so the duration follows the
 * text. The text itself rides in the samples' low bits (src/audio/spoken-text.ts), so a
 * transcription of the audio gives it back. The same arguments give the same samples.
 *
 * @example
 * synthesizeSpeech('Hello world', 'alloy', 1).length; // 19200: two words, 0.8 s at 24 kHz
 */
export function synthesizeSpeech(text: string, voice: string, speed: number): Int16Array {
  const words = text.match(/\S+/g) ?? [];
  const perWord = Math.round(SPEECH_SAMPLE_RATE / WORDS_PER_SECOND / speed);
  const length = Math.max(words.length * perWord, samplesToCarry(text), Math.round(SPEECH_SAMPLE_RATE / 4));
  const samples = new Int16Array(length);
  const base = 90 + (hash53(voice) % 140);
  const voiced = Math.round(perWord * VOICED);
  const edge = Math.max(1, Math.round(voiced / 8));
  words.forEach((word, w) => {
    const frequency = base * (1 + (hash53(word.toLowerCase()) % 60) / 100);
    const step = (2 * Math.PI * frequency) / SPEECH_SAMPLE_RATE;
    const start = w * perWord;
    for (let i = 0; i < voiced; i++) {
      const envelope = Math.min(1, i / edge, (voiced - i) / edge);
      samples[start + i] = Math.round(AMPLITUDE * envelope * (0.7 * Math.sin(step * i) + 0.3 * Math.sin(2 * step * i)));
    }
  });
  hideText(samples, text);
  return samples;
}

/** The samples as raw 16-bit little-endian bytes (the reference's `pcm`). */
export function pcmBytes(samples: Int16Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i] as number, true);
  return bytes;
}
