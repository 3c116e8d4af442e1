import type { CatalogInput } from './catalog.ts';
import { DEFAULT_IMAGE_MODELS, DEFAULT_RERANK_MODELS, DEFAULT_TTS_MODELS } from './default-media-models.ts';

type Keyed = { id?: unknown; slug?: unknown };

function mergeBy<T extends Keyed>(base: readonly T[] | undefined, overlay: readonly T[] | undefined, key: 'id' | 'slug'): T[] {
  const out = [...(base ?? [])];
  for (const item of overlay ?? []) {
    const at = out.findIndex((b) => b[key] === item[key]);
    if (at >= 0) out[at] = item;
    else out.push(item);
  }
  return out;
}

/**
 * The `"extends": "default"` mode of a catalogue file: entries of `overlay` replace the entries of
 * `base` with the same `slug` (providers) or `id` (models, videoModels, speechModels, embeddingModels); new ones are
 * appended. Whole entries are replaced, never deep-merged, so a replaced model lists all its endpoints.
 *
 * @example
 * mergeCatalogInputs(defaultFile, { extends: 'default', providers: [], models: [myModel] });
 */
export function mergeCatalogInputs(base: CatalogInput, overlay: CatalogInput): CatalogInput {
  return {
    version: 1,
    providers: mergeBy(base.providers, overlay.providers, 'slug'),
    models: mergeBy(base.models, overlay.models, 'id'),
    videoModels: mergeBy(base.videoModels, overlay.videoModels, 'id'),
    speechModels: mergeBy(base.speechModels, overlay.speechModels, 'id'),
    embeddingModels: mergeBy(base.embeddingModels, overlay.embeddingModels, 'id'),
    ...(base.imageModels || overlay.imageModels ? { imageModels: mergeBy(base.imageModels ?? DEFAULT_IMAGE_MODELS, overlay.imageModels, 'id') } : {}),
    ...(base.rerankModels || overlay.rerankModels ? { rerankModels: mergeBy(base.rerankModels ?? DEFAULT_RERANK_MODELS, overlay.rerankModels, 'id') } : {}),
    ...(base.ttsModels || overlay.ttsModels ? { ttsModels: mergeBy(base.ttsModels ?? DEFAULT_TTS_MODELS, overlay.ttsModels, 'id') } : {}),
  };
}
