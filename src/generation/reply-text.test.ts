import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seeded-random.ts';
import { promptOpener } from './prompt-opener.ts';
import { MAX_TOPIC_WORD, reasoningText, replyText, sentenceCount, snippet, topicOf } from './reply-text.ts';

const prompts = [
  'How do I water basil?',
  'Explain recursion to a child.',
  'Best way to learn the violin',
  'Plan a picnic',
  'Why is the sea salty?',
  'hello',
  '',
];

describe('replyText', () => {
  it('is a pure function of the random stream and the input', () => {
    for (const prompt of prompts) expect(replyText(seededRandom(1, prompt), { prompt })).toBe(replyText(seededRandom(1, prompt), { prompt }));
  });

  it('names the topic (or opens by restating the prompt), ends a sentence, and stays bounded', () => {
    for (const prompt of prompts) {
      for (let seed = 0; seed < 20; seed++) {
        const text = replyText(seededRandom(seed, prompt), { prompt });
        const opener = promptOpener(prompt);
        if (opener) expect(text.startsWith(opener)).toBe(true);
        else expect(text).toContain(topicOf(prompt));
        expect(text.length).toBeGreaterThan(20);
        expect(text.length).toBeLessThan(1500);
        expect(text).not.toMatch(/\{(topic|noun|noun2|adj)\}/);
      }
    }
  });

  it('some replies carry non-ASCII characters (so chunking splits inside them)', () => {
    const texts = Array.from({ length: 40 }, (_, seed) => replyText(seededRandom(seed, 'x'), { prompt: 'Tell me about travel in Europe and trains' }));
    expect(texts.some((t) => /[^\x00-\x7f]/.test(t))).toBe(true);
  });

  it('weaves in plugin context and a tool result', () => {
    const withContext = replyText(seededRandom(0, 'c'), { prompt: 'news', context: ['The bridge reopened on Monday after repairs.'] });
    expect(withContext).toContain('The bridge reopened on Monday after repairs.');
    const withTool = replyText(seededRandom(0, 't'), { prompt: 'weather', toolResult: { name: 'get_weather', output: '{"sky":"clear"}' } });
    expect(withTool).toContain('The get_weather tool returned: {"sky":"clear"}');
  });

  it('verbosity low is shorter than high', () => {
    const n = (verbosity: string) => sentenceCount(seededRandom(0, 'v'), 'some words here', verbosity);
    expect(n('low')).toBeLessThan(n('high'));
  });
});

describe('helpers', () => {
  it('topicOf picks content words, or "your question"', () => {
    expect(topicOf('How do I water basil?')).toBe('water and basil');
    expect(topicOf('')).toBe('your question');
  });
  it('topicOf skips words longer than MAX_TOPIC_WORD: a 600,000-character run is not quoted back', () => {
    const long = 'x'.repeat(600_000);
    expect(topicOf(`${long} water basil`)).toBe('water and basil');
    expect(topicOf(long)).toBe('your question');
    expect(topicOf(`${'y'.repeat(MAX_TOPIC_WORD)} ${'z'.repeat(MAX_TOPIC_WORD + 1)}`)).toBe('y'.repeat(MAX_TOPIC_WORD));
    expect(replyText(seededRandom(0, 'long'), { prompt: long }).length).toBeLessThan(2000);
  });
  it('snippet cuts at a word boundary with an ellipsis', () => {
    expect(snippet('one two three four five', 12)).toBe('one two…');
    expect(snippet('short')).toBe('short');
  });
  it('reasoningText grows with effort', () => {
    const len = (effort: string) => reasoningText(seededRandom(0, effort), 'why', effort).split('. ').length;
    expect(len('low')).toBeLessThanOrEqual(len('high'));
  });
});
