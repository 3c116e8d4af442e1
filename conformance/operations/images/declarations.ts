import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { unknownId, wrongMethod, malformedJson, wrongType } from '../../kit/refusals.ts';

/** A model slug no gateway lists (author and name segments, as the paths take them). */
const UNLISTED_MODEL = 'gatewaykit-conformance/no-such-model';

const get = (path: string) => () => ({ method: 'GET' as const, path });

/** Reference-listed models of the catalogue, one per kind (the simulator serves them; a live gateway lists them). */
export const IMAGE_MODEL = 'openai/gpt-image-1';
const post = (path: string, body: Record<string, unknown>) => () => ({ method: 'POST' as const, path, body });

/** The kit's declarations of the images operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'images.models.list', request: get('/images/models'), badInput: () => [wrongMethod('/images/models')] },
  {
    endpoint: 'images.models.endpoints',
    request: get('/images/models/openai/gpt-image-1/endpoints'),
    badInput: () => [unknownId(`/images/models/${UNLISTED_MODEL}/endpoints`, 'image model')],
  },
  (() => {
    const body = { model: IMAGE_MODEL, prompt: 'a lighthouse at dusk' };
    return {
      endpoint: 'images.create',
      request: post('/images', body),
      badInput: () => [malformedJson('/images'), wrongType('/images', { ...body, prompt: 42 }, 'prompt')],
    };
  })(),
];
