import type { Account } from '../account/account.ts';
import type { GenerationRecord } from '../account/generation-record.ts';
import type { MetricsTally } from '../state/metrics-tally.ts';
import type { ProviderFaults } from '../state/provider-faults.ts';

/**
 * The account, counting each paid answer's tokens and cost by model into `metrics` as it records
 * it or settles its hold; a revised answer (the same id recorded again) counts the difference.
 */
export function meteredAccount(account: Account, metrics: MetricsTally): Account {
  const meter = (record: GenerationRecord) => {
    const earlier = account.generation(record.id);
    if (earlier)
      metrics.generation(earlier.model, { promptTokens: -earlier.tokensPrompt, completionTokens: -earlier.tokensCompletion, cost: -earlier.cost, answers: -1 });
    metrics.generation(record.model, { promptTokens: record.tokensPrompt, completionTokens: record.tokensCompletion, cost: record.cost, answers: 1 });
  };
  return {
    ...account,
    recordGeneration(record) {
      meter(record);
      account.recordGeneration(record);
    },
    // The one billing path (docs/account.md): a settled hold is a recorded answer too.
    reserve(apiKey, worstCost, explain) {
      const hold = account.reserve(apiKey, worstCost, explain);
      return {
        worstCost: hold.worstCost,
        get open() {
          return hold.open;
        },
        settle(record) {
          if (hold.open) meter(record);
          hold.settle(record);
        },
        release: () => hold.release(),
      };
    },
  };
}

/** The provider faults, counting each attempt a programmed fault fails into `metrics`. */
export function meteredProviderFaults(faults: ProviderFaults, metrics: MetricsTally): ProviderFaults {
  return {
    ...faults,
    take(provider) {
      const status = faults.take(provider);
      if (status !== undefined) metrics.providerFault(provider, status);
      return status;
    },
  };
}
