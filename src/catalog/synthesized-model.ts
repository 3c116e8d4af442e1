import type { Catalog } from './catalog.ts';
import { TextModelSchema, type TextModel } from './text-model.ts';

/** A `vendor/model` id a synthesized entry may take: no variant suffix, no spaces. */
const SYNTHESIZABLE_ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/i;
/** When the catalogue knows nothing of the vendor: a mid-range model's price and context. */
const FALLBACK = { prompt: 0.000001, completion: 0.000004, context: 128_000 };

function median(values: readonly number[], fallback: number): number {
  if (values.length === 0) return fallback;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

const usd = (n: number) => String(Number(n.toPrecision(3)));
const title = (s: string) => s.replace(/(^|[-_.\s])([a-z])/g, (_m, sep: string, c: string) => `${sep === '-' || sep === '_' ? ' ' : sep}${c.toUpperCase()}`);

/**
 * A plausible catalogue entry for a model the catalogue does not list (`--accept-unknown-models`):
 * the median prompt and completion prices and context length of the vendor's listed models (of the
 * whole catalogue when the vendor has none), served by the vendor's own provider when the catalogue
 * has one, else by the provider serving most of the vendor's models, else by the first provider.
 * Undefined for an id that is not `vendor/model`, or a catalogue without providers.
 *
 * @example
 * synthesizedModel('openai/gpt-9', catalog, 1_767_225_600)?.endpoints[0].provider; // 'openai'
 */
export function synthesizedModel(id: string, catalog: Catalog, createdSeconds: number): TextModel | undefined {
  if (!SYNTHESIZABLE_ID.test(id) || catalog.providers.length === 0) return undefined;
  const vendor = id.slice(0, id.indexOf('/'));
  const kin = catalog.models.filter((m) => m.id.startsWith(`${vendor}/`));
  const peers = kin.length > 0 ? kin : catalog.models;
  const prices = (k: 'prompt' | 'completion') => peers.map((m) => Number(m.endpoints[0]?.pricing[k])).filter((n) => Number.isFinite(n) && n > 0);
  const serving = new Map<string, number>();
  for (const m of kin) for (const e of m.endpoints) serving.set(e.provider, (serving.get(e.provider) ?? 0) + 1);
  const provider =
    catalog.providers.find((p) => p.slug === vendor)?.slug ??
    [...serving].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ??
    (catalog.providers[0]?.slug as string);
  const slug = id.slice(vendor.length + 1);
  return TextModelSchema.parse({
    id,
    name: `${title(vendor)}: ${title(slug)}`,
    description: `Not in the catalogue snapshot: an entry synthesized by gatewaykit (--accept-unknown-models) from the ${kin.length > 0 ? `${vendor} models` : 'catalogue'} it lists.`,
    created: createdSeconds,
    context_length: Math.round(
      median(
        peers.map((m) => m.context_length),
        FALLBACK.context,
      ),
    ),
    endpoints: [
      { provider, pricing: { prompt: usd(median(prices('prompt'), FALLBACK.prompt)), completion: usd(median(prices('completion'), FALLBACK.completion)) } },
    ],
  });
}
