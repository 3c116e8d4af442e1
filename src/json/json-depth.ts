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
