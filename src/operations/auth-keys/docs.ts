import { AuthCodeResponseSchema, AuthKeyExchangeResponseSchema } from '../../schemas/management-responses.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The auth-keys operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'auth.keys.code.create': {
      summary: 'Create an authorization code (OAuth PKCE)',
      tag: 'OAuth',
      description:
        'Management key only. Body: `callback_url` (required), `code_challenge`, `code_challenge_method` (S256, plain), `limit`, `usage_limit_type`, `expires_at`, `key_label`, `workspace_id`. The code expires 10 minutes later on the gateway clock.',
      successStatus: 200,
      success: { 'application/json': 'AuthCodeResponse' },
      parameters: SIMULATION_HEADERS,
    },
    'auth.keys.exchange': {
      summary: 'Exchange an authorization code for an API key',
      tag: 'OAuth',
      description:
        'No Authorization: the code is the credential. Body: `code`, `code_verifier`, `code_challenge_method`. Single use; 403 for an unknown, used or expired code or a wrong verifier.',
      successStatus: 200,
      success: { 'application/json': 'AuthKeyExchangeResponse' },
      parameters: SIMULATION_HEADERS,
    },
  },
  components: {
    answers: {
      AuthCodeResponse: AuthCodeResponseSchema,
      AuthKeyExchangeResponse: AuthKeyExchangeResponseSchema,
    },
  },
};
