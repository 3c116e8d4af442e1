import type { GatewayControl } from '../env/gateway-control.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { MAX_CLOCK_MS } from '../clock/virtual-clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { VideoJobs } from '../videos/video-jobs.ts';

/**
 * The simulation controls of one gateway (`gateway.control`, and the control API over them):
 * reset, the journal, the clock, provider faults and credits.
 *
 * @example
 * const control = createControl(env, { videos, resetStores: () => resets.forEach((fn) => fn()) });
 */
export function createControl(env: GatewayEnv, parts: { readonly videos: VideoJobs; resetStores(): void; rewindsClock?: boolean }): GatewayControl {
  const { clock, journal, providerFaults, account } = env;
  return {
    reset() {
      parts.resetStores();
      // The clock rewinds last, after every store has forgotten what happened on it.
      if (parts.rewindsClock !== false && clock.kind === 'virtual' && 'reset' in clock) (clock as { reset(): void }).reset();
    },
    requests: () => journal.list(),
    queryRequests: (query) => journal.query(query),
    requestCount: () => journal.count(),
    async advanceClock(ms) {
      if (clock.kind !== 'virtual' || !('advance' in clock)) {
        throw new GatewayError(400, 'The clock is the system clock; start with a virtual clock (gatewaykit serve --clock virtual) to advance it');
      }
      if (clock.now() + ms > MAX_CLOCK_MS) {
        throw new GatewayError(400, `ms: ${ms} would move the clock past the last representable time (${new Date(MAX_CLOCK_MS).toISOString()})`);
      }
      await (clock as { advance(ms: number): Promise<void> }).advance(ms);
      parts.videos.clockMoved();
    },
    now: () => clock.now(),
    clockKind: () => clock.kind,
    failProvider: (provider, status, count) => providerFaults.set(provider, status, count),
    clearProviderFaults: (provider) => providerFaults.clear(provider),
    providerFaults: () => providerFaults.list(),
    setCredits(update) {
      // A limit for a key this gateway does not accept would never apply: say so instead.
      const unknown = Object.keys(update.keyLimits ?? {}).find((key) => !env.keys.some((k) => k.key === key));
      if (unknown !== undefined) throw new GatewayError(400, `keys: ${JSON.stringify(unknown.slice(0, 64))} is not a key of this gateway`);
      account.setCredits(update);
    },
    credits: () => ({ total_credits: account.totalCredits(), total_usage: account.totalUsage() }),
  };
}
