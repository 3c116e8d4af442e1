import type { ApiKey } from '../auth/api-key.ts';
import type { UsageTotals } from '../account/usage-ledger.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { contentRefusal, excludedProviders, guardrailBlock, modelRefusal, requestText } from '../management/guardrail-policy.ts';
import type { GuardrailRecord } from '../management/guardrail-record.ts';
import { redactBody } from '../management/redact-body.ts';
import type { DispatchContext } from './dispatch-context.ts';
import type { DispatchStep } from './dispatch-step.ts';
import type { Route } from './route.ts';

const periodOf = (totals: UsageTotals, interval: GuardrailRecord['reset_interval']) =>
  interval === 'daily' ? totals.daily : interval === 'weekly' ? totals.weekly : interval === 'monthly' ? totals.monthly : totals.total;

/**
 * What the keys a guardrail governs spent in its `reset_interval` (else in all): the keys assigned
 * to it, and the requesting key when a member assignment governs it (BYOK usage counts with
 * `include_byok_in_budgets`). Work grows with the guardrail's key assignments, not with the gateway.
 */
function guardrailSpend(env: GatewayEnv, guardrail: GuardrailRecord, requester: ApiKey, requesterHash: string): number {
  const hashes = new Set(env.guardrails.assignedKeys(guardrail.id));
  hashes.add(requesterHash);
  let spent = 0;
  for (const hash of hashes) {
    const record = env.management.key(hash);
    const apiKey = record && (record.hash === requesterHash ? requester : env.management.ring.find(record.secret)?.apiKey);
    if (!apiKey) continue;
    const { usage, byok } = env.account.keyUsage(apiKey);
    spent += periodOf(usage, guardrail.reset_interval) + (guardrail.include_byok_in_budgets ? periodOf(byok, guardrail.reset_interval) : 0);
  }
  return spent;
}

/** The models a body names (`model`, `models`). */
function namedModels(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const { model, models } = body as { model?: unknown; models?: unknown };
  return [...(typeof model === 'string' ? [model] : []), ...(Array.isArray(models) ? models.filter((m): m is string => typeof m === 'string') : [])];
}

/** Apply the guardrails of the request's key: refuse (403, 402) or narrow its providers. */
async function enforce(env: GatewayEnv, ctx: DispatchContext, apiKey: ApiKey): Promise<void> {
  let record = env.management.keyBySecret(apiKey.key);
  // Keys-file keys have records once their hashes are known (the first management request).
  if (!record) record = (await env.management.ready(), env.management.keyBySecret(apiKey.key));
  if (!record) return;
  const guardrails = env.guardrails.applying(record.hash, record.creator_user_id);
  if (guardrails.length === 0) return;
  let body: unknown;
  try {
    body = await ctx.json();
  } catch {
    body = undefined; // not JSON (a multipart upload): the operation reports it; models and texts are read from JSON only.
  }
  const models = namedModels(body);
  const requested = models[0] ?? 'unknown';
  const refusedModel = modelRefusal(guardrails, models);
  if (refusedModel) throw guardrailBlock(refusedModel.guardrail, refusedModel.why, 'model-policy', [refusedModel.model], requested);
  const refusedText = contentRefusal(guardrails, requestText(body));
  if (refusedText)
    throw guardrailBlock(refusedText.guardrail, `the content matched ${refusedText.label ?? 'a blocked pattern'}`, 'regex', [refusedText.pattern], requested);
  // reference ContentFilterEntry `redact`: the model reads the placeholder, not the match.
  const redacted = body === undefined ? undefined : redactBody(guardrails, body);
  if (redacted !== undefined) ctx.replaceBody(redacted);
  for (const guardrail of guardrails) {
    if (guardrail.limit_usd !== null && guardrailSpend(env, guardrail, apiKey, record.hash) >= guardrail.limit_usd) {
      throw new GatewayError(
        402,
        `Guardrail "${guardrail.name}" reached its limit of $${guardrail.limit_usd}${guardrail.reset_interval ? ` (${guardrail.reset_interval})` : ''}`,
      );
    }
  }
  const excluded = excludedProviders(guardrails, env.catalog.providers);
  // spec 2.4: the key's account-wide ignored providers are merged into every request's routing.
  if (excluded.length > 0) ctx.apiKey = { ...apiKey, ignoredProviders: [...(apiKey.ignoredProviders ?? []), ...excluded] };
}

/**
 * The guardrails assigned to the request's key, or to the member who created it (issue 38 item 3):
 * allowed and ignored models and a `block` content filter refuse with the 403 of spec 7 and the
 * guardrail stage of spec 2.6; `limit_usd` refuses with 402; allowed and ignored providers and ZDR
 * narrow routing. Paid routes only. The request path pays O(1) Map lookups when no guardrail is
 * assigned anywhere, and reads the body only when one applies to the key.
 */
export function guardrailStep(route: Route, env: GatewayEnv): DispatchStep | undefined {
  if (!route.paid) return undefined;
  return (ctx) => {
    const apiKey = ctx.apiKey;
    const { keyAssignments, memberAssignments } = env.guardrails.counts();
    if (!apiKey || keyAssignments + memberAssignments === 0) return undefined;
    return enforce(env, ctx, apiKey);
  };
}
