import type { OperationDeclaration } from '../operation-declaration.ts';
import { errorBodyProblems } from '../answer-problems.ts';
import { wrongMethod } from '../refusals.ts';

/**
 * reference createCoinbaseCharge: deprecated, `security: []`, and "will never return a 200
 * response": its served answer is the 410 Gone envelope, with or without a key.
 */
export const CREDITS_COINBASE_DECLARATIONS: readonly OperationDeclaration[] = [
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
