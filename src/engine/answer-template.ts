/**
 * A text with holes: the literal pieces between the places where per-answer values stood, and
 * which value goes in each hole. `pieces.length === slots.length + 1`.
 */
export interface AnswerTemplate {
  readonly pieces: readonly string[];
  readonly slots: readonly number[];
}

/**
 * The template of `text` in which each occurrence of `values[i]` becomes hole `i`. The values are
 * the random strings an answer is given per request (ids), long enough never to occur by chance;
 * a value that occurs nowhere is simply not a hole. Where two occurrences overlap, the earlier wins.
 *
 * @example
 * const t = makeTemplate('{"id":"resp_Ab3"}', ['Ab3']);
 * fillTemplate(t, ['Zz9']); // '{"id":"resp_Zz9"}'
 */
export function makeTemplate(text: string, values: readonly string[]): AnswerTemplate {
  const found: Array<{ at: number; end: number; slot: number }> = [];
  values.forEach((value, slot) => {
    if (value.length === 0) return;
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length)) found.push({ at, end: at + value.length, slot });
  });
  found.sort((a, b) => a.at - b.at || b.end - a.end);
  const pieces: string[] = [];
  const slots: number[] = [];
  let from = 0;
  for (const hole of found) {
    if (hole.at < from) continue;
    pieces.push(text.slice(from, hole.at));
    slots.push(hole.slot);
    from = hole.end;
  }
  pieces.push(text.slice(from));
  return { pieces, slots };
}

/**
 * The template with `values` in its holes.
 *
 * @example
 * fillTemplate({ pieces: ['a', 'c'], slots: [0] }, ['b']); // 'abc'
 */
export function fillTemplate(template: AnswerTemplate, values: readonly string[]): string {
  const { pieces, slots } = template;
  let out = pieces[0] as string;
  for (let i = 0; i < slots.length; i++) out += (values[slots[i] as number] as string) + (pieces[i + 1] as string);
  return out;
}
