import type { Account } from '../account/account.ts';
import type { GenerationRecord } from '../account/generation-record.ts';
import type { Reservation } from '../account/reservation.ts';
import type { MetricsTally } from '../state/metrics-tally.ts';
import type { ProviderFaults } from '../state/provider-faults.ts';

/** A hold whose settling counts the answer first. A class: its methods live on the prototype, not in closures made per answer. */
class MeteredHold implements Reservation {
  readonly #hold: Reservation;
  readonly #meter: (record: GenerationRecord) => void;

  constructor(hold: Reservation, meter: (record: GenerationRecord) => void) {
    this.#hold = hold;
    this.#meter = meter;
  }

  get worstCost(): number {
    return this.#hold.worstCost;
  }

  get open(): boolean {
    return this.#hold.open;
  }

  settle(record: GenerationRecord): void {
    if (this.#hold.open) this.#meter(record);
    this.#hold.settle(record);
  }

  release(): void {
    this.#hold.release();
  }
}

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
    reserve: (apiKey, worstCost, explain) => new MeteredHold(account.reserve(apiKey, worstCost, explain), meter),
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
