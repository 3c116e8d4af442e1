import { z } from 'zod';
import { ChatRequestSchema } from '../../schemas/chat-request.ts';
import { ChatResultSchema, ChatStreamChunkSchema } from '../../schemas/chat-result.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { METADATA_HEADERS, SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The chat operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'chat.completions.create': {
      tag: 'Chat',
      description:
        'The Chat Completions surface of the same engine: `messages` in, one choice out, as JSON or, with `stream: true`, as `chat.completion.chunk` server-sent events ending with `data: [DONE]` (the last chunk carries the usage, with or without `stream_options.include_usage`, as the reference says).',
      requestBody: { 'application/json': 'ChatRequest' },
      successStatus: 200,
      success: { 'application/json': 'ChatResult', 'text/event-stream': 'ChatStreamingResponse' },
      parameters: [...METADATA_HEADERS, ...SIMULATION_HEADERS],
    },
  },
  components: {
    requests: {
      ChatRequest: ChatRequestSchema,
    },
    answers: {
      ChatStreamingResponse: z.object({ data: ChatStreamChunkSchema }),
      ChatResult: ChatResultSchema,
      ChatStreamChunk: ChatStreamChunkSchema,
    },
  },
};
