import { speechMp3 } from '../../audio/speech-mp3.ts';
import { pcmBytes } from '../../audio/synthesize-speech.ts';

/** reference createAudioSpeech: `audio/mpeg` for mp3, `audio/pcm` (16-bit little-endian) for pcm. */
export const SPEECH_CONTENT_TYPES = { mp3: 'audio/mpeg', pcm: 'audio/pcm' } as const;

/**
 * The bytes of the answer in `format`: raw 16-bit little-endian samples, or the same samples
 * encoded as MP3 with the text in its ID3 tag.
 */
export async function speechBytes(samples: Int16Array, text: string, format: keyof typeof SPEECH_CONTENT_TYPES): Promise<Uint8Array> {
  return format === 'pcm' ? pcmBytes(samples) : speechMp3(samples, text);
}
