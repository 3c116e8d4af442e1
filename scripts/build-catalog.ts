// Regenerates fixtures/catalog.json (the embedded default catalogue) from a public snapshot of the
// real gateway's `GET /models` answer (`{ "data": [...] }`), with the video, speech and embedding
// models, and the policies of the providers they share, taken from the small catalogue
// (fixtures/catalog-small.json). The snapshot states ids, names, descriptions, dates, context
// lengths, modalities, tokenizers, supported parameters and prices; it lists no providers, so the
// providers and their endpoints are synthesized here, deterministically (a hash of the model id):
// rules and source in docs/decisions/0056-a-real-catalogue.md. The file is written as the
// catalogue schema's own output (every default filled in), so the gateway takes it as it is at
// start-up instead of validating 300-odd models each time (a test checks that it is).
//
//   npx tsx scripts/build-catalog.ts path/to/models-snapshot.json [fixtures/catalog.json]
//   npx tsx scripts/build-catalog.ts --renormalize   (after a catalogue schema change: the same
//                                                     models, rewritten as the schema's output)
import { readFileSync, writeFileSync } from 'node:fs';
import { CatalogSchema } from '../src/catalog/catalog.ts';

interface SnapshotModel {
  id: string;
  canonical_slug?: string;
  hugging_face_id?: string | null;
  name: string;
  created: number;
  description?: string;
  context_length: number;
  architecture: { input_modalities: string[]; output_modalities: string[]; tokenizer: string };
  pricing: Record<string, string>;
  top_provider: { context_length?: number | null; max_completion_tokens?: number | null; is_moderated: boolean };
  supported_parameters: string[];
}

interface ProviderEntry {
  slug: string;
  name: string;
  data_collection: 'allow' | 'deny';
  zdr: boolean;
  region: 'us' | 'eu';
  is_moderated: boolean;
}

/** Providers that serve their own author's models, by author (closed-weight and first-party hosts). */
const FIRST_PARTY: Record<string, string[]> = {
  openai: ['openai', 'azure'],
  anthropic: ['anthropic', 'amazon-bedrock', 'google-vertex'],
  google: ['google-vertex', 'google-ai-studio'],
  mistralai: ['mistral'],
  deepseek: ['deepseek'],
  qwen: ['alibaba'],
  'x-ai': ['xai'],
  amazon: ['amazon-bedrock'],
  'z-ai': ['z-ai'],
  moonshotai: ['moonshotai'],
  minimax: ['minimax'],
  'meta-llama': [],
  nvidia: [],
};

/**
 * Authors that serve their own models, by the provider name the reference's `ProviderName` gives
 * them; an author without one is served by hosts.
 */
const AUTHOR_PROVIDERS: Record<string, string> = {
  ai21: 'AI21',
  'aion-labs': 'AionLabs',
  'arcee-ai': 'Arcee AI',
  baidu: 'Baidu',
  cohere: 'Cohere',
  inception: 'Inception',
  inflection: 'Inflection',
  liquid: 'Liquid',
  mancer: 'Mancer 2',
  morph: 'Morph',
  'nex-agi': 'Nex AGI',
  perceptron: 'Perceptron',
  perplexity: 'Perplexity',
  poolside: 'Poolside',
  rekaai: 'Reka',
  relace: 'Relace',
  stepfun: 'StepFun',
  switchpoint: 'Switchpoint',
  tencent: 'Tencent',
  upstage: 'Upstage',
  xiaomi: 'Xiaomi',
  'bytedance-seed': 'Seed',
  cognitivecomputations: 'Venice',
};

/** Provider names of the small catalogue that the reference's `ProviderName` spells otherwise. */
const RENAMED: Record<string, string> = { 'google-vertex': 'Google', nebius: 'Nebius' };

/** Hosts of open-weight models (a model with a Hugging Face id); 1 to 3 of them per model. */
const HOSTS = ['deepinfra', 'together', 'fireworks', 'groq', 'nebius', 'novita', 'parasail', 'baseten', 'siliconflow', 'chutes'];

/** Providers the small catalogue does not describe: name and data policies (spec 2.4). */
const EXTRA_PROVIDERS: Record<string, Omit<ProviderEntry, 'slug'>> = {
  xai: { name: 'xAI', data_collection: 'deny', zdr: false, region: 'us', is_moderated: false },
  'z-ai': { name: 'Z.AI', data_collection: 'allow', zdr: false, region: 'us', is_moderated: false },
  moonshotai: { name: 'Moonshot AI', data_collection: 'allow', zdr: false, region: 'us', is_moderated: false },
  minimax: { name: 'Minimax', data_collection: 'allow', zdr: false, region: 'us', is_moderated: false },
  novita: { name: 'Novita', data_collection: 'deny', zdr: true, region: 'us', is_moderated: false },
  parasail: { name: 'Parasail', data_collection: 'deny', zdr: true, region: 'us', is_moderated: false },
  baseten: { name: 'BaseTen', data_collection: 'deny', zdr: true, region: 'us', is_moderated: false },
  siliconflow: { name: 'SiliconFlow', data_collection: 'allow', zdr: false, region: 'us', is_moderated: false },
  chutes: { name: 'Chutes', data_collection: 'allow', zdr: false, region: 'us', is_moderated: false },
};

/**
 * Models the reference's examples name that the snapshot no longer lists (retired on the real
 * gateway): synthesized so that every example is served.
 */
const SUPPLEMENT: SnapshotModel[] = [
  {
    id: 'sao10k/l3-stheno-8b',
    canonical_slug: 'sao10k/l3-stheno-8b',
    hugging_face_id: 'Sao10K/L3-8B-Stheno-v3.2',
    name: 'Sao10K: Llama 3 8B Stheno',
    created: 1717200000,
    description: 'A roleplay and creative-writing fine-tune of Llama 3 8B.',
    context_length: 8192,
    architecture: { input_modalities: ['text'], output_modalities: ['text'], tokenizer: 'Llama3' },
    pricing: { prompt: '0.00000005', completion: '0.00000005' },
    top_provider: { context_length: 8192, max_completion_tokens: 4096, is_moderated: false },
    supported_parameters: [
      'max_tokens',
      'temperature',
      'top_p',
      'stop',
      'frequency_penalty',
      'presence_penalty',
      'seed',
      'top_k',
      'min_p',
      'repetition_penalty',
    ],
  },
];

/** FNV-1a 32-bit: a stable number per string (no dependence on Node's hash order). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A decimal string without exponent, at most 12 significant digits. */
function decimal(n: number): string {
  return Number(n.toPrecision(12)).toFixed(15).replace(/0+$/, '').replace(/\.$/, '');
}

function authorOf(id: string): string {
  return (id.split('/')[0] as string).replace(/^~/, '');
}

function endpointProviders(model: SnapshotModel): string[] {
  const author = authorOf(model.id);
  const openWeights = Boolean(model.hugging_face_id);
  const own = FIRST_PARTY[author] ?? (AUTHOR_PROVIDERS[author] ? [author] : []);
  if (!openWeights && own.length > 0) return own;
  const h = hash(model.id);
  const count = 1 + (h % 3);
  const hosts: string[] = [];
  for (let i = 0; hosts.length < count; i++) {
    const host = HOSTS[(h + i * 7) % HOSTS.length] as string;
    if (!hosts.includes(host)) hosts.push(host);
  }
  // A first-party host serves its own open weights first (Mistral, DeepSeek, Qwen...); OpenAI's
  // and Google's open models are served by hosts only.
  const first = author === 'openai' || author === 'google' || !openWeights ? [] : own.slice(0, 1);
  return [...first, ...hosts.filter((x) => !first.includes(x))];
}

const PRICE_KEYS = ['prompt', 'completion', 'request', 'image', 'audio', 'web_search', 'input_cache_read', 'input_cache_write', 'internal_reasoning'];
const FACTORS = [1, 1.1, 1.2, 1.25, 1.5];
const QUANTS = ['fp8', 'bf16', 'fp16', 'fp4', 'int8'];

function endpointOf(model: SnapshotModel, provider: string, index: number, openWeights: boolean) {
  const h = hash(`${model.id}|${provider}`);
  // The snapshot's price is the first endpoint's; the others cost a fixed factor more.
  const factor = index === 0 ? 1 : (FACTORS[h % FACTORS.length] as number);
  const pricing: Record<string, string> = {};
  for (const key of PRICE_KEYS) {
    const value = model.pricing[key];
    if (value === undefined) continue;
    pricing[key] = index === 0 || !['prompt', 'completion'].includes(key) ? value : decimal(Number(value) * factor);
  }
  const top = model.top_provider;
  return {
    provider,
    quantization: openWeights ? QUANTS[h % QUANTS.length] : 'unknown',
    ...(top.context_length && top.context_length !== model.context_length ? { context_length: top.context_length } : {}),
    ...(top.max_completion_tokens ? { max_completion_tokens: top.max_completion_tokens } : {}),
    pricing,
    latency: Math.round((0.3 + (h % 220) / 100) * 100) / 100,
    throughput: 30 + ((h >>> 8) % 170),
    uptime: Math.round((99 + ((h >>> 16) % 100) / 100) * 100) / 100,
  };
}

/** Other ids the real gateway answers for the model: its canonical slug, with and without the date. */
function aliasesOf(model: SnapshotModel, ids: ReadonlySet<string>): string[] {
  const slug = model.canonical_slug;
  if (!slug) return [];
  const undated = slug.replace(/-\d{8}$/, '');
  // An alias never shadows another model's id.
  return [...new Set([slug, undated])].filter((a) => a !== model.id && !ids.has(a));
}

function textModel(model: SnapshotModel, variants: string[], ids: ReadonlySet<string>) {
  const openWeights = Boolean(model.hugging_face_id);
  const providers = endpointProviders(model);
  const reasoning = model.supported_parameters.includes('reasoning');
  return {
    id: model.id,
    name: model.name,
    ...(model.canonical_slug && model.canonical_slug !== model.id ? { canonical_slug: model.canonical_slug } : {}),
    ...(aliasesOf(model, ids).length > 0 ? { aliases: aliasesOf(model, ids) } : {}),
    ...(model.hugging_face_id ? { hugging_face_id: model.hugging_face_id } : {}),
    description: model.description ?? '',
    created: model.created,
    context_length: model.context_length,
    ...(model.top_provider.max_completion_tokens ? { max_completion_tokens: model.top_provider.max_completion_tokens } : {}),
    ...(reasoning ? { reasoning } : {}),
    ...(openWeights ? { distillable: true } : {}),
    input_modalities: model.architecture.input_modalities,
    output_modalities: model.architecture.output_modalities,
    tokenizer: model.architecture.tokenizer,
    ...(variants.length > 0 ? { variants } : {}),
    supported_parameters: model.supported_parameters,
    endpoints: providers.map((p, i) => endpointOf(model, p, i, openWeights)),
  };
}

/** The router pseudo-models (`openrouter/*`) are left out: the gateway's router is `gateway/auto`. */
function servable(model: SnapshotModel): boolean {
  return !model.id.startsWith('openrouter/') && Object.values(model.pricing).every((v) => !v.startsWith('-'));
}

export function buildCatalog(
  snapshot: { data: SnapshotModel[] },
  small: { providers: ProviderEntry[]; videoModels: unknown[]; speechModels: unknown[]; embeddingModels: unknown[] },
) {
  const all = [...snapshot.data.filter(servable), ...SUPPLEMENT.filter((s) => !snapshot.data.some((m) => m.id === s.id))];
  const ids = new Set(all.map((m) => m.id));
  // `x:free` / `x:thinking` entries of a listed base model are catalogue variants of it.
  const variantsOf = new Map<string, string[]>();
  const bases = all.filter((m) => {
    const at = m.id.lastIndexOf(':');
    const base = at > 0 ? m.id.slice(0, at) : undefined;
    const suffix = at > 0 ? m.id.slice(at + 1) : '';
    if (base && ids.has(base) && (suffix === 'free' || suffix === 'thinking')) {
      variantsOf.set(base, [...(variantsOf.get(base) ?? []), suffix].sort());
      return false;
    }
    return true;
  });
  const models = bases.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((m) => textModel(m, variantsOf.get(m.id) ?? [], ids));
  const used = new Set(models.flatMap((m) => m.endpoints.map((e) => e.provider)));
  const providers: ProviderEntry[] = small.providers.map((p) => ({ ...p, name: RENAMED[p.slug] ?? p.name }));
  for (const slug of [...used].sort()) {
    if (providers.some((p) => p.slug === slug)) continue;
    const extra = EXTRA_PROVIDERS[slug] ?? {
      name: AUTHOR_PROVIDERS[slug] ?? slug,
      data_collection: 'allow' as const,
      zdr: false,
      region: 'us' as const,
      is_moderated: false,
    };
    providers.push({ slug, ...extra });
  }
  return { version: 1, providers, models, videoModels: small.videoModels, speechModels: small.speechModels, embeddingModels: small.embeddingModels };
}

/** One model per line: a diff of a regenerated catalogue shows which models changed. */
function serialize(catalog: Record<string, unknown>): string {
  const value = (v: unknown) =>
    Array.isArray(v) ? (v.length === 0 ? '[]' : `[\n    ${v.map((i) => JSON.stringify(i)).join(',\n    ')}\n  ]`) : JSON.stringify(v);
  return `{\n${Object.entries(catalog)
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${value(v)}`)
    .join(',\n')}\n}\n`;
}

const [input, output = 'fixtures/catalog.json'] = process.argv.slice(2);
if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('build-catalog.ts')) {
  if (!input) {
    console.error('usage: npx tsx scripts/build-catalog.ts path/to/models-snapshot.json [fixtures/catalog.json]');
    process.exit(2);
  }
  const catalog =
    input === '--renormalize'
      ? CatalogSchema.parse(JSON.parse(readFileSync(output, 'utf8')))
      : CatalogSchema.parse(buildCatalog(JSON.parse(readFileSync(input, 'utf8')), JSON.parse(readFileSync('fixtures/catalog-small.json', 'utf8'))));
  writeFileSync(output, serialize(catalog));
  console.log(`${output}: ${catalog.models.length} text models, ${catalog.providers.length} providers`);
}
