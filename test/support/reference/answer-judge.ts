import type { Exchange } from 'gatewaykit/internals';
import { loadReference } from './load-reference.ts';
import { createReferenceOracle } from './reference-oracle.ts';

let judge: ReturnType<typeof createReferenceOracle> | undefined;

/**
 * The problems the reference finds with one exchange (none: it conforms, or the reference does
 * not describe it). The oracle is built on the first answer, once per test process.
 */
export function judgeAnswer(exchange: Exchange): string[] {
  if (exchange.outside) return [];
  judge ??= createReferenceOracle(loadReference());
  const fault = exchange.requestHeaders.get('x-gatewaykit-fault')?.trim().toLowerCase();
  const verdict = judge({ ...exchange, ...(fault ? { fault } : {}) });
  return verdict.kind === 'judged' ? verdict.problems : [];
}
