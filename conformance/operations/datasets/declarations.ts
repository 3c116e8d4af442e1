import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { badQuery, wrongMethod } from '../../kit/refusals.ts';

const get = (path: string) => () => ({ method: 'GET' as const, path });

const none = () => [];

/** The kit's declarations of the datasets operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'datasets.app-rankings.get', request: get('/datasets/app-rankings'), badInput: () => [badQuery('/datasets/app-rankings', 'start_date=abc')] },
  { endpoint: 'datasets.session-cost.get', request: get('/datasets/session-cost'), badInput: () => [wrongMethod('/datasets/session-cost')] },
  {
    endpoint: 'datasets.rankings-daily.get',
    request: () => ({ method: 'GET', path: '/datasets/rankings-daily' }),
    badInput: none,
    handWritten: { shape: 'datasets.rankings-shape', errors: 'datasets.rankings-validation', auth: 'datasets.rankings-auth' },
  },
];
