import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The providers operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'providers.list': {
      summary: 'List all providers',
      tag: 'Providers',
      description:
        'Every provider of the catalogue, in slug order: name, slug, headquarters, data centres and public pages (null where the catalogue does not know them).',
      successStatus: 200,
      success: { 'application/json': 'ProvidersListResponse' },
      parameters: [...SIMULATION_HEADERS],
    },
  },
  components: {
    written: {
      ProvidersListResponse: {
        type: 'object',
        required: ['data'],
        properties: {
          data: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'slug', 'privacy_policy_url'],
              properties: {
                name: { type: 'string' },
                slug: { type: 'string' },
                privacy_policy_url: { type: ['string', 'null'] },
                terms_of_service_url: { type: ['string', 'null'] },
                status_page_url: { type: ['string', 'null'] },
                headquarters: { type: ['string', 'null'], description: 'ISO 3166-1 alpha-2' },
                datacenters: { type: ['array', 'null'], items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
};
