import { seededRandom } from '../random/seeded-random.ts';

/**
 * The `X-Generation-Id` of the `seq`-th answer of a gateway (reference README: every response
 * carries one). Like the real gateway, every answer gets a fresh id, errors included; it derives
 * from the gateway seed and the answer's sequence number (0, 1, 2, ... since start or control
 * reset), so the same requests in the same order after a reset give the same ids (DESIGN).
 *
 * @example
 * generationId(0, 0, 1_767_225_600_000); // 'gen-1767225600-' + 20 alphanumerics
 */
export function generationId(seed: number, seq: number, nowMs: number): string {
  return `gen-${Math.floor(nowMs / 1000)}-${seededRandom(seed, 'generation-id', String(seq)).alphanumeric(20)}`;
}
