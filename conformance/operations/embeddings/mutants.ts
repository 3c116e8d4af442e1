import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onJson, onRequest, type SeenRequest } from '../../mutants/rewrite.ts';

/** Plausible bugs of an embeddings operation, one rule each (reference /embeddings). */

type Json = Record<string, unknown>;
const isEmbeddings = (request: SeenRequest) => request.url.pathname.endsWith('/embeddings');
const onVectors =
  (change: (data: Json[], request: SeenRequest) => Json[]): Mutant['wrap'] =>
  (fetch) =>
    onJson(fetch, (json, _response, request) => {
      if (isEmbeddings(request) && json.object === 'list' && Array.isArray(json.data)) json.data = change((json.data as unknown[]).filter(isObject), request);
    });
const vector = (d: Json): number[] => (Array.isArray(d.embedding) ? (d.embedding as number[]) : []);

export const embeddingsFirstInputOnly: Mutant = {
  id: 'embeddings-first-input-only',
  breaks: 'reference /embeddings: an array input gets one vector, for its first string only',
  caughtBy: 'embeddings.shape',
  wrap: onVectors((data) => data.slice(0, 1)),
};

export const embeddingsNotNormalised: Mutant = {
  id: 'embeddings-not-normalised',
  breaks: 'vectors are not normalised (each number doubled)',
  caughtBy: 'embeddings.unit-length',
  wrap: onVectors((data) => data.map((d) => ({ ...d, embedding: vector(d).map((x) => x * 2) }))),
};

export const embeddingsDimensionsIgnored: Mutant = {
  id: 'embeddings-dimensions-ignored',
  breaks: "reference /embeddings dimensions: the model's full length comes back whatever was asked (one number more)",
  caughtBy: 'embeddings.dimensions',
  wrap: onVectors((data, request) =>
    isObject(request.body) && typeof request.body.dimensions === 'number' ? data.map((d) => ({ ...d, embedding: [...vector(d), 0] })) : data,
  ),
};

export const embeddingsBase64Ignored: Mutant = {
  id: 'embeddings-base64-ignored',
  breaks: 'embeddings.base64: encoding_format base64 is ignored and float arrays come back',
  caughtBy: 'embeddings.base64',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (isEmbeddings(request) && isObject(request.body)) delete request.body.encoding_format;
    }),
};

export const EMBEDDINGS_MUTANTS: readonly Mutant[] = [embeddingsFirstInputOnly, embeddingsNotNormalised, embeddingsDimensionsIgnored, embeddingsBase64Ignored];
