import { ref, inferred, type Rule } from '../../rules/rule.ts';

/** The rules of POST /embeddings. */
export const EMBEDDINGS_RULES: readonly Rule[] = [
  // Embeddings (spec 1 names the area; shapes from the reference's /embeddings)
  ref(
    'embeddings.shape-count',
    '1',
    'POST /embeddings answers object "list" and model with one data item per input, in order (object "embedding", index i, a vector of finite numbers), vectors of one length; usage is not required, but when sent has integer prompt_tokens and total_tokens.',
  ),
  ref('embeddings.base64', '1', 'encoding_format base64 is honoured: every embedding is a base64 string of float32 values, one per input.'),
  ref('embeddings.dimensions', '1', 'dimensions asks for vectors of that length: every vector has exactly that many numbers.'),
  inferred('embeddings.unit-length', '1', 'Embedding vectors are unit length (Euclidean norm 1 within 1e-4), so dot products are cosine similarities.'),
];
