import { z } from 'zod';
import { ResponsesRequestSchema } from '../../schemas/responses-request.ts';
import { ResponsesResultSchema } from '../../schemas/responses-result.ts';
import { StreamEventSchema } from '../../schemas/stream-events.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { METADATA_HEADERS, SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The responses operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'responses.create': {
      tag: 'Responses',
      description: 'spec 4.1: one response in the Responses format, as JSON or, with `stream: true`, as server-sent events ending with `data: [DONE]`.',
      requestBody: { 'application/json': 'ResponsesRequest' },
      successStatus: 200,
      success: { 'application/json': 'ResponsesResult', 'text/event-stream': 'ResponsesStreamingResponse' },
      parameters: [...METADATA_HEADERS, ...SIMULATION_HEADERS],
    },
  },
  components: {
    requests: {
      ResponsesRequest: ResponsesRequestSchema,
    },
    answers: {
      ResponsesStreamingResponse: z.object({ data: StreamEventSchema }),
      ResponsesResult: ResponsesResultSchema,
    },
  },
};
