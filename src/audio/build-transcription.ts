import type { SpeechModel } from '../catalog/speech-model.ts';
import { speechPricePerSecond } from '../catalog/speech-model.ts';
import type { Tokenizer } from '../generation/tokenizer.ts';
import type { SeededRandom } from '../random/seeded-random.ts';
import type {
  TimestampGranularity,
  TranscriptionResponse,
  TranscriptionResponseFormat,
  TranscriptionSegment,
  TranscriptionWord,
} from '../schemas/audio-transcription.ts';
import { languageName } from './language-name.ts';
import { generateTranscript, sentencesOf } from './transcript.ts';

/**
 * Audio input tokens billed per second of audio. The reference STTUsage example bills 83 input
 * tokens for 9.2 s, i.e. 9 per second (rounded).
 */
export const AUDIO_TOKENS_PER_SECOND = 9;

export interface TranscriptionInput {
  readonly model: SpeechModel;
  readonly seconds: number;
  readonly responseFormat: TranscriptionResponseFormat;
  readonly granularities: readonly TimestampGranularity[];
  /** ISO-639-1 code the caller forced, if any. */
  readonly language: string | undefined;
  readonly temperature: number | undefined;
  /** The text the recording carries (made by `/audio/speech`): the transcript is that text. */
  readonly spokenText?: string | undefined;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The reference STTResponse for a transcription: `{text, usage}` for `json`; for `verbose_json`
 * also `task`, `language`, `duration`, `segments` (one per sentence, times proportional to word
 * position) and, when `word` granularity is asked, `words`. A pure function of its inputs.
 *
 * @example
 * buildTranscription(input, seededRandom(seed, 'audio.transcriptions', String(hashBytes(bytes))), tokenizer);
 */
export function buildTranscription(input: TranscriptionInput, rng: SeededRandom, tokenizer: Tokenizer): TranscriptionResponse {
  const sentences = input.spokenText !== undefined ? sentencesOf(input.spokenText) : generateTranscript(rng.fork('transcript'), input.seconds);
  const text = sentences.map((s) => s.text).join(' ');
  const totalWords = sentences.reduce((n, s) => n + s.words.length, 0);
  const at = (wordIndex: number) => (totalWords === 0 ? 0 : round3((wordIndex / totalWords) * input.seconds));

  const inputTokens = Math.round(input.seconds * AUDIO_TOKENS_PER_SECOND);
  const outputTokens = tokenizer.count(text);
  const cost = Math.round(input.seconds * speechPricePerSecond(input.model) * 1e9) / 1e9;
  const usage = { cost, input_tokens: inputTokens, output_tokens: outputTokens, seconds: input.seconds, total_tokens: inputTokens + outputTokens };
  if (input.responseFormat === 'json') return { text, usage };

  const details = rng.fork('segments');
  const segments: TranscriptionSegment[] = sentences.map((s, id) => {
    const start = at(s.firstWord);
    return {
      id,
      seek: Math.round(start * 100),
      start,
      end: at(s.firstWord + s.words.length),
      text: ` ${s.text}`,
      temperature: input.temperature ?? 0,
      avg_logprob: -round2(0.05 + details.float() * 0.4),
      compression_ratio: round2(1 + details.float() * 0.6),
      no_speech_prob: round3(details.float() * 0.05),
    };
  });
  const out: TranscriptionResponse = {
    task: 'transcribe',
    // Without a forced language the simulated speaker speaks English (the vocabulary is English).
    language: languageName(input.language ?? 'en'),
    duration: input.seconds,
    text,
    segments,
    usage,
  };
  if (input.granularities.includes('word')) {
    const words: TranscriptionWord[] = [];
    for (const s of sentences) {
      s.words.forEach((word, i) => words.push({ word, start: at(s.firstWord + i), end: at(s.firstWord + i + 1) }));
    }
    out.words = words;
  }
  return out;
}
