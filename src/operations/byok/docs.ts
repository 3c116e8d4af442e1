import { z } from 'zod';
import { BYOK_COMPONENTS } from '../../schemas/workspace-responses.ts';
import type { OperationDocs, ParameterDoc } from '../../openapi/operation-doc.ts';
import { managementDoc, PAGING } from '../../openapi/common-parameters.ts';

const BYOK_ID: ParameterDoc = { name: 'id', in: 'path', required: true, description: "The credential's id (UUID).", schema: z.string() };

const doc = managementDoc('BYOK');

/** The BYOK operations in `/openapi.json` (management key only), and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'byok.list': {
      ...doc('Credentials of the default workspace (or `workspace_id`) and global ones, filtered by `provider`, with `total_count`.', 'ByokListResponse', [
        ...PAGING,
        { name: 'workspace_id', in: 'query', description: 'The workspace (default: the default workspace).', schema: z.string() },
        { name: 'provider', in: 'query', description: 'Only credentials of this provider.', schema: z.string() },
      ]),
      tag: 'BYOK',
    },
    'byok.create': {
      ...doc(
        "Body: `provider` and `key` (required; the raw key is write-only: only a masked `label` is kept), `name`, `workspace_id`, `disabled`, `is_fallback`, `allowed_models`, `allowed_api_key_hashes` (hashes of this gateway's keys, else 400), `allowed_user_ids`, `sort_order`. Answers 201. Requests routed to the provider by keys it admits are BYOK from then on.",
        'ByokResponse',
        [],
        201,
      ),
      tag: 'BYOK',
    },
    'byok.get': { ...doc('The credential; 404 for none.', 'ByokResponse', [BYOK_ID]), tag: 'BYOK' },
    'byok.update': {
      ...doc('Body: any field of createBYOKKey but `provider` and `workspace_id`; `key` rotates it (a new label).', 'ByokResponse', [BYOK_ID]),
      tag: 'BYOK',
    },
    'byok.delete': { ...doc('Deleted: requests to its provider are no longer BYOK through it.', 'ByokDeletedResponse', [BYOK_ID]), tag: 'BYOK' },
  },
  components: { answers: BYOK_COMPONENTS },
};
