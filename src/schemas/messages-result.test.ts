import { describe, expect, it } from 'vitest';
import { MessagesRequestSchema } from './messages-request.ts';
import { MessagesErrorBodySchema, MessagesResultSchema, MessagesStreamEventSchema } from './messages-result.ts';

/**
 * The examples the reference gives for `POST /messages` (`MessagesRequest`, `MessagesResult`,
 * each member of `MessagesStreamEvents`, `AnthropicMessagesErrorResponse` per status), with
 * `openrouter_metadata` renamed to `gateway_metadata`: gatewaykit's schemas accept every one.
 */
const REQUESTS = [
  { max_tokens: 1024, messages: [{ content: 'Hello, how are you?', role: 'user' }], model: 'anthropic/claude-sonnet-4' },
  { max_tokens: 1024, messages: [{ content: 'Hello, how are you?', role: 'user' }], model: 'anthropic/claude-4.5-sonnet-20250929', temperature: 0.7 },
];
const RESULTS = [
  {
    container: null,
    content: [{ citations: [], text: "I'm doing well, thank you for asking! How can I help you today?", type: 'text' }],
    id: 'msg_abc123',
    model: 'anthropic/claude-sonnet-4',
    role: 'assistant',
    stop_details: null,
    stop_reason: 'end_turn',
    stop_sequence: null,
    type: 'message',
    usage: {
      cache_creation: null,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      inference_geo: null,
      input_tokens: 12,
      output_tokens: 18,
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: 'standard',
    },
  },
  {
    container: null,
    content: [{ citations: [], text: "Hello! I'm doing well, thank you for asking.", type: 'text' }],
    id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
    model: 'claude-sonnet-4-5-20250929',
    role: 'assistant',
    stop_details: null,
    stop_reason: 'end_turn',
    stop_sequence: null,
    type: 'message',
    usage: {
      cache_creation: null,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      inference_geo: null,
      input_tokens: 12,
      output_tokens: 15,
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: 'standard',
    },
  },
];
const EVENTS = [
  {
    message: {
      container: null,
      content: [],
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      model: 'claude-sonnet-4-5-20250929',
      role: 'assistant',
      stop_details: null,
      stop_reason: null,
      stop_sequence: null,
      type: 'message',
      usage: {
        cache_creation: null,
        cache_creation_input_tokens: null,
        cache_read_input_tokens: null,
        inference_geo: null,
        input_tokens: 12,
        output_tokens: 0,
        output_tokens_details: null,
        server_tool_use: null,
        service_tier: 'standard',
      },
    },
    type: 'message_start',
  },
  {
    delta: { container: null, stop_details: null, stop_reason: 'end_turn', stop_sequence: null },
    type: 'message_delta',
    usage: {
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      input_tokens: null,
      output_tokens: 15,
      output_tokens_details: null,
      server_tool_use: null,
    },
  },
  { type: 'message_stop' },
  { content_block: { citations: [], text: '', type: 'text' }, index: 0, type: 'content_block_start' },
  { delta: { text: 'Hello', type: 'text_delta' }, index: 0, type: 'content_block_delta' },
  { index: 0, type: 'content_block_stop' },
  { type: 'ping' },
  { error: { error_type: 'provider_overloaded', message: 'Overloaded', type: 'overloaded_error' }, type: 'error' },
];
const ERRORS = [
  { error: { message: 'Invalid request: messages is required', type: 'invalid_request_error' }, request_id: null, type: 'error' },
  { error: { message: 'Invalid API key', type: 'authentication_error' }, request_id: null, type: 'error' },
  {
    error: { message: 'Request blocked: prompt injection patterns detected', type: 'permission_error' },
    gateway_metadata: { pipeline: [{ name: 'regex_pi_detection', summary: 'Blocked: prompt injection detected (1 pattern matched)', type: 'guardrail' }] },
    request_id: null,
    type: 'error',
  },
  { error: { message: 'Only management keys can perform this operation', type: 'permission_error' }, request_id: null, type: 'error' },
  { error: { message: 'Model not found', type: 'not_found_error' }, request_id: 'gen-xxxxxxxxxxxxxxxxxxxxxxxx', type: 'error' },
  { error: { message: 'Rate limit exceeded', type: 'rate_limit_error' }, request_id: 'gen-xxxxxxxxxxxxxxxxxxxxxxxx', type: 'error' },
  { error: { message: 'Internal server error', type: 'api_error' }, request_id: 'gen-xxxxxxxxxxxxxxxxxxxxxxxx', type: 'error' },
  { error: { message: 'Service temporarily overloaded', type: 'overloaded_error' }, request_id: 'gen-xxxxxxxxxxxxxxxxxxxxxxxx', type: 'error' },
  { error: { message: 'Provider is temporarily overloaded', type: 'overloaded_error' }, request_id: 'gen-xxxxxxxxxxxxxxxxxxxxxxxx', type: 'error' },
];

describe('the reference examples of POST /messages parse with gatewaykit schemas', () => {
  it.each(REQUESTS.map((r, i) => [i, r]))('MessagesRequest example %i', (_i, example) => {
    expect(MessagesRequestSchema.safeParse(example).error?.issues).toBeUndefined();
  });
  it.each(RESULTS.map((r, i) => [i, r]))('MessagesResult example %i', (_i, example) => {
    expect(MessagesResultSchema.safeParse(example).error?.issues).toBeUndefined();
  });
  it.each(EVENTS.map((e) => [e.type, e]))('stream event %s', (_type, example) => {
    expect(MessagesStreamEventSchema.safeParse(example).error?.issues).toBeUndefined();
  });
  it.each(ERRORS.map((e) => [e.error.type, e]))('error body %s', (_type, example) => {
    expect(MessagesErrorBodySchema.safeParse(example).error?.issues).toBeUndefined();
  });
});
