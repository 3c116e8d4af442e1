import type { GatewayEnv } from '../env/gateway-env.ts';
import type { RequestContext } from '../http/route.ts';
import type { ScriptEntry } from '../scripts/script-registry.ts';
import { realisticTiming } from '../timing/realistic-timing.ts';

/**
 * The first half of "may this answer be given again?": whether anything outside what the answer
 * memo keys (surface, metadata switch, key, scripts in play, second of the clock, body) may change
 * this request's answer. It is asked of every request the memo sees, the one it learns from and
 * the one it would answer, before any work: a forced status or stream fault, random chunking or
 * realistic timing (simulation headers), a session header (sticky routing), programmed provider
 * faults (consumed as they fail), a preset (which may change), scripts used up as they answer or
 * matching on headers, or no key at all. The second half, what the answer itself drew on, is
 * reusable-answer.ts; the memo asks both and states neither.
 *
 * @example
 * sameCircumstances(ctx, env, scripts.list(), false); // true for a ordinary request on an instant gateway
 */
export function sameCircumstances(
  ctx: Pick<RequestContext, 'simulation' | 'apiKey' | 'request'>,
  env: Pick<GatewayEnv, 'timing' | 'providerFaults'>,
  scripts: readonly ScriptEntry[],
  presetApplied: boolean,
): boolean {
  const sim = ctx.simulation;
  if (presetApplied || !ctx.apiKey || sim.status !== undefined || sim.streamFault !== undefined || sim.randomChunking) return false;
  if (realisticTiming(sim, env.timing)) return false;
  if (ctx.request.headers.has('x-session-id') || env.providerFaults.count() > 0) return false;
  // Which rule answers then follows from the body alone (the key names the rules in play).
  return scripts.every(({ rule, remaining }) => remaining === undefined && rule.match.headers === undefined);
}
