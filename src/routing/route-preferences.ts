import type { ApiKey } from '../auth/api-key.ts';
import type { ProviderPreferences } from '../schemas/provider-preferences.ts';

type PercentileCutoffsInput = Partial<Record<'p50' | 'p75' | 'p90' | 'p99', number | null>>;

export type SortBy = 'price' | 'throughput' | 'latency' | 'exacto';
export type PercentileCutoffs = Partial<Record<'p50' | 'p75' | 'p90' | 'p99', number>>;

/** Members of `provider.max_price` (spec 2.4, reference): prompt/completion per million tokens; image per image; audio per audio unit; request per request. */
export interface MaxPrice {
  prompt?: number;
  completion?: number;
  image?: number;
  audio?: number;
  request?: number;
}

/**
 * `provider` preferences (spec 2.4 and the reference `ProviderPreferences`), normalised: the
 * ignore list already holds the key's account-wide ignored providers, prices are numbers.
 */
export interface RoutePreferences {
  allowFallbacks: boolean;
  order?: string[];
  only?: string[];
  ignore: string[];
  dataCollection: 'allow' | 'deny';
  zdr: boolean;
  enforceDistillableText: boolean;
  quantizations?: string[];
  maxPrice: MaxPrice;
  sort?: { by: SortBy; partition: 'model' | 'none' };
  requireParameters: boolean;
  preferredMaxLatency?: PercentileCutoffs;
  preferredMinThroughput?: PercentileCutoffs;
}

function cutoffs(raw: number | PercentileCutoffsInput | null | undefined): PercentileCutoffs | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'number') return { p50: raw };
  const out: PercentileCutoffs = {};
  for (const k of ['p50', 'p75', 'p90', 'p99'] as const) {
    const v = raw[k];
    if (typeof v === 'number') out[k] = v;
  }
  return out;
}

/**
 * Normalise the validated `request.provider` for routing (spec 2.4). Every shape rule is the
 * schema's (src/schemas/provider-preferences.ts), so this cannot fail: it fills defaults, merges
 * the key's account-wide ignored providers and turns price strings into numbers.
 *
 * @example
 * readPreferences({ ignore: ['azure'], sort: 'price' }, apiKey).ignore; // ['azure', ...account-wide]
 */
export function readPreferences(p: ProviderPreferences | null | undefined, apiKey: Pick<ApiKey, 'ignoredProviders'> | undefined): RoutePreferences {
  const maxPrice: MaxPrice = {};
  for (const k of ['prompt', 'completion', 'image', 'audio', 'request'] as const) {
    const v = p?.max_price?.[k];
    if (v !== undefined && v !== null) maxPrice[k] = Number(v);
  }
  let sort: RoutePreferences['sort'];
  const rawSort = p?.sort;
  if (typeof rawSort === 'string') sort = { by: rawSort, partition: 'model' };
  else if (rawSort && typeof rawSort.by === 'string') sort = { by: rawSort.by, partition: rawSort.partition ?? 'model' };

  return {
    allowFallbacks: p?.allow_fallbacks ?? true,
    order: p?.order ?? undefined,
    only: p?.only ?? undefined,
    // spec 2.4: merged with the account-wide ignored providers for this request.
    ignore: [...(p?.ignore ?? []), ...(apiKey?.ignoredProviders ?? [])],
    dataCollection: p?.data_collection ?? 'allow',
    zdr: p?.zdr ?? false,
    enforceDistillableText: p?.enforce_distillable_text ?? false,
    quantizations: p?.quantizations ?? undefined,
    maxPrice,
    sort,
    requireParameters: p?.require_parameters ?? false,
    preferredMaxLatency: cutoffs(p?.preferred_max_latency),
    preferredMinThroughput: cutoffs(p?.preferred_min_throughput),
  };
}
