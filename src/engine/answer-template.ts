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

/**
 * A text template with what writing its answers takes, known once from its pieces. The values put
 * in its holes are ids, ASCII always, so a filled text is ASCII when the pieces are, and its UTF-8
 * is the pieces' UTF-8 with the values as they are.
 */
export interface TextTemplate {
  readonly text: AnswerTemplate;
  /** Every piece is ASCII: a filled text's UTF-8 length is its length. */
  readonly ascii: boolean;
  /** Otherwise, for a well-formed text: the pieces' UTF-8 as one-byte strings (one character per byte). */
  readonly latin1: AnswerTemplate | undefined;
}

/** A filled text, and its UTF-8 length and one-byte form when its template knows them. */
export interface FilledText {
  readonly text: string;
  readonly known: { utf8Length: number; latin1: string | undefined } | undefined;
}

const NOT_ASCII = /[^\x00-\x7f]/;
const encoder = new TextEncoder();

/** `text`'s UTF-8 as a one-byte string, flat (a string built by `+=` per character would be a tree, walked at every use). */
function utf8AsLatin1(text: string): string {
  const chars: string[] = [];
  for (const byte of encoder.encode(text)) chars.push(String.fromCharCode(byte));
  return chars.join('');
}

/**
 * What writing `template`'s answers takes.
 *
 * @example
 * textTemplate({ pieces: ['"na\u00efve ', '"'], slots: [0] }).latin1?.pieces[0]; // '"na\u00c3\u00afve '
 */
export function textTemplate(template: AnswerTemplate): TextTemplate {
  const ascii = template.pieces.every((piece) => !NOT_ASCII.test(piece));
  const wellFormed = template.pieces.every((piece) => (piece as string & { isWellFormed(): boolean }).isWellFormed());
  const latin1 = ascii || !wellFormed ? undefined : { pieces: template.pieces.map(utf8AsLatin1), slots: template.slots };
  return { text: template, ascii, latin1 };
}

/**
 * The template filled with `values` (ids: ASCII), and its UTF-8 length and one-byte form when the
 * template knows them.
 *
 * @example
 * fillText(textTemplate({ pieces: ['a', 'c'], slots: [0] }), ['b']); // { text: 'abc', known: { utf8Length: 3, latin1: undefined } }
 */
export function fillText(template: TextTemplate, values: readonly string[]): FilledText {
  const text = fillTemplate(template.text, values);
  if (template.ascii) return { text, known: { utf8Length: text.length, latin1: undefined } };
  if (!template.latin1) return { text, known: undefined };
  const latin1 = fillTemplate(template.latin1, values);
  return { text, known: { utf8Length: latin1.length, latin1 } };
}
