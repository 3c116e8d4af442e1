import type { Check } from '../../check.ts';
import { exchangeJson } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { reasonsByDefault, reasoningDefaultProblems } from './reasoning-default-oracles.ts';
import { probeAll } from '../../property/probe-all.ts';

/**
 * Reasoning as the catalogue says: the reasoning model of the run, when `/models` lists it as
 * reasoning by default, reasons unless switched off. Skipped without such a model.
 */
export const reasoningDefault: Check = {
  id: 'result.reasoning-default',
  exclusive: false,
  spec: 'spec 2.1 (reference /models reasoning.default_enabled)',
  rules: ['result.reasoning-default'],
  title: 'A model listed as reasoning by default reasons when reasoning is unset, and not with reasoning.enabled false',
  // Reasoning unset, then turned off; nothing when the target lists no reasoning model.
  owes: (ctx) => ({ own: ctx.reasoningModel ? 2 : 0 }),
  run: async (ctx) => {
    const model = ctx.reasoningModel;
    if (!model) return { status: 'skipped', reason: 'the target lists no reasoning model' };
    const listing = await ctx.client.send({ method: 'GET', path: '/models' });
    if (!reasonsByDefault(exchangeJson(listing), model))
      return { status: 'skipped', reason: `/models does not list ${model} as reasoning by default (reasoning.default_enabled)` };
    const probe = (extra: Record<string, unknown>): Probe => ({
      method: 'POST',
      path: '/responses',
      body: { model, input: 'Say OK.', max_output_tokens: 256, ...extra },
    });
    const unset = probe({});
    return probeAll(ctx, [unset, probe({ reasoning: { enabled: false } })], (exchange, p) => reasoningDefaultProblems(exchange, p === unset));
  },
};
