import type { ApiKey } from '../auth/api-key.ts';
import { QUANTIZATIONS } from '../catalog/model-endpoint.ts';
import { GatewayError } from '../errors/gateway-error.ts';

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringList(raw: Record<string, unknown>, name: string): string[] | undefined {
  const v = raw[name];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new GatewayError(400, `provider.${name}: must be an array of provider slugs`);
  return v as string[];
}

function cutoffs(raw: unknown, name: string): PercentileCutoffs | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'number' && Number.isFinite(raw)) return { p50: raw };
  if (isRecord(raw)) {
    const out: PercentileCutoffs = {};
    for (const k of ['p50', 'p75', 'p90', 'p99'] as const) {
      const v = raw[k];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new GatewayError(400, `provider.${name}.${k}: must be a number`);
      out[k] = v;
    }
    return out;
  }
  throw new GatewayError(400, `provider.${name}: must be a number (p50) or an object of p50/p75/p90/p99 cutoffs`);
}

/**
 * Normalise `request.provider` for routing. The request schema validates shapes first; this still
 * answers 400 (naming the field) for anything it cannot use, so routing never crashes on input.
 *
 * @example
 * readPreferences({ ignore: ['azure'], sort: 'price' }, apiKey).ignore; // ['azure', ...account-wide]
 */
export function readPreferences(raw: unknown, apiKey: Pick<ApiKey, 'ignoredProviders'> | undefined): RoutePreferences {
  const p = raw === undefined || raw === null ? {} : raw;
  if (!isRecord(p)) throw new GatewayError(400, 'provider: must be an object (spec 2.4)');
  const bool = (name: string, fallback: boolean) => {
    const v = p[name];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'boolean') throw new GatewayError(400, `provider.${name}: must be a boolean`);
    return v;
  };
  const dc = p.data_collection ?? 'allow';
  if (dc !== 'allow' && dc !== 'deny') throw new GatewayError(400, 'provider.data_collection: must be "allow" or "deny"');

  const maxPrice: MaxPrice = {};
  if (p.max_price !== undefined && p.max_price !== null) {
    if (!isRecord(p.max_price)) throw new GatewayError(400, 'provider.max_price: must be an object');
    for (const k of ['prompt', 'completion', 'image', 'audio', 'request'] as const) {
      const v = p.max_price[k];
      if (v === undefined || v === null) continue;
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      if (!Number.isFinite(n) || n < 0) throw new GatewayError(400, `provider.max_price.${k}: must be a non-negative number of USD (got ${JSON.stringify(v)})`);
      maxPrice[k] = n;
    }
  }

  let sort: RoutePreferences['sort'];
  const rawSort = p.sort;
  const sorts = ['price', 'throughput', 'latency', 'exacto'];
  if (typeof rawSort === 'string') {
    if (!sorts.includes(rawSort)) throw new GatewayError(400, `provider.sort: must be one of ${sorts.join(', ')}`);
    sort = { by: rawSort as SortBy, partition: 'model' };
  } else if (isRecord(rawSort)) {
    const by = rawSort.by;
    const partition = rawSort.partition ?? 'model';
    if (by !== undefined && by !== null && !(typeof by === 'string' && sorts.includes(by))) {
      throw new GatewayError(400, `provider.sort.by: must be one of ${sorts.join(', ')}`);
    }
    if (partition !== 'model' && partition !== 'none') throw new GatewayError(400, 'provider.sort.partition: must be "model" or "none"');
    if (typeof by === 'string') sort = { by: by as SortBy, partition };
  } else if (rawSort !== undefined && rawSort !== null) {
    throw new GatewayError(400, 'provider.sort: must be a string or an object {by, partition}');
  }

  const quantizations = stringList(p, 'quantizations');
  const bad = quantizations?.find((q) => !(QUANTIZATIONS as readonly string[]).includes(q));
  if (bad !== undefined) throw new GatewayError(400, `provider.quantizations: "${bad}" is not one of ${QUANTIZATIONS.join(', ')}`);

  return {
    allowFallbacks: bool('allow_fallbacks', true),
    order: stringList(p, 'order'),
    only: stringList(p, 'only'),
    // spec 2.4: merged with the account-wide ignored providers for this request.
    ignore: [...(stringList(p, 'ignore') ?? []), ...(apiKey?.ignoredProviders ?? [])],
    dataCollection: dc,
    zdr: bool('zdr', false),
    enforceDistillableText: bool('enforce_distillable_text', false),
    quantizations,
    maxPrice,
    sort,
    requireParameters: bool('require_parameters', false),
    preferredMaxLatency: cutoffs(p.preferred_max_latency, 'preferred_max_latency'),
    preferredMinThroughput: cutoffs(p.preferred_min_throughput, 'preferred_min_throughput'),
  };
}
