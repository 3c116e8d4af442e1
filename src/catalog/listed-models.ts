import type { TextModel } from './text-model.ts';

/**
 * The text models `GET /models` lists: each catalogue model followed by its catalogue variants
 * (`variants`: `:free`, `:thinking`) as entries of their own (reference "catalog variants"): the
 * id and name carry the variant, a `:free` entry's endpoints cost 0, a `:thinking` entry always
 * reasons; everything else is the base model's. Filters and sorts apply to each entry.
 *
 * @example
 * listedModels(catalog.models).map((m) => m.id); // [..., 'openai/gpt-4o-mini', 'openai/gpt-4o-mini:free']
 */
export function listedModels(models: readonly TextModel[]): TextModel[] {
  return models.flatMap((m) => [
    m,
    ...m.variants.map((variant): TextModel => ({
      ...m,
      id: `${m.id}:${variant}`,
      canonical_slug: `${m.canonical_slug ?? m.id}:${variant}`,
      name: `${m.name} (${variant})`,
      variants: [],
      reasoning: variant === 'thinking' ? true : m.reasoning,
      endpoints:
        variant === 'free'
          ? m.endpoints.map((e) => ({ ...e, pricing: Object.fromEntries(Object.keys(e.pricing).map((k) => [k, '0'])) as typeof e.pricing }))
          : m.endpoints,
    })),
  ]);
}
