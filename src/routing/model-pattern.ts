/**
 * Whether `text` matches a glob whose only wildcard is `*` (any run of characters, empty
 * included), in time linear in the text and the pattern: no regular expression is built from
 * the pattern, and nothing backtracks. The pattern splits at its stars; the first piece must
 * start the text, the last must end it, and each piece between is taken at its leftmost place
 * after the one before (leftmost is always right for `*`-only globs: any later place leaves less
 * text for the pieces after it).
 *
 * @example
 * globMatches('anthropic/claude-sonnet-4.5', 'anthropic/*'); // true
 * globMatches('openai/gpt-4o', '*gpt*4*'); // true
 */
export function globMatches(text: string, pattern: string): boolean {
  const star = pattern.indexOf('*');
  if (star < 0) return text === pattern;
  const pieces = pattern.split('*');
  const first = pieces[0] as string;
  const last = pieces[pieces.length - 1] as string;
  if (first.length + last.length > text.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i] as string;
    if (piece === '') continue; // `**` is `*`
    const found = text.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

/**
 * Whether a model id matches an `allowed_models` pattern (spec 2.5): `*` matches any run of
 * characters, so `anthropic/*` matches every Anthropic model; without `*` the id must be equal.
 * Case-insensitive. Linear time whatever the pattern ({@link globMatches}).
 *
 * @example
 * modelMatches('anthropic/claude-sonnet-4.5', 'anthropic/*'); // true
 */
export function modelMatches(id: string, pattern: string): boolean {
  return globMatches(id.toLowerCase(), pattern.toLowerCase());
}

/** Whether `id` matches any of `patterns`. */
export function modelMatchesAny(id: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => modelMatches(id, p));
}
