/**
 * How deep a request body's arrays and objects may nest. JSON.parse takes 100,000 levels, but
 * JSON.stringify, structured cloning and every recursive walker (hashing, validation, the journal)
 * overflow the stack at a few thousand: refusing early with a 400 keeps those from becoming 500s.
 * No real request comes near it (a tool's JSON schema nests a few dozen levels at most).
 */
export const MAX_JSON_DEPTH = 256;

/** The deepest array/object nesting of a JSON text, stopping once past `limit`. Strings are skipped. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
