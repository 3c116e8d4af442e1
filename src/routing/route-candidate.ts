import type { Catalog } from '../catalog/catalog.ts';
import type { ModelEndpoint } from '../catalog/model-endpoint.ts';
import type { Provider } from '../catalog/provider.ts';
import type { TextModel } from '../catalog/text-model.ts';
import { perMillion } from '../catalog/usd-price.ts';

/** One (model, provider endpoint) pair the router may try. */
export interface RouteCandidate {
  model: TextModel;
  endpoint: ModelEndpoint;
  provider: Provider;
}

/** Every endpoint of `model`, in catalogue order. */
export function modelCandidates(catalog: Catalog, model: TextModel): RouteCandidate[] {
  const out: RouteCandidate[] = [];
  for (const endpoint of model.endpoints) {
    const provider = catalog.providers.find((p) => p.slug === endpoint.provider);
    // CatalogSchema guarantees the provider exists; a hand-built catalogue that skipped it is skipped.
    if (provider) out.push({ model, endpoint, provider });
  }
  return out;
}

/** Context window of an endpoint: its own, else the model's. */
export function candidateContext(c: RouteCandidate): number {
  return c.endpoint.context_length ?? c.model.context_length;
}

/** Parameters an endpoint honours: its own list, else the model's. */
export function candidateParameters(c: RouteCandidate): readonly string[] {
  return c.endpoint.supported_parameters ?? c.model.supported_parameters;
}

/** Prompt + completion price in USD per million tokens: the key of `sort: price` and default ordering. */
export function candidatePrice(c: RouteCandidate): number {
  return perMillion(c.endpoint.pricing.prompt) + perMillion(c.endpoint.pricing.completion);
}

/** `model/provider`, how the summary and messages name an endpoint. */
export function candidateLabel(c: RouteCandidate): string {
  return `${c.model.id}@${c.provider.slug}`;
}
