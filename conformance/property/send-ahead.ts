import type { Exchange } from '../client/exchange.ts';
import type { GatewayClient } from '../client/gateway-client.ts';
import type { Probe } from '../client/probe.ts';

/** The answers to a property's runs, sent ahead of the runs that judge them. */
export interface SentAhead {
  /**
   * The answer to run `index` (rejecting as the send did), when `probe` is the probe sent for it;
   * undefined otherwise (the caller sends it itself). Sends the runs up to `index + window - 1`,
   * unless the target has throttled.
   */
  take(index: number, probe: Probe): Promise<Exchange> | undefined;
  /** Resolves once every send issued so far has settled. */
  settled(): Promise<void>;
}

/**
 * Send the probes of a property's runs (known up front: fast-check's values for the seed) at most
 * `window` ahead of the run being judged, in run order. What is sent depends only on which runs
 * were judged, never on timing: run k being judged means runs 0 .. k+window-1 were sent, so a
 * property that fails at run k has sent the same requests (window-1 past it) on every run of the
 * seed. Each send takes its budget unit when it starts, in run order, as a one-at-a-time run would.
 *
 * @example
 * const ahead = sendAhead(ctx.client, values.map(probeOf), 4);
 * const exchange = await (ahead.take(0, probeOf(value)) ?? ctx.client.send(probeOf(value)));
 */
export function sendAhead(client: GatewayClient, probes: readonly Probe[], window: number): SentAhead {
  // Each run's probe as JSON, made when that run is taken with a probe of its own making (a
  // property makes its probe again from the value); the very probe sent needs no comparing.
  const keys: (string | undefined)[] = [];
  const sameProbe = (index: number, probe: Probe) => probe === probes[index] || JSON.stringify(probe) === (keys[index] ??= JSON.stringify(probes[index]));
  const sent: { readonly answer: Promise<Exchange>; readonly ahead: boolean }[] = [];
  const fill = (turn: number) => {
    // A target that throttles gets one request at a time from then on.
    while (sent.length < Math.min(turn + window, probes.length) && (sent.length === turn || !client.throttled())) {
      const ahead = sent.length > turn;
      const answer = client.send(probes[sent.length]!, { ahead });
      // A send nobody takes (the property stopped first) must not be an unhandled rejection.
      answer.catch(() => {});
      sent.push({ answer, ahead });
    }
  };
  return {
    take(index, probe) {
      if (window <= 1 || index >= probes.length || !sameProbe(index, probe)) return undefined;
      // Runs the caller sent itself come before this one: it sends this one too.
      if (sent.length < index) return undefined;
      fill(index);
      const { answer, ahead } = sent[index]!;
      // A 429 to a request sent ahead was not waited out: send it again in its turn, as one at a time would.
      return ahead ? answer.then((exchange) => (exchange.status === 429 ? client.send(probe) : exchange)) : answer;
    },
    async settled() {
      await Promise.allSettled(sent.map((s) => s.answer));
    },
  };
}
