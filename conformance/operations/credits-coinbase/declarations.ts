import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { errorBodyProblems } from '../../kit/answer-problems.ts';
import { wrongMethod } from '../../kit/refusals.ts';

/** The kit's declarations of the credits-coinbase operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'credits.coinbase.create',
    request: () => ({ method: 'POST', path: '/credits/coinbase', body: {} }),
    judge: (answer, _flow, components) =>
      answer.status === 410
        ? errorBodyProblems('credits.coinbase.create', answer, components)
        : [`expected HTTP 410 (reference createCoinbaseCharge: deprecated), got ${answer.status}`],
    badInput: () => [wrongMethod('/credits/coinbase', 'GET')],
    // It takes no key (security: []): without one it is the same 410.
    auth: () => [
      { label: 'no credentials', probe: { method: 'POST', path: '/credits/coinbase', auth: 'none', body: {} }, statuses: [410], rule: 'credits.coinbase-gone' },
    ],
  },
];
