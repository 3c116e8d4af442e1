import type { OperationDocs } from '../../openapi/operation-doc.ts';

/** The credits-coinbase operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'credits.coinbase.create': {
      tag: 'Credits',
      description: 'Deprecated (reference createCoinbaseCharge): never served. Every request, with any key or none, is 410 Gone with the envelope.',
      successStatus: 410,
      success: { 'application/json': 'ErrorBody' },
    },
  },
};
