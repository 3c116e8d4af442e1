import type { Catalog } from '../catalog/catalog.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';

/**
 * Routing variants (OpenRouter's public docs, "Model Variants"): accepted on any model, not listed
 * by `GET /models`, they change only how the request is routed; the model's metadata is the base
 * model's. Each is a shortcut: `:nitro` = `provider.sort: "throughput"`, `:floor` =
 * `provider.sort: "price"`, `:exacto` = quality-first provider sorting for tool calling,
 * `:online` = the web plugin.
 */
export const ROUTING_VARIANTS = ['nitro', 'floor', 'exacto', 'online'] as const;
/**
 * Catalogue variants: separate entries of `GET /models` (and of the rankings dataset) that only
 * the models listing them in the catalogue (`variants`) support: `:free` (free endpoints: billed
 * 0) and `:thinking` (reasoning switched on).
 */
export const CATALOG_VARIANTS = ['free', 'thinking'] as const;
export type RoutingVariant = (typeof ROUTING_VARIANTS)[number];
export type CatalogVariant = (typeof CATALOG_VARIANTS)[number];

/** The request as the variants rewrite it, and the models served at the free tier. */
export interface VariantResolution {
  request: ResponsesRequest;
  /** Models requested with `:free` (their usage costs 0). */
  free: ReadonlySet<string>;
}

const SORT: Partial<Record<RoutingVariant, 'throughput' | 'price' | 'exacto'>> = { nitro: 'throughput', floor: 'price', exacto: 'exacto' };

/** The id of the model that lists `id` among its aliases (its canonical slug, dated or not). */
function aliasTarget(id: string, catalog: Catalog): string | undefined {
  return catalog.models.find((m) => m.aliases.includes(id))?.id;
}

/**
 * Split `author/slug:variant`. A slug the catalogue has as is (a colon in a catalogue id) is no
 * variant. Unknown suffix: a 400 naming the field and the known variants; a catalogue variant on
 * a model that does not list it: a 400 too.
 */
function splitVariant(id: string, where: string, catalog: Catalog): { base: string; variant?: RoutingVariant | CatalogVariant } | GatewayError {
  if (catalog.models.some((m) => m.id === id)) return { base: id };
  const aliased = aliasTarget(id, catalog);
  if (aliased !== undefined) return { base: aliased };
  const at = id.lastIndexOf(':');
  if (at <= 0 || !id.slice(0, at).includes('/')) return { base: id };
  const base = aliasTarget(id.slice(0, at), catalog) ?? id.slice(0, at);
  const suffix = id.slice(at + 1);
  const known = [...ROUTING_VARIANTS, ...CATALOG_VARIANTS].map((v) => `:${v}`).join(', ');
  if (!(ROUTING_VARIANTS as readonly string[]).includes(suffix) && !(CATALOG_VARIANTS as readonly string[]).includes(suffix)) {
    return new GatewayError(400, `${where}: "${id}" has an unknown variant ":${suffix}" (known variants: ${known})`);
  }
  const model = catalog.models.find((m) => m.id === base);
  if (model && (CATALOG_VARIANTS as readonly string[]).includes(suffix) && !model.variants.includes(suffix as CatalogVariant)) {
    const listed = model.variants.length > 0 ? model.variants.map((v) => `:${v}`).join(', ') : 'none';
    return new GatewayError(400, `${where}: "${id}" is not a valid model ID: ${base} has no ${suffix} variant (its catalogue variants: ${listed})`);
  }
  return { base, variant: suffix as RoutingVariant | CatalogVariant };
}

/**
 * Apply the `:variant` suffixes of `model` and `models` (reference: a model slug may carry one,
 * `gpt-4:free`): strip them and express each as what it stands for. A model named by an alias
 * (its canonical slug: the reference's `anthropic/claude-4.5-sonnet-20250929`) is renamed to its id. An explicit `provider.sort`
 * in the request wins over a variant's. Returns a GatewayError value for an unknown suffix.
 *
 * @example
 * resolveModelVariants({ model: 'openai/gpt-5-mini:nitro', input: 'hi' }, catalog);
 * // { request: { model: 'openai/gpt-5-mini', provider: { sort: 'throughput' }, input: 'hi' }, free: Set {} }
 */
export function resolveModelVariants(request: ResponsesRequest, catalog: Catalog): VariantResolution | GatewayError {
  const ids = [
    ...(request.model !== undefined ? [{ id: request.model, where: 'model' }] : []),
    ...(request.models ?? []).map((id, i) => ({ id, where: `models[${i}]` })),
  ];
  const split = ids.map(({ id, where }) => splitVariant(id, where, catalog));
  const error = split.find((s) => s instanceof GatewayError);
  if (error) return error;
  const parts = split as Array<{ base: string; variant?: RoutingVariant | CatalogVariant }>;
  const renamed = parts.some((p, i) => p.base !== ids[i]?.id);
  if (!renamed && parts.every((p) => p.variant === undefined)) return { request, free: new Set() };

  const out: ResponsesRequest = { ...request };
  let k = 0;
  if (request.model !== undefined) out.model = (parts[k++] as { base: string }).base;
  if (request.models) out.models = request.models.map(() => (parts[k++] as { base: string }).base);
  const variants = new Set(parts.map((p) => p.variant).filter((v) => v !== undefined));
  const sort = [...variants].map((v) => SORT[v as RoutingVariant]).find((s) => s !== undefined);
  if (sort && (out.provider === undefined || out.provider === null || out.provider.sort === undefined || out.provider.sort === null)) {
    out.provider = { ...(out.provider ?? {}), sort };
  }
  if (variants.has('online') && !(out.plugins ?? []).some((p) => p.id === 'web')) out.plugins = [...(out.plugins ?? []), { id: 'web' }];
  if (variants.has('thinking')) {
    const reasoning = out.reasoning ?? {};
    out.reasoning = { ...reasoning, enabled: true, ...(reasoning.effort === 'none' ? { effort: 'medium' as const } : {}) };
  }
  const free = new Set(parts.filter((p) => p.variant === 'free').map((p) => p.base));
  return { request: out, free };
}
