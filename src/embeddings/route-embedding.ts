import type { ApiKey } from '../auth/api-key.ts';
import type { Catalog } from '../catalog/catalog.ts';
import type { EmbeddingModel } from '../catalog/embedding-model.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { GatewayMetadata } from '../schemas/gateway-metadata.ts';
import type { ProviderPreferences } from '../schemas/provider-preferences.ts';
import type { ProviderFaults } from '../state/provider-faults.ts';
import { applyFilters, endpointFilters } from '../routing/endpoint-filters.ts';
import { orderCandidates } from '../routing/order-candidates.ts';
import { providerRank } from '../routing/provider-match.ts';
import { candidateContext, modelCandidates, type RouteCandidate } from '../routing/route-candidate.ts';
import { routeMetadata, type MetadataParts, type RouteAttempt } from '../routing/route-metadata.ts';
import { readPreferences } from '../routing/route-preferences.ts';
import { upstreamError } from '../routing/upstream-error.ts';

export interface EmbeddingRouteInput {
  readonly catalog: Catalog;
  readonly model: EmbeddingModel;
  readonly provider: ProviderPreferences | null | undefined;
  readonly apiKey: ApiKey;
  /** Tokens of the longest input: every input must fit the endpoint's context. */
  readonly longestInputTokens: number;
  readonly providerFaults: ProviderFaults;
}

export type EmbeddingRoute =
  { readonly ok: true; readonly candidate: RouteCandidate; readonly metadata: () => GatewayMetadata } | { readonly ok: false; readonly error: GatewayError };

/**
 * Choose the provider endpoint of an embedding model as text requests choose theirs (spec 2.4):
 * the hard filters of `provider` (and the key's ignored providers), the context check against
 * the longest input, the ordering (`order`, `sort`, price), then the attempts, where a programmed
 * provider fault falls back to the next endpoint unless `allow_fallbacks` is false. Failures are
 * values: 404 when no endpoint is left, 400 for an input over the context, the upstream status
 * when every attempt failed.
 *
 * @example
 * const route = routeEmbedding({ catalog, model, provider: { order: ['azure'] }, apiKey, longestInputTokens: 9, providerFaults });
 * if (route.ok) route.candidate.provider.slug; // 'azure'
 */
export function routeEmbedding(input: EmbeddingRouteInput): EmbeddingRoute {
  const prefs = readPreferences(input.provider, input.apiKey);
  const all = modelCandidates(input.catalog, input.model);
  const outcome = applyFilters(all, endpointFilters(prefs, { parameters: [], promptTokens: input.longestInputTokens }));
  if (outcome.kept.length === 0) {
    const emptied = outcome.emptiedBy;
    if (emptied?.status === 400) {
      const maxContext = Math.max(...(outcome.removedByLast ?? []).map(candidateContext));
      return {
        ok: false,
        error: new GatewayError(
          400,
          `input: ${input.model.id} reads at most ${maxContext} tokens per input; the longest input has ${input.longestInputTokens}. Split or shorten it.`,
        ),
      };
    }
    const why = emptied
      ? `${emptied.constraint} excluded every endpoint (${(outcome.removedByLast ?? []).map((c) => c.provider.slug).join(', ')})`
      : 'no endpoint';
    return { ok: false, error: new GatewayError(404, `No endpoints found that satisfy the request. ${input.model.id}: ${why}`) };
  }
  const chain = orderCandidates([outcome.kept], prefs);
  let tries = chain;
  if (!prefs.allowFallbacks) {
    // spec 2.4 allow_fallbacks: false tries only the primary provider (or the listed `order` ones).
    const order = prefs.order ?? [];
    const listed = order.length > 0 ? chain.filter((c) => providerRank(c.provider, order) >= 0) : [];
    tries = listed.length > 0 && listed[0] === chain[0] ? listed : chain.slice(0, 1);
  }
  const attempts: RouteAttempt[] = [];
  const parts: MetadataParts = {
    requested: input.model.id,
    strategy: 'direct',
    isByok: input.apiKey.byok ?? false,
    pipeline: [],
    available: chain,
    total: all.length,
    attempts,
  };
  for (const candidate of tries) {
    const status = input.providerFaults.take(candidate.provider.slug);
    attempts.push({ model: candidate.model.id, provider: candidate.provider.name, status: status ?? 200 });
    if (status === undefined) {
      parts.selected = candidate;
      return { ok: true, candidate, metadata: () => routeMetadata(parts) };
    }
  }
  parts.note = prefs.allowFallbacks ? 'every endpoint failed' : 'allow_fallbacks=false';
  const last = tries[tries.length - 1] as RouteCandidate;
  const failed = attempts[attempts.length - 1] as RouteAttempt;
  return { ok: false, error: upstreamError(failed.status, last, routeMetadata(parts)) };
}
