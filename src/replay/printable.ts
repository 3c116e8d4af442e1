/**
 * Text from a cassette or an answer made safe for a terminal: every control character (C0, DEL,
 * C1, which start escape sequences such as OSC 52 clipboard writes and screen clears), every
 * line or paragraph separator and every bidirectional override is shown escaped (`\x1b`,
 * `\u202e`), so human output prints exactly what was recorded and nothing acts on the terminal.
 *
 * @example
 * printable('a\x1b]52;c;aGk=\x07b'); // 'a\\x1b]52;c;aGk=\\x07b'
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\\]/g, (c) => {
    if (c === '\\') return '\\\\';
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
