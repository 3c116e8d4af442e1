import { promptOpener } from './prompt-opener.ts';
import type { SeededRandom } from '../random/seeded-random.ts';

/** What shapes a generated reply. */
export interface ReplyTextInput {
  /** The last user message (its words give the reply its topic). */
  prompt: string;
  /** Extra material the model "read" (plugin context: web results, fetched pages, parsed files). */
  context?: readonly string[];
  /** Output of the tool call the conversation ends with, if any. */
  toolResult?: { name: string; output: string };
  /** Panel answers (fusion plugin). */
  panelSize?: number;
  /** `text.verbosity`: low shortens, high lengthens. */
  verbosity?: string;
}

const STOPWORDS = new Set(
  'about above after again also because been before being below between both could does doing down during each from further have having here hers herself himself into itself just like more most other ought ourselves over same should some such than that their theirs them themselves then there these they this those through under until very what when where which while whom with would your yours yourself yourselves please tell explain write give show make want need know think could might will shall'.split(
    ' ',
  ),
);

const NOUNS = [
  'plan',
  'system',
  'signal',
  'pattern',
  'recipe',
  'schedule',
  'budget',
  'process',
  'outline',
  'draft',
  'structure',
  'rhythm',
  'habit',
  'toolkit',
  'checklist',
  'foundation',
];
const ADJECTIVES = ['simple', 'steady', 'practical', 'careful', 'clear', 'flexible', 'reliable', 'gentle', 'useful', 'balanced', 'patient', 'sturdy'];

// Some sentences carry non-ASCII on purpose (é, ï, emoji): SSE re-chunking inside multi-byte
// characters is exercised by ordinary generated replies, not only by hand-written fixtures.
const OPENERS = [
  'Here is a short answer about {topic}.',
  'Good question about {topic}.',
  "Let's look at {topic} step by step.",
  'Sure, I can help with {topic}.',
  'Happy to walk through {topic}.',
];
const BODY = [
  'The key idea is that the {noun} and the {noun2} work together.',
  'A {adj} place to start is the {noun}, since everything else builds on it.',
  'In practice, most people keep the {noun} {adj} and adjust the {noun2} as they go.',
  'It is worth checking the {noun} first, because small details there matter later.',
  'One {adj} example is a {noun} that changes slowly over time.',
  'Think of it like a café menu: a few {adj} choices cover most needs.',
  'The naïve approach works, but a {adj} {noun} usually works better.',
  'You can compare it with a {noun}: {adj}, predictable and easy to test.',
  'When in doubt, write the {noun} down and review it the next day.',
  'A {adj} {noun} tends to hold up well as things grow.',
  'Most of the effort goes into the {noun}; the {noun2} follows naturally.',
  'Keep a small {noun} nearby, like a well-worn résumé of what already works.',
];
const CLOSERS = [
  'I hope this helps!',
  'Let me know if you would like more detail.',
  'That should give you a solid starting point 🙂',
  'Happy to go deeper on any part of it ✨',
  'Feel free to ask a follow-up question.',
];

/**
 * Words longer than this are not topics: no model quotes a huge run of `x` back, and quoting it
 * would make the answer (and its token count) as large as the prompt.
 */
export const MAX_TOPIC_WORD = 40;

/** Up to two content words of the prompt, in order of appearance: the reply's topic. */
export function topicOf(prompt: string): string {
  const picked: string[] = [];
  // Lazily, word by word: a prompt of a million words is not first turned into an array of them.
  for (const [word] of prompt.toLowerCase().matchAll(/[\p{L}][\p{L}\p{N}'-]{3,}/gu)) {
    if (word.length > MAX_TOPIC_WORD || STOPWORDS.has(word) || picked.includes(word)) continue;
    picked.push(word);
    if (picked.length === 2) break;
  }
  return picked.length === 0 ? 'your question' : picked.join(' and ');
}

function fill(template: string, rng: SeededRandom, topic: string): string {
  const noun = rng.pick(NOUNS);
  let noun2 = rng.pick(NOUNS);
  if (noun2 === noun) noun2 = NOUNS[(NOUNS.indexOf(noun) + 1) % NOUNS.length] as string;
  return template.replaceAll('{topic}', topic).replaceAll('{noun2}', noun2).replaceAll('{noun}', noun).replaceAll('{adj}', rng.pick(ADJECTIVES));
}

/** The first `max` characters of `text`, cut at a word boundary, one line. */
export function snippet(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** How many body sentences: seeded, grows with the prompt, bounded (2..9 before verbosity). */
export function sentenceCount(rng: SeededRandom, prompt: string, verbosity: string | undefined): number {
  const words = prompt.split(/\s+/).filter(Boolean).length;
  let n = rng.int(1, 3) + Math.min(3, Math.floor(words / 25));
  if (verbosity === 'low') n = 1;
  else if (verbosity === 'high' || verbosity === 'xhigh' || verbosity === 'max') n += 3;
  return Math.min(n, 9);
}

/**
 * A pleasant, plausible reply: an opener naming the topic, a few body sentences, a closer.
 * A pure function of the random stream and the input.
 *
 * @example
 * replyText(seededRandom(0, 'demo'), { prompt: 'How do I water basil?' });
 * // 'Good question about water and basil. A steady place to start is ...'
 */
export function replyText(rng: SeededRandom, input: ReplyTextInput): string {
  const topic = topicOf(input.prompt);
  const sentences: string[] = [];
  if (input.toolResult) {
    sentences.push(`The ${input.toolResult.name} tool returned: ${snippet(input.toolResult.output) || '(nothing)'}.`);
    sentences.push(fill(rng.pick(BODY), rng, topic));
  } else {
    // The opener answers the prompt's shape when it has one; the generic opener is still drawn so
    // the rest of the reply keeps its seeded sentences.
    const generic = fill(rng.pick(OPENERS), rng, topic);
    sentences.push(promptOpener(input.prompt) ?? generic);
    const context = (input.context ?? []).filter((c) => c.trim() !== '');
    if (context[0] !== undefined) sentences.push(`According to the sources I checked, ${snippet(context[0])}.`);
    if (input.panelSize) sentences.push(`The panel of ${input.panelSize} models broadly agreed on this.`);
    const body = [...BODY];
    const count = sentenceCount(rng, input.prompt, input.verbosity);
    for (let i = 0; i < count && body.length > 0; i++) {
      const at = rng.int(0, body.length - 1);
      sentences.push(fill(body.splice(at, 1)[0] as string, rng, topic));
    }
  }
  sentences.push(rng.pick(CLOSERS));
  return sentences.join(' ');
}

const THOUGHTS = [
  'The user is asking about {topic}.',
  'First, I should figure out what matters most here.',
  'A {adj} answer would start with the {noun}.',
  'I should check whether the {noun2} changes the picture.',
  'There may be an edge case around the {noun}; worth a sentence.',
  'Keep the explanation {adj} and concrete.',
  'An example would make this clearer.',
  'Finally, I will summarise and offer a follow-up.',
];

/**
 * Sentences of reasoning per effort (reference `ReasoningEffort`): strictly more thought, hence
 * more reasoning tokens, at each step up; `medium` is the default.
 */
export const REASONING_SENTENCES: Readonly<Record<string, number>> = { minimal: 1, low: 2, medium: 4, high: 6, xhigh: 9, max: 12 };

/**
 * Reasoning text for an effort level: the prompt's topic first, then working steps, then (from
 * three sentences on) a closing step. Longer efforts cycle through the working steps.
 *
 * @example
 * reasoningText(rng, 'Why is the sky blue?', 'low'); // 'The user is asking about blue. First, I should ...'
 */
export function reasoningText(rng: SeededRandom, prompt: string, effort: string | undefined): string {
  const topic = topicOf(prompt);
  const count = REASONING_SENTENCES[effort ?? 'medium'] ?? (REASONING_SENTENCES.medium as number);
  const steps = THOUGHTS.slice(1, -1);
  const out = [fill(THOUGHTS[0] as string, rng, topic)];
  for (let i = 1; i < count; i++) {
    const last = i === count - 1 && count >= 3;
    out.push(fill((last ? THOUGHTS[THOUGHTS.length - 1] : steps[(i - 1) % steps.length]) as string, rng, topic));
  }
  return out.join(' ');
}

/**
 * The reasoning summary (reference `ReasoningSummaryVerbosity`): `auto` and `concise` give one
 * sentence, `detailed` three.
 *
 * @example
 * reasoningSummary('Why is the sky blue?', 'concise'); // 'Thinking through Why is the sky blue? and how best to answer it.'
 */
export function reasoningSummary(prompt: string, verbosity: 'auto' | 'concise' | 'detailed'): string {
  const first = `Thinking through ${snippet(prompt, 60) || 'the question'} and how best to answer it.`;
  if (verbosity !== 'detailed') return first;
  return `${first} Identified the main point to explain and the order to explain it in. Checked an edge case and planned a short example before answering.`;
}
