import { z } from 'zod';

/** spec 2.5: the plugin ids, in the order of the spec table. */
export const PLUGIN_IDS = [
  'auto-router',
  'auto-beta-router',
  'moderation',
  'web',
  'web-fetch',
  'file-parser',
  'response-healing',
  'context-compression',
  'pareto-router',
  'fusion',
] as const;
export type PluginId = (typeof PLUGIN_IDS)[number];

/** spec 2.5 fusion `preset` values. */
export const FUSION_PRESETS = ['general-high', 'general-budget', 'general-fast'] as const;
/** spec 2.5 pareto-router `price_source` values. */
export const PARETO_PRICE_SOURCES = ['prompt', 'weighted_avg'] as const;
/** reference `WebSearchEngine`. */
export const WEB_ENGINES = ['native', 'exa', 'firecrawl', 'parallel', 'perplexity'] as const;
/** reference `WebSearchMode`: an engine-native search mode; engines without modes ignore it (so does the simulator). */
export const WEB_SEARCH_MODES = ['instant', 'fast', 'auto', 'deep-lite', 'deep', 'deep-reasoning', 'turbo', 'basic', 'advanced'] as const;

/** reference `PDFParserEngine`; `pdf-text` is deprecated and redirected to `cloudflare-ai`. */
export const PDF_ENGINES = ['mistral-ocr', 'native', 'cloudflare-ai', 'pdf-text'] as const;
/** reference `ContextCompressionEngine`. */
export const COMPRESSION_ENGINES = ['middle-out'] as const;
/** Plugins that choose the model; at most one may be enabled per request (spec 2.5). */
export const ROUTER_PLUGIN_IDS = ['auto-router', 'auto-beta-router', 'pareto-router', 'fusion'] as const;

// spec 2.5: "All plugins except moderation accept enabled (boolean, default true)".
const enabled = z.boolean().optional();
const stringList = z.array(z.string());

/** An integer from `min` to `max`, with one message for every way to miss it. */
function intIn(min: number, max: number) {
  const error = (issue: { input?: unknown }) => `must be an integer from ${min} to ${max} (got ${JSON.stringify(issue.input)})`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** One of `values`, named in the message. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => `must be one of ${values.join(', ')} (got ${JSON.stringify(issue.input)})` });
}

// spec 2.5 / 8: integer 0..10 on both auto routers.
const costQualityTradeoff = z.number().int().min(0).max(10).optional();
/** reference auto routers' `cost_tier`: a named cost band; accepted and checked, routing reads `cost_quality_tradeoff`. */
export const COST_TIERS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
const costTier = oneOf(COST_TIERS).optional();

// Plugin objects are open: the reference adds members the spec does not list (`cost_tier`,
// `excluded_models`, web `mode`, ...); those pass as sent. Listed members are checked.

export const AutoRouterPluginSchema = z.looseObject({
  id: z.literal('auto-router'),
  enabled,
  allowed_models: stringList.optional(),
  // reference: the models the router must not pick.
  excluded_models: stringList.optional(),
  cost_quality_tradeoff: costQualityTradeoff,
  cost_tier: costTier,
  pin_model: z.boolean().optional(),
});

export const AutoBetaRouterPluginSchema = z.looseObject({
  id: z.literal('auto-beta-router'),
  enabled,
  allowed_models: stringList.optional(),
  excluded_models: stringList.optional(),
  cost_quality_tradeoff: costQualityTradeoff,
  cost_tier: costTier,
});

export const ModerationPluginSchema = z.looseObject({
  id: z.literal('moderation'),
  // spec 2.5: moderation is the one plugin that cannot be switched off per request.
  enabled: z.never({ error: 'not accepted: moderation cannot be disabled per request (spec 2.5)' }).optional(),
});

/** spec 2.5 web `user_location`: `type` required (sample `approximate`). */
export const WebUserLocationSchema = z.looseObject({
  type: z.string(),
  city: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  timezone: z.string().nullable().optional(),
});

export const WebPluginSchema = z.looseObject({
  id: z.literal('web'),
  enabled,
  // Engine values: not shown in spec 2.5; the reference `WebSearchEngine` lists them.
  engine: oneOf(WEB_ENGINES).optional(),
  exclude_domains: stringList.optional(),
  include_domains: stringList.optional(),
  // No bound stated (spec 2.5); a negative count is meaningless, so >= 0 (0 = no results / no searches).
  max_results: z.number().int().min(0).optional(),
  max_uses: z.number().int().min(0).optional(),
  mode: oneOf(WEB_SEARCH_MODES).optional(),
  search_prompt: z.string().optional(),
  user_location: WebUserLocationSchema.optional(),
});

/** reference `WebFetchEngineEnum` (the `gateway:web_fetch` server tool's `engine`). */
export const WEB_FETCH_ENGINES = ['auto', 'native', 'openrouter', 'exa', 'parallel', 'firecrawl'] as const;

/**
 * The fetch settings the web-fetch plugin and the `gateway:web_fetch` server tool share
 * (spec 2.5 web-fetch; reference `WebFetchServerToolConfig`), checked the same way in both places.
 */
export const WEB_FETCH_SETTINGS = {
  allowed_domains: stringList.optional(),
  blocked_domains: stringList.optional(),
  max_content_tokens: intIn(1, 10_000_000).optional(),
  max_uses: intIn(0, 1000).optional(),
};

export const WebFetchPluginSchema = z.looseObject({
  id: z.literal('web-fetch'),
  enabled,
  ...WEB_FETCH_SETTINGS,
});

/**
 * `parameters` of the `gateway:web_fetch` server tool (reference `WebFetchServerToolConfig`):
 * the plugin's fetch settings plus `engine`.
 */
export const WebFetchToolParametersSchema = z.looseObject({
  ...WEB_FETCH_SETTINGS,
  engine: oneOf(WEB_FETCH_ENGINES).optional(),
});
export type WebFetchToolParameters = z.infer<typeof WebFetchToolParametersSchema>;

export const FileParserPluginSchema = z.looseObject({
  id: z.literal('file-parser'),
  enabled,
  pdf: z.looseObject({ engine: oneOf(PDF_ENGINES).optional() }).optional(),
});

export const ResponseHealingPluginSchema = z.looseObject({
  id: z.literal('response-healing'),
  enabled,
});

export const ContextCompressionPluginSchema = z.looseObject({
  id: z.literal('context-compression'),
  enabled,
  engine: oneOf(COMPRESSION_ENGINES).optional(),
});

export const ParetoRouterPluginSchema = z.looseObject({
  id: z.literal('pareto-router'),
  enabled,
  max_price: z.number().min(0).optional(),
  min_coding_score: z.number().min(0).max(1).optional(),
  price_source: z.enum(PARETO_PRICE_SOURCES).optional(),
});

type FusionParamValue = string | number | boolean | null | Array<string | number | boolean | null> | Record<string, string | number | boolean | null>;
const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** spec 2.5 fusion tool `parameters` values: string, number, boolean, null, arrays or objects of these. */
const fusionParamValue: z.ZodType<FusionParamValue> = z.union([scalar, z.array(scalar), z.record(z.string(), scalar)]);

export const FusionToolSchema = z.looseObject({
  type: z.string(),
  parameters: z.record(z.string(), fusionParamValue).optional(),
});

export const FusionPluginSchema = z.looseObject({
  id: z.literal('fusion'),
  enabled,
  analysis_models: z.array(z.string()).min(1).max(8).optional(),
  model: z.string().optional(),
  preset: z.enum(FUSION_PRESETS).optional(),
  max_tool_calls: z.number().int().min(1).max(16).optional(),
  tools: z.array(FusionToolSchema).max(8).optional(),
});

/**
 * spec 2.5: one `plugins` item, discriminated by `id`. An unknown id is a 400 naming the ids
 * this gateway knows.
 *
 * @example
 * PluginSchema.parse({ id: 'fusion', analysis_models: ['a/x', 'b/y'], max_tool_calls: 4 });
 */
export const PluginSchema = z.discriminatedUnion(
  'id',
  [
    AutoRouterPluginSchema,
    AutoBetaRouterPluginSchema,
    ModerationPluginSchema,
    WebPluginSchema,
    WebFetchPluginSchema,
    FileParserPluginSchema,
    ResponseHealingPluginSchema,
    ContextCompressionPluginSchema,
    ParetoRouterPluginSchema,
    FusionPluginSchema,
  ],
  {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const id = (issue.input as { id?: unknown } | undefined)?.id;
      const got = id === undefined ? 'missing' : JSON.stringify(id);
      return `unknown plugin id ${got} (expected one of ${PLUGIN_IDS.join(', ')}; spec 2.5)`;
    },
  },
);
export type Plugin = z.infer<typeof PluginSchema>;

/**
 * spec 2.5 `plugins`: the items, and the one rule across them: at most one router plugin
 * (auto-router, auto-beta-router, pareto-router, fusion) may be enabled. `enabled: false` drops a
 * plugin and a repeated id counts once (the last entry wins), as the gateway reads the list.
 *
 * @example
 * PluginsSchema.safeParse([{ id: 'auto-router' }, { id: 'fusion' }]).success; // false
 */
export const PluginsSchema = z.array(PluginSchema).superRefine((plugins, ctx) => {
  const routers = enabledPlugins(plugins).filter((p) => (ROUTER_PLUGIN_IDS as readonly string[]).includes(p.id));
  if (routers.length > 1) {
    ctx.addIssue({ code: 'custom', message: `at most one router plugin may be enabled (got ${routers.map((r) => `plugins[${r.index}] ${r.id}`).join(', ')})` });
  }
});

/** One enabled plugin of a request, with its position for messages (`plugins[2]`). */
export interface PluginEntry<P extends Plugin = Plugin> {
  id: P['id'];
  index: number;
  config: P;
}

/**
 * The enabled plugins of a request (spec 2.5), in request order: `enabled: false` drops a plugin
 * (moderation has no `enabled`), and when an id repeats the last entry wins.
 *
 * @example
 * enabledPlugins([{ id: 'web', max_results: 3 }, { id: 'web', enabled: false }]); // []
 */
export function enabledPlugins(plugins: readonly Plugin[] | undefined): PluginEntry[] {
  const byId = new Map<PluginId, PluginEntry>();
  (plugins ?? []).forEach((config, index) => {
    byId.delete(config.id);
    if ('enabled' in config && config.enabled === false) return;
    byId.set(config.id, { id: config.id, index, config });
  });
  return [...byId.values()].sort((a, b) => a.index - b.index);
}
export type AutoRouterPlugin = z.infer<typeof AutoRouterPluginSchema>;
export type AutoBetaRouterPlugin = z.infer<typeof AutoBetaRouterPluginSchema>;
export type ModerationPlugin = z.infer<typeof ModerationPluginSchema>;
export type WebPlugin = z.infer<typeof WebPluginSchema>;
export type WebFetchPlugin = z.infer<typeof WebFetchPluginSchema>;
export type FileParserPlugin = z.infer<typeof FileParserPluginSchema>;
export type ResponseHealingPlugin = z.infer<typeof ResponseHealingPluginSchema>;
export type ContextCompressionPlugin = z.infer<typeof ContextCompressionPluginSchema>;
export type ParetoRouterPlugin = z.infer<typeof ParetoRouterPluginSchema>;
export type FusionPlugin = z.infer<typeof FusionPluginSchema>;
