import { z } from 'zod';
import { ActivityResponseSchema } from '../../schemas/analytics-responses.ts';
import type { OperationDocs, ParameterDoc } from '../../openapi/operation-doc.ts';
import { managementDoc } from '../../openapi/common-parameters.ts';

const ACTIVITY_QUERY: readonly ParameterDoc[] = [
  {
    name: 'date',
    in: 'query',
    description: 'One UTC date (YYYY-MM-DD) of the last 30 completed days on the gateway clock; any other is a 400.',
    schema: z.string(),
  },
  { name: 'api_key_hash', in: 'query', description: 'Only the activity of the key with this hash (as `GET /keys` lists it).', schema: z.string() },
  { name: 'user_id', in: 'query', description: 'Only the activity of keys this user created.', schema: z.string() },
  { name: 'workspace_id', in: 'query', description: 'Only the activity of this workspace (404 for an unknown one).', schema: z.string() },
  { name: 'group_by', in: 'query', description: '`workspace` splits each item per workspace and adds `workspace_id`.', schema: z.enum(['workspace']) },
];

const doc = managementDoc('Analytics');

/** The activity operation in `/openapi.json` (management key only), and the component schema it names. */
export const docs: OperationDocs = {
  endpoints: {
    'activity.get': doc(
      'The paid answers of the last 30 completed UTC days of the gateway clock (today excluded), summed per day, model and endpoint: cost, BYOK cost, requests and tokens.',
      'ActivityResponse',
      ACTIVITY_QUERY,
    ),
  },
  components: { answers: { ActivityResponse: ActivityResponseSchema } },
};
