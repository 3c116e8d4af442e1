/** Payloads longer than this are elided in the text output (the JSON report keeps them whole). */
export const ELIDE_BYTES = 1024;

/**
 * Shorten a payload for the text output: up to {@link ELIDE_BYTES} characters, then a note of
 * how much was left out.
 *
 * @example
 * elide('x'.repeat(3000)); // 'xxx…(1024 of 3000 characters shown; the JSON report has it whole)'
 */
export function elide(text: string, limit = ELIDE_BYTES): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}…(${limit} of ${text.length} characters shown; the JSON report has it whole)`;
}

/** A value for the text output: whole up to the limit; past it, long strings (a base64 file) are shortened inside the JSON, then the whole is cut. */
export function elideJson(value: unknown, limit = ELIDE_BYTES): string {
  const whole = JSON.stringify(value) ?? '';
  if (whole.length <= limit) return whole;
  const json = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…(${v.length} characters)` : v));
  return elide(json ?? '', limit);
}
