import type { OperationDeclaration } from '../operation-declaration.ts';
import { badQuery, unknownId, wrongMethod } from '../refusals.ts';

/** A model slug no gateway lists (author and name segments, as the paths take them). */
const UNLISTED_MODEL = 'gatewaykit-conformance/no-such-model';

const get = (path: string) => () => ({ method: 'GET' as const, path });

// The listings that page (reference offset and limit) are judged on a page of five: the same shape, a fraction of the bytes.

/** The catalogue's read-only listings (reference Models, Providers, Endpoints): free GETs. */
export const CATALOGUE_DECLARATIONS: readonly OperationDeclaration[] = [
  { endpoint: 'models.list', request: get('/models?limit=5'), badInput: () => [badQuery('/models', 'limit=abc')] },
  {
    endpoint: 'models.endpoints.list',
    request: (ctx) => ({ method: 'GET', path: `/models/${ctx.model}/endpoints` }),
    badInput: () => [unknownId(`/models/${UNLISTED_MODEL}/endpoints`, 'model')],
  },
  { endpoint: 'providers.list', request: get('/providers'), badInput: () => [wrongMethod('/providers')] },
  { endpoint: 'models.count', request: get('/models/count'), badInput: () => [badQuery('/models/count', 'output_modalities=gatewaykit-no-such-modality')] },
  { endpoint: 'models.user.list', request: get('/models/user?limit=5'), badInput: () => [badQuery('/models/user', 'limit=abc')] },
  {
    endpoint: 'model.get',
    request: (ctx) => ({ method: 'GET', path: `/model/${ctx.model}` }),
    badInput: () => [unknownId(`/model/${UNLISTED_MODEL}`, 'model')],
  },
  { endpoint: 'endpoints.zdr.list', request: get('/endpoints/zdr'), badInput: () => [wrongMethod('/endpoints/zdr')] },
  { endpoint: 'embeddings.models.list', request: get('/embeddings/models'), badInput: () => [badQuery('/embeddings/models', 'limit=abc')] },
  { endpoint: 'images.models.list', request: get('/images/models'), badInput: () => [wrongMethod('/images/models')] },
  {
    endpoint: 'images.models.endpoints',
    request: get('/images/models/openai/gpt-image-1/endpoints'),
    badInput: () => [unknownId(`/images/models/${UNLISTED_MODEL}/endpoints`, 'image model')],
  },
  { endpoint: 'videos.models.list', request: get('/videos/models'), badInput: () => [wrongMethod('/videos/models')] },
  { endpoint: 'datasets.app-rankings.get', request: get('/datasets/app-rankings'), badInput: () => [badQuery('/datasets/app-rankings', 'start_date=abc')] },
  { endpoint: 'datasets.session-cost.get', request: get('/datasets/session-cost'), badInput: () => [wrongMethod('/datasets/session-cost')] },
  { endpoint: 'benchmarks.get', request: get('/benchmarks'), badInput: () => [wrongMethod('/benchmarks')] },
  { endpoint: 'classifications.task.get', request: get('/classifications/task'), badInput: () => [wrongMethod('/classifications/task')] },
];
