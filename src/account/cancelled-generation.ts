import type { Delivery } from '../types/delivery.ts';
import type { GenerationRecord } from './generation-record.ts';

/**
 * The record of a stream the client left mid-way: `cancelled`, with the completion tokens of the
 * share of the stream's events it was handed (rounded up: an event begun is an event sent), and
 * charged the prompt in full plus that share of the completion's cost. A whole delivery is the
 * record as it was.
 *
 * @example
 * cancelledGeneration(record, { sent: 3, of: 12 }).tokensCompletion; // a quarter of record's, rounded up
 */
export function cancelledGeneration(record: GenerationRecord, delivery: Delivery): GenerationRecord {
  if (delivery.sent >= delivery.of || delivery.of <= 0) return record;
  const share = Math.max(0, delivery.sent) / delivery.of;
  const tokensCompletion = Math.min(record.tokensCompletion, Math.ceil(record.tokensCompletion * share));
  const kept = record.tokensCompletion === 0 ? 0 : tokensCompletion / record.tokensCompletion;
  const completionCost = record.completionCost ?? 0;
  const cost = roundUsd(record.cost - completionCost + completionCost * kept);
  const reasoningTokens = record.reasoningTokens === undefined ? undefined : Math.min(record.reasoningTokens, tokensCompletion);
  return {
    ...record,
    cancelled: true,
    finishReason: null,
    nativeFinishReason: null,
    tokensCompletion,
    ...(reasoningTokens === undefined ? {} : { reasoningTokens }),
    cost,
    completionCost: roundUsd(completionCost * kept),
  };
}

/** USD to 1e-12, as every cost the gateway reports (generation/usage-cost.ts). */
function roundUsd(usd: number): number {
  return Math.round(usd * 1e12) / 1e12;
}
