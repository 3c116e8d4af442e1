import { perMillion } from '../catalog/usd-price.ts';
import { providerNamed } from './provider-match.ts';
import { candidateContext, candidateParameters, type RouteCandidate } from './route-candidate.ts';
import type { RoutePreferences } from './route-preferences.ts';

/** One hard constraint on endpoints; `constraint` is what error messages name. */
export interface EndpointFilter {
  /** e.g. `provider.data_collection = "deny"`. */
  constraint: string;
  keep(c: RouteCandidate): boolean;
  /** Status when this filter is what emptied the list (default 404, see docs/decisions/0004-routing.md). */
  status?: number;
}

/** Extra request facts that constrain endpoints. */
export interface FilterContext {
  /** Parameters the request uses (require_parameters). */
  parameters: readonly string[];
  /** Approximate prompt tokens; set when no context compression runs (endpoint context must fit it). */
  promptTokens?: number;
}

const MAX_PRICE_MEMBERS = [
  // spec 2.4 / reference: prompt and completion are per million tokens; image, audio, request are per unit.
  { key: 'prompt', price: (c: RouteCandidate) => perMillion(c.endpoint.pricing.prompt), unit: 'per million prompt tokens' },
  { key: 'completion', price: (c: RouteCandidate) => perMillion(c.endpoint.pricing.completion), unit: 'per million completion tokens' },
  { key: 'image', price: (c: RouteCandidate) => Number(c.endpoint.pricing.image ?? 0), unit: 'per image' },
  { key: 'audio', price: (c: RouteCandidate) => Number(c.endpoint.pricing.audio ?? 0), unit: 'per audio unit' },
  { key: 'request', price: (c: RouteCandidate) => Number(c.endpoint.pricing.request ?? 0), unit: 'per request' },
] as const;

/**
 * The hard filters of spec 2.4 and the reference `ProviderPreferences`, in the order they are
 * applied (the first one that leaves no endpoint is the one the error names). `order`, `sort` and
 * the preferred latency/throughput only order endpoints (see orderCandidates).
 *
 * @example
 * const filters = endpointFilters(readPreferences({ zdr: true }, key), { parameters: [] });
 */
export function endpointFilters(prefs: RoutePreferences, ctx: FilterContext): EndpointFilter[] {
  const filters: EndpointFilter[] = [];
  if (prefs.only) {
    const only = prefs.only;
    filters.push({ constraint: `provider.only = ${JSON.stringify(only)}`, keep: (c) => providerNamed(c.provider, only) });
  }
  if (prefs.ignore.length > 0) {
    const ignore = prefs.ignore;
    filters.push({
      constraint: `provider.ignore (with the account-wide ignored providers) = ${JSON.stringify(ignore)}`,
      keep: (c) => !providerNamed(c.provider, ignore),
    });
  }
  if (prefs.dataCollection === 'deny') {
    filters.push({ constraint: 'provider.data_collection = "deny"', keep: (c) => c.provider.data_collection === 'deny' });
  }
  if (prefs.zdr) filters.push({ constraint: 'provider.zdr = true', keep: (c) => c.provider.zdr });
  if (prefs.enforceDistillableText) {
    filters.push({ constraint: 'provider.enforce_distillable_text = true', keep: (c) => c.model.distillable });
  }
  if (prefs.quantizations && prefs.quantizations.length > 0) {
    const q = prefs.quantizations;
    filters.push({ constraint: `provider.quantizations = ${JSON.stringify(q)}`, keep: (c) => q.includes(c.endpoint.quantization) });
  }
  for (const member of MAX_PRICE_MEMBERS) {
    const cap = prefs.maxPrice[member.key];
    if (cap === undefined) continue;
    filters.push({ constraint: `provider.max_price.${member.key} = ${cap} (USD ${member.unit})`, keep: (c) => member.price(c) <= cap });
  }
  if (prefs.requireParameters && ctx.parameters.length > 0) {
    const needed = ctx.parameters;
    filters.push({
      constraint: `provider.require_parameters = true (the request uses ${needed.join(', ')})`,
      keep: (c) => {
        const supported = candidateParameters(c);
        return needed.every((p) => supported.includes(p));
      },
    });
  }
  if (ctx.promptTokens !== undefined) {
    const tokens = ctx.promptTokens;
    filters.push({
      constraint: `context length (the input is about ${tokens} tokens)`,
      keep: (c) => candidateContext(c) >= tokens,
      // Too long an input is the caller's mistake (400), not a missing resource.
      status: 400,
    });
  }
  return filters;
}

export interface FilterOutcome {
  kept: RouteCandidate[];
  /** The first filter after which no candidate was left. */
  emptiedBy?: EndpointFilter;
  /** The candidates that filter removed (all that were left before it). */
  removedByLast?: RouteCandidate[];
}

/** Apply filters in order, remembering which one emptied the list. */
export function applyFilters(candidates: readonly RouteCandidate[], filters: readonly EndpointFilter[]): FilterOutcome {
  let kept = [...candidates];
  for (const f of filters) {
    const next = kept.filter((c) => f.keep(c));
    if (next.length === 0 && kept.length > 0) return { kept: [], emptiedBy: f, removedByLast: kept };
    kept = next;
  }
  return { kept };
}
