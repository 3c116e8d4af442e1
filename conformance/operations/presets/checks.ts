import type { Check, CheckContext } from '../../check.ts';
import { exchangeJson, observedOf } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { KIT_PRESET } from './declarations.ts';
import { isSendError, outcomeOfError } from '../../property/outcome-of-error.ts';

/** The budget the kit preset sets: an answer to a long request that keeps to it shows the preset applied. */
const PRESET_MAX_TOKENS = 2;

const askProbe = (): Probe => ({
  method: 'POST',
  path: '/chat/completions',
  body: { model: `@preset/${KIT_PRESET}`, messages: [{ role: 'user', content: 'Tell me a long story about the sea, in many sentences.' }] },
});

/** A new version of the kit preset: the run's model, a budget of two tokens, a system prompt. */
const versionProbe = (ctx: CheckContext): Probe => ({
  method: 'POST',
  path: `/presets/${KIT_PRESET}/chat/completions`,
  auth: 'management',
  body: {
    model: ctx.model,
    max_tokens: PRESET_MAX_TOKENS,
    messages: [
      { role: 'system', content: 'gatewaykit conformance preset' },
      { role: 'user', content: 'ignored' },
    ],
  },
});

/**
 * `@preset/<slug>` applies the preset's latest version (docs/decisions/0076): the answer is the
 * preset's model, within the preset's budget. Budget: it makes at most ONE preset ever (the kit's
 * KIT_PRESET; the reference has no delete, so a run adds ONE version to it) and sends ONE paid
 * request; the management key only, never the control API.
 */
export const presetApplies: Check = {
  id: 'presets.applies',
  spec: 'reference createPresetsChatCompletions; docs/decisions/0076',
  rules: ['presets.applies'],
  title: `@preset/<slug> as the model applies the preset's latest version: its model and its max_tokens (adds one version to ${KIT_PRESET}; management key only)`,
  owes: () => ({ own: 1 }),
  async run(ctx) {
    if (!ctx.hasManagementKey) return { status: 'skipped', reason: 'needs a management key (--management-key); none given to this run' };
    const probe = askProbe();
    try {
      const made = await ctx.client.send(versionProbe(ctx));
      if (made.status !== 200) return { status: 'skipped', reason: `could not make a preset version (POST answered ${made.status})` };
      const answer = await ctx.client.send(probe);
      const body = exchangeJson(answer) as { model?: unknown; usage?: { completion_tokens?: unknown } } | undefined;
      const tokens = body?.usage?.completion_tokens;
      const problems: string[] = [];
      if (answer.status !== 200) problems.push(`expected 200, got ${answer.status}`);
      else {
        if (body?.model !== ctx.model) problems.push(`the answer's model is ${JSON.stringify(body?.model)}, not the preset's ${JSON.stringify(ctx.model)}`);
        if (typeof tokens !== 'number' || tokens > PRESET_MAX_TOKENS)
          problems.push(`usage.completion_tokens ${JSON.stringify(tokens)} passes the preset's max_tokens ${PRESET_MAX_TOKENS}`);
      }
      if (problems.length === 0) return { status: 'passed', probed: { examples: 1, rules: ['presets.applies'] } };
      return { status: 'failed', reason: problems.join('; '), counterexample: probe, observed: observedOf(answer) };
    } catch (error) {
      if (!isSendError(error)) throw error;
      return outcomeOfError(error, probe);
    }
  },
};

export const PRESET_CHECKS: readonly Check[] = [presetApplies];
