import type { SeededRandom } from '../random/seeded-random.ts';

/** Plain, common words: a simulated transcript should read like speech, not like lorem ipsum. */
const WORDS = [
  'the',
  'weather',
  'is',
  'sunny',
  'today',
  'and',
  'we',
  'will',
  'meet',
  'at',
  'the',
  'station',
  'after',
  'lunch',
  'please',
  'send',
  'me',
  'the',
  'report',
  'before',
  'friday',
  'our',
  'team',
  'finished',
  'the',
  'new',
  'release',
  'yesterday',
  'customers',
  'asked',
  'about',
  'pricing',
  'this',
  'morning',
  'I',
  'think',
  'we',
  'should',
  'review',
  'the',
  'numbers',
  'again',
  'thank',
  'you',
  'for',
  'calling',
  'let',
  'us',
  'start',
  'with',
  'a',
  'quick',
  'summary',
  'of',
  'last',
  'week',
  'the',
  'meeting',
  'moved',
  'to',
  'Tuesday',
  'afternoon',
  'everyone',
  'agreed',
  'on',
  'the',
  'plan',
  'there',
  'are',
  'three',
  'open',
  'questions',
  'left',
  'can',
  'you',
  'hear',
  'me',
  'now',
  'good',
  'it',
  'sounds',
  'clear',
  'the',
  'project',
  'is',
  'on',
  'track',
  'for',
  'next',
  'month',
  'traffic',
  'was',
  'heavy',
  'on',
  'the',
  'way',
  'home',
  'dinner',
  'will',
  'be',
  'ready',
  'soon',
  'remember',
  'to',
  'bring',
  'your',
  'laptop',
  'temperature',
  'around',
  'seventy',
  'two',
  'degrees',
  'coffee',
  'budget',
  'schedule',
  'update',
  'service',
  'works',
  'well',
  'again',
] as const;

/** Speaking pace of the simulated speaker (about 150 words per minute). */
export const WORDS_PER_SECOND = 2.5;

/** One sentence of the transcript and the index of its first word in the whole transcript. */
export interface TranscriptSentence {
  readonly text: string;
  readonly words: readonly string[];
  readonly firstWord: number;
}

/**
 * A deterministic transcript of `seconds` of audio: about {@link WORDS_PER_SECOND} words per
 * second in sentences of 4 to 14 words, each picked by `rng` (keyed by seed + audio bytes).
 *
 * @example
 * generateTranscript(seededRandom(0, 'audio', '123'), 3.2).map((s) => s.text).join(' ');
 */
export function generateTranscript(rng: SeededRandom, seconds: number): TranscriptSentence[] {
  const total = seconds <= 0 ? 0 : Math.min(20_000, Math.max(1, Math.round(seconds * WORDS_PER_SECOND)));
  const sentences: TranscriptSentence[] = [];
  let used = 0;
  while (used < total) {
    const n = Math.min(total - used, rng.int(4, 14));
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(rng.pick(WORDS));
    const first = words[0] as string;
    words[0] = first.charAt(0).toUpperCase() + first.slice(1);
    sentences.push({ text: `${words.join(' ')}.`, words, firstWord: used });
    used += n;
  }
  return sentences;
}

/**
 * The sentences of a known text (speech made by `/audio/speech` carries its text): split after
 * `.`, `!` or `?`, words at whitespace.
 *
 * @example
 * sentencesOf('Hello world. Bye.').map((s) => s.words.length); // [2, 1]
 */
export function sentencesOf(text: string): TranscriptSentence[] {
  const sentences: TranscriptSentence[] = [];
  let used = 0;
  for (const sentence of text.trim().split(/(?<=[.!?])\s+/)) {
    const words = sentence.match(/\S+/g) ?? [];
    if (words.length === 0) continue;
    sentences.push({ text: words.join(' '), words, firstWord: used });
    used += words.length;
  }
  return sentences;
}
