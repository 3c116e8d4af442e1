import type { Account } from '../account/account.ts';
import type { MetricsTally } from '../state/metrics-tally.ts';
import type { ProviderFaults } from '../state/provider-faults.ts';

/**
 * The account, counting each paid answer's tokens and cost by model into `metrics` as it records
 * it; a revised answer (the same id recorded again) counts the difference.
 */
export function meteredAccount(account: Account, metrics: MetricsTally): Account {
  return {
    ...account,
    recordGeneration(record) {
      const earlier = account.generation(record.id);
      if (earlier) metrics.generation(earlier.model, { promptTokens: -earlier.tokensPrompt, completionTokens: -earlier.tokensCompletion, cost: -earlier.cost, answers: -1 });
      metrics.generation(record.model, { promptTokens: record.tokensPrompt, completionTokens: record.tokensCompletion, cost: record.cost, answers: 1 });
      account.recordGeneration(record);
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
