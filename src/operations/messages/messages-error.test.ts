import { describe, expect, it } from 'vitest';
import { DOCUMENTED_STATUSES } from '../../errors/documented-statuses.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { anthropicErrorType, messagesErrorBody } from './messages-error.ts';
import { MessagesErrorBodySchema } from '../../schemas/messages-result.ts';

describe('messagesErrorBody', () => {
  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [402, 'billing_error'],
    [403, 'permission_error'],
    [404, 'not_found_error'],
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [503, 'overloaded_error'],
    [529, 'overloaded_error'],
  ])('maps %i to %s, as the reference does', (status, type) => {
    expect(anthropicErrorType(status)).toBe(type);
  });

  it('gives every documented status a body Anthropic clients parse', () => {
    for (const { status } of DOCUMENTED_STATUSES) {
      const body = messagesErrorBody(new GatewayError(status), { requestId: 'gen-1', metadataEnabled: false });
      expect(MessagesErrorBodySchema.safeParse(body).success, String(status)).toBe(true);
      expect(body.error.message.length).toBeGreaterThan(0);
    }
  });

  it('keeps the message, the request id, the error metadata and, when asked, the routing metadata', () => {
    const err = new GatewayError(403, 'Flagged by moderation', { metadata: { reasons: ['violence'] }, gatewayMetadata: { strategy: 'direct' } });
    expect(messagesErrorBody(err, { requestId: 'gen-7', metadataEnabled: true })).toEqual({
      type: 'error',
      error: { type: 'permission_error', message: 'Flagged by moderation', error_type: 'permission_denied' },
      request_id: 'gen-7',
      metadata: { reasons: ['violence'] },
      gateway_metadata: { strategy: 'direct' },
    });
    expect(messagesErrorBody(err, { requestId: null, metadataEnabled: false })).not.toHaveProperty('gateway_metadata');
  });

  it('maps statuses it does not list by class', () => {
    expect(anthropicErrorType(418)).toBe('invalid_request_error');
    expect(anthropicErrorType(599)).toBe('api_error');
  });
});
