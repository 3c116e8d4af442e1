import type { EmbeddingModel } from '../../catalog/embedding-model.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { GatewayError } from '../../errors/gateway-error.ts';

export { EmbeddingsRequestSchema, type EmbeddingsRequest } from '../../schemas/embeddings-request.ts';

/** The catalogue's embedding model, or the 400 that says what `model` names instead. */
export function embeddingModel(env: Pick<GatewayEnv, 'catalog'>, id: string): EmbeddingModel {
  const model = env.catalog.embeddingModels.find((m) => m.id === id);
  if (model) return model;
  const listed = env.catalog.embeddingModels.map((m) => m.id).join(', ') || 'none';
  if (env.catalog.models.some((m) => m.id === id)) {
    throw new GatewayError(400, `model: "${id}" is a text model, not an embedding model (embedding models: ${listed})`);
  }
  throw new GatewayError(400, `model: "${id}" is not a valid model ID (embedding models: ${listed})`);
}

/** The vector length to answer with: the model's, or a shorter one it allows. */
export function vectorLength(model: EmbeddingModel, asked: number | undefined): number {
  if (asked === undefined || asked === model.dimensions) return model.dimensions;
  if (!model.adjustable_dimensions) throw new GatewayError(400, `dimensions: ${model.id} has a fixed ${model.dimensions} dimensions (got ${asked})`);
  if (asked > model.dimensions) throw new GatewayError(400, `dimensions: at most ${model.dimensions} for ${model.id} (got ${asked})`);
  return asked;
}

/**
 * reference listEmbeddingsModels: `offset` and `limit` (1 to 1000); without both, the whole list.
 *
 * @example
 * page(models, new URLSearchParams('limit=2')); // the first two
 */
export function page<T>(all: readonly T[], params: URLSearchParams): { items: T[]; next?: { offset: number; limit: number } } {
  const read = (name: string, min: number, max: number): number | undefined => {
    const raw = params.get(name);
    if (raw === null || raw === '') return undefined;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max)
      throw new GatewayError(400, `${name}: must be an integer from ${min} to ${max} (got ${JSON.stringify(raw.slice(0, 32))})`);
    return n;
  };
  const offset = read('offset', 0, Number.MAX_SAFE_INTEGER);
  const limit = read('limit', 1, 1000);
  if (offset === undefined && limit === undefined) return { items: all.slice() };
  const from = offset ?? 0;
  const size = limit ?? 500;
  return from + size < all.length
    ? { items: all.slice(from, from + size), next: { offset: from + size, limit: size } }
    : { items: all.slice(from, from + size) };
}
