/** Property names whose value is a place, a name or a search: filled from the prompt's words. */
const PLACE = /^(city|town|location|place|destination|origin|country|region|capital)$/i;
const QUERY = /^(query|q|search|search_query|topic|subject|keyword|term)$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Capitalised words of the prompt not at a sentence start ("Paris" in "Weather in Paris?"). */
export function properNouns(prompt: string): string[] {
  const out: string[] = [];
  const re = /(^|[.!?]\s+|\s)([A-Z\u00C0-\u00DE][\p{L}'-]+(?:\s[A-Z\u00C0-\u00DE][\p{L}'-]+)*)/gu;
  for (const m of prompt.matchAll(re)) {
    const sentenceStart = m.index === 0 || /[.!?]\s+$/.test(m[1] ?? '');
    const word = m[2] as string;
    if (sentenceStart && !word.includes(' ')) continue;
    out.push(word);
  }
  return out;
}

/** The prompt without its question words and punctuation: a search query. */
function queryOf(prompt: string): string {
  return prompt
    .replace(/[?!.]+$/g, '')
    .replace(/^(please\s+)?(search|look up|find|tell me about|what is|what are|who is)\s+(for\s+)?/i, '')
    .trim()
    .slice(0, 80);
}

/**
 * A copy of an object schema whose top-level plain string members named after a place (`city`,
 * `location`, ...) or a search (`query`, `topic`, ...) take their value from the prompt, as a
 * model reading "Weather in Paris?" would: `{city: "Paris"}`. Only members with no `enum`,
 * `const`, `pattern` or `format` are touched, and only when the value fits their length bounds;
 * everything else is left to the generator.
 *
 * @example
 * promptHints({ type: 'object', properties: { city: { type: 'string' } } }, 'Weather in Paris?');
 * // { type: 'object', properties: { city: { type: 'string', const: 'Paris' } } }
 */
export function promptHints(schema: Record<string, unknown>, prompt: string): Record<string, unknown> {
  if (!isRecord(schema.properties)) return schema;
  const nouns = properNouns(prompt);
  const query = queryOf(prompt);
  let changed = false;
  const properties: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(schema.properties)) {
    properties[name] = member;
    if (!isRecord(member) || member.type !== 'string') continue;
    if ('enum' in member || 'const' in member || 'pattern' in member || 'format' in member) continue;
    const value = PLACE.test(name) ? nouns[0] : QUERY.test(name) && query !== '' ? query : undefined;
    if (value === undefined) continue;
    const length = [...value].length;
    if (typeof member.minLength === 'number' && length < member.minLength) continue;
    if (typeof member.maxLength === 'number' && length > member.maxLength) continue;
    properties[name] = { ...member, const: value };
    changed = true;
  }
  return changed ? { ...schema, properties } : schema;
}
