import { z } from 'zod';
import { MessagesCountTokensRequestSchema, MessagesCountTokensResultSchema } from '../../schemas/messages-count-tokens.ts';
import { MessagesRequestSchema } from '../../schemas/messages-request.ts';
import { MessagesErrorBodySchema, MessagesResultSchema, MessagesStreamEventSchema } from '../../schemas/messages-result.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { METADATA_HEADERS, SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The messages operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'messages.create': {
      tag: 'Messages',
      description:
        'The Anthropic Messages surface of the same engine as /responses: JSON, or with `stream: true` the Anthropic event stream (`message_start`, `content_block_*`, `message_delta`, `message_stop`, `ping`). The key may come as `x-api-key`. Errors use the Anthropic error shape.',
      requestBody: { 'application/json': 'MessagesRequest' },
      successStatus: 200,
      success: { 'application/json': 'MessagesResult', 'text/event-stream': 'MessagesStreamingResponse' },
      parameters: [...METADATA_HEADERS, ...SIMULATION_HEADERS],
      errorBody: 'AnthropicMessagesErrorResponse',
    },
    'messages.countTokens': {
      summary: 'Count the input tokens of a message (Anthropic Messages format)',
      tag: 'Messages',
      description:
        'What Anthropic clients call for `messages.countTokens`: the body of `/messages` (`max_tokens` optional), answered with `input_tokens` as the `/messages` answer would bill them, counted with the same tokenizer. Free. Errors use the Anthropic error shape; the key may come as `x-api-key`.',
      requestBody: { 'application/json': 'MessagesCountTokensRequest' },
      successStatus: 200,
      success: { 'application/json': 'MessagesCountTokensResult' },
      parameters: SIMULATION_HEADERS,
      errorBody: 'AnthropicMessagesErrorResponse',
    },
  },
  components: {
    requests: {
      MessagesRequest: MessagesRequestSchema,
      MessagesCountTokensRequest: MessagesCountTokensRequestSchema,
    },
    answers: {
      MessagesStreamingResponse: z.object({ event: z.string(), data: MessagesStreamEventSchema }),
      AnthropicMessagesErrorResponse: MessagesErrorBodySchema,
      MessagesResult: MessagesResultSchema,
      MessagesCountTokensResult: MessagesCountTokensResultSchema,
      MessagesStreamEvent: MessagesStreamEventSchema,
    },
  },
};
