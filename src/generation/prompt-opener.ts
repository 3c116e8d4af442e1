/** The prompt as a phrase: trimmed, final punctuation dropped, first person turned to second. */
function phrase(text: string): string {
  return text
    .trim()
    .replace(/[?!.\s]+$/, '')
    .replace(/\b(I|me)\b/g, 'you')
    .replace(/\bmy\b/gi, 'your')
    .replace(/\s+/g, ' ')
    .slice(0, 120);
}

/**
 * An opening sentence that answers the shape of the prompt (issue: replies should read like
 * answers, not "Here is a short answer about joke."): a greeting is greeted, "how do I X" gets
 * "Here is how to X", "what/who/where/when/why ..." is restated as the subject of the answer,
 * a request for a joke gets one, "summarise / explain X" gets "In short, ...". Undefined when the
 * prompt has none of these shapes (the generic openers apply). Deterministic, no randomness.
 *
 * @example
 * promptOpener('How do I bake sourdough bread?'); // 'Here is how to bake sourdough bread.'
 * promptOpener('What is the capital of France?'); // 'About the capital of France: here is the short version.'
 */
export function promptOpener(prompt: string): string | undefined {
  const p = prompt.trim();
  if (p === '') return undefined;
  if (/^(hi|hello|hey|good (morning|afternoon|evening))\b[\s!.,]*$/i.test(p)) return 'Hello! How can I help you today?';
  const joke = /\bjoke\b(?:\s+about\s+(.+))?/i.exec(p);
  if (joke) {
    const about = joke[1] ? phrase(joke[1]) : 'computers';
    return `Here is a joke about ${about}: why did the programmer quit their job? They did not get arrays.`;
  }
  const how = /^how\s+(?:do|can|should|would)\s+(?:i|we|you|one)\s+(.+)/i.exec(p) ?? /^how\s+to\s+(.+)/i.exec(p);
  if (how) return `Here is how to ${phrase(how[1] as string)}.`;
  const what = /^(?:what|who|where|when|which)\s+(?:is|are|was|were)\s+(.+)/i.exec(p);
  if (what) return `About ${phrase(what[1] as string)}: here is the short version.`;
  const why = /^why\s+(is|are|do|does|did)\s+(.+)/i.exec(p);
  if (why) return `Why ${(why[1] as string).toLowerCase()} ${phrase(why[2] as string)}? There are a few reasons.`;
  const summary = /^(?:please\s+)?(?:summari[sz]e|explain|describe)\s+(.+)/i.exec(p);
  if (summary) return `In short, ${phrase(summary[1] as string)} comes down to a few points.`;
  return undefined;
}
