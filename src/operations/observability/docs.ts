import { z } from 'zod';
import { DESTINATION_TYPES, OBSERVABILITY_COMPONENTS } from '../../schemas/observability-destinations.ts';
import type { OperationDocs, ParameterDoc } from '../../openapi/operation-doc.ts';
import { managementDoc, PAGING } from '../../openapi/common-parameters.ts';

const ID: ParameterDoc = { name: 'id', in: 'path', required: true, description: "The destination's id (UUID).", schema: z.string() };
const LIST: readonly ParameterDoc[] = [
  ...PAGING,
  { name: 'workspace_id', in: 'query', description: 'The workspace (default: the default workspace).', schema: z.string() },
];

const doc = managementDoc('Observability');

/** The Observability operations in `/openapi.json` (management key only), and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'observability.list': doc(
      'The destinations of the default workspace (or `workspace_id`), oldest first, with `total_count`; config secrets masked.',
      'ObservabilityDestinationsListResponse',
      LIST,
    ),
    'observability.create': doc(
      `Body: \`type\` (${DESTINATION_TYPES.join(', ')}), \`name\` and \`config\` (required; checked against the type's fields), \`workspace_id\`, \`enabled\`, \`privacy_mode\`, \`broadcast_generation_cost\`, \`broadcast_generation_identity\`, \`broadcast_generation_request_context\`, \`sampling_rate\`, \`api_key_hashes\`, \`filter_rules\`. At most 5 of a type per workspace (else 400). A \`webhook\` (\`url\`) or \`otel-collector\` (\`endpoint\`) URL must be HTTPS and not this gateway. Answers 201; secrets masked. Each paid generation of the workspace's keys is delivered to its enabled webhook and otel-collector destinations as signed OTLP/JSON (docs/observability.md).`,
      'ObservabilityDestinationResponse',
      [],
      201,
    ),
    'observability.get': doc('The destination; 404 for none.', 'ObservabilityDestinationResponse', [ID]),
    'observability.update': doc(
      'Body: any field of createObservabilityDestination but `type` and `workspace_id`; `config` merges (a masked value sent back changes nothing).',
      'ObservabilityDestinationResponse',
      [ID],
    ),
    'observability.delete': doc('Deleted: nothing is delivered to it any more.', 'ObservabilityDestinationDeletedResponse', [ID]),
  },
  components: { answers: OBSERVABILITY_COMPONENTS },
};
