import type { CreditsUpdate } from '../account/account.ts';
import type { JournalEntry, JournalPage } from '../state/journal.ts';
import type { JournalQuery } from '../state/journal-query.ts';
import type { ProviderFault } from '../state/provider-faults.ts';

/** Simulation controls of a gateway: in-process methods, and the control API in server mode. */
export interface GatewayControl {
  /**
   * Forget all state (journal, sessions, jobs, faults, rate windows) and rewind a virtual clock.
   * A scope's control (`X-Test-Id`, `gateway.scope(id)`) forgets that scope only and leaves the
   * shared clock; the default scope's forgets every scope too.
   */
  reset(): void;
  /** The request journal, oldest first (bounded). */
  requests(): JournalEntry[];
  requestCount(): number;
  /** One filtered page of the journal (what `GET /__gatewaykit/requests` answers). */
  queryRequests(query: JournalQuery): JournalPage;
  /** Move a virtual clock forward; 400 on a system clock. */
  advanceClock(ms: number): Promise<void>;
  now(): number;
  clockKind(): 'system' | 'virtual';
  /**
   * Make the next `count` attempts (default: all, until cleared) on `provider` fail with `status`.
   * `provider` is a slug or the name `gateway_metadata` shows, case-insensitively; returns the
   * slug. An unknown provider is a 404 GatewayError listing the known slugs.
   */
  failProvider(provider: string, status: number, count?: number): string;
  clearProviderFaults(provider?: string): void;
  providerFaults(): Record<string, ProviderFault>;
  /** Set the account's credits and keys' spending limits (until reset; `GET /credits`, `GET /key`, 402). */
  setCredits(update: CreditsUpdate): void;
  /** The account's credits and usage, as `GET /credits` answers them. */
  credits(): { total_credits: number; total_usage: number };
}
