import type { SeededRandom } from '../random/seeded-random.ts';

/**
 * An opaque, deterministic `encrypted_content` for a reasoning item (spec 2.1 `include`
 * `reasoning.encrypted_content`): the reasoning's UTF-8 bytes XOR a seeded keystream, base64.
 * Same seed and reasoning, same string; it reveals nothing readable and is accepted back in an
 * input reasoning item. A simulation, not cryptography.
 *
 * @example
 * encryptReasoning('Thinking...', rng); // 'gAAAAA' + base64
 */
export function encryptReasoning(text: string, rng: SeededRandom): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte ^ rng.int(0, 255));
  // The `gAAAAA` prefix is what OpenAI's encrypted reasoning blobs start with; clients never parse it.
  // btoa, not Buffer: the core also runs in browsers.
  return `gAAAAA${btoa(binary)}`;
}
