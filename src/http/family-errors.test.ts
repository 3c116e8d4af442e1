import { describe, expect, it } from 'vitest';
import { createGateway } from '../gateway/create-gateway.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { familyErrorRoutes, familyErrorText, firstSegment } from './family-errors.ts';

describe('familyErrorText', () => {
  const gateway = createGateway();
  const text = familyErrorText(familyErrorRoutes(gateway.routes), '/api/v1');
  const timeout = new GatewayError(408, 'Request timed out');

  it('answers a path under the Messages family in Anthropic’s error shape, served or not', () => {
    for (const path of ['/api/v1/messages', '/api/v1/messages/count_tokens', '/api/v1/messages/nope']) {
      expect(JSON.parse(text(path, timeout))).toMatchObject({ type: 'error', error: { type: 'timeout_error', message: 'Request timed out' } });
    }
  });

  it('answers every other path, and a request with no path, in the spec 7 envelope', () => {
    for (const path of ['/api/v1/chat/completions', '/api/v1', '/elsewhere/messages', undefined]) {
      expect(JSON.parse(text(path, timeout))).toEqual({ error: { code: 408, message: 'Request timed out' } });
    }
  });

  it('takes the first segment of a path', () => {
    expect([firstSegment('/messages/count_tokens'), firstSegment('/models'), firstSegment('/')]).toEqual(['messages', 'models', '']);
  });
});
