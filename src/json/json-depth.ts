/**
 * How deep a request body's arrays and objects may nest. JSON.parse takes 100,000 levels, but
 * JSON.stringify, structured cloning and every recursive walker (hashing, validation, the journal)
 * overflow the stack at a few thousand: refusing early with a 400 keeps those from becoming 500s.
 * No real request comes near it (a tool's JSON schema nests a few dozen levels at most).
 */
export const MAX_JSON_DEPTH = 256;

/**
 * Does the text hold at most `limit` opening brackets (`[` or `{`), strings included? Then no
 * nesting can pass `limit`. Found by indexOf, which skips a long string (a base64 upload) at
 * native speed instead of one character at a time.
 */
function fewOpenings(text: string, limit: number): boolean {
  let count = 0;
  for (const open of ['[', '{']) {
    for (let i = text.indexOf(open); i !== -1; i = text.indexOf(open, i + 1)) if (++count > limit) return false;
  }
  return true;
}

/** The deepest array/object nesting of a JSON text, stopping once past `limit`. Strings are skipped. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  if (fewOpenings(text, limit)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Whether a parsed JSON value nests arrays/objects deeper than `limit` (walked without recursion,
 * so a value too deep for JSON.stringify is measured, not overflowed).
 *
 * @example
 * jsonValueDepthExceeds([[[]]], 2); // true
 */
export function jsonValueDepthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
