import type { OperationDeclaration } from '../operation-declaration.ts';
import { malformedJson, wrongType } from '../refusals.ts';

/** Reference-listed models of the catalogue, one per kind (the simulator serves them; a live gateway lists them). */
export const IMAGE_MODEL = 'openai/gpt-image-1';
export const RERANK_MODEL = 'cohere/rerank-v3.5';
export const SPEECH_MODEL = 'openai/gpt-4o-mini-tts';
export const EMBEDDING_MODEL = 'openai/text-embedding-3-small';
export const MESSAGES_MODEL = 'anthropic/claude-sonnet-4';

const post = (path: string, body: Record<string, unknown>) => () => ({ method: 'POST' as const, path, body });

/** The generation operations the breadth issues added (paid but `count_tokens`): one small request each. */
export const GENERATION_DECLARATIONS: readonly OperationDeclaration[] = [
  (() => {
    const body = { model: IMAGE_MODEL, prompt: 'a lighthouse at dusk' };
    return {
      endpoint: 'images.create',
      request: post('/images', body),
      badInput: () => [malformedJson('/images'), wrongType('/images', { ...body, prompt: 42 }, 'prompt')],
    };
  })(),
  (() => {
    const body = { model: RERANK_MODEL, query: 'tides', documents: ['The moon moves the tides.', 'Bread needs yeast.'] };
    return {
      endpoint: 'rerank.create',
      request: post('/rerank', body),
      badInput: () => [malformedJson('/rerank'), wrongType('/rerank', { ...body, documents: 'tides' }, 'documents')],
    };
  })(),
  (() => {
    const body = { model: SPEECH_MODEL, input: 'Hello.' };
    return {
      endpoint: 'audio.speech.create',
      request: post('/audio/speech', body),
      badInput: () => [malformedJson('/audio/speech'), wrongType('/audio/speech', { ...body, input: 5 }, 'input')],
    };
  })(),
  (() => {
    const body = { model: EMBEDDING_MODEL, input: 'tides' };
    return {
      endpoint: 'embeddings.create',
      request: post('/embeddings', body),
      badInput: () => [malformedJson('/embeddings'), wrongType('/embeddings', { ...body, input: 5 }, 'input')],
      handWritten: { shape: 'embeddings.shape' },
    };
  })(),
  (() => {
    const body = { model: MESSAGES_MODEL, messages: [{ role: 'user', content: 'Hello' }] };
    return {
      endpoint: 'messages.countTokens',
      request: post('/messages/count_tokens', body),
      badInput: () => [malformedJson('/messages/count_tokens'), wrongType('/messages/count_tokens', { ...body, messages: 'Hello' }, 'messages')],
    };
  })(),
];
