import { describe, expect, test } from 'vitest';
import { baseUrlHint } from './base-url-hint.ts';

const options = {
  origin: 'http://127.0.0.1:8080',
  basePath: '/api/v1',
  isOperation: (p: string) => ['/messages', '/messages/count_tokens', '/responses'].includes(p),
};

describe('baseUrlHint', () => {
  test('the Anthropic SDK given .../api/v1: its base URL is the gateway one minus /v1', () => {
    expect(baseUrlHint('/api/v1/v1/messages/count_tokens', options)).toBe(
      '/messages/count_tokens lives at http://127.0.0.1:8080/api/v1/messages/count_tokens: the Anthropic SDK needs baseURL http://127.0.0.1:8080/api (it appends /v1/messages/count_tokens itself)',
    );
  });

  test('other operations under a wrong prefix: the gateway base URL', () => {
    expect(baseUrlHint('/api/v1/api/v1/responses', options)).toContain('needs baseURL http://127.0.0.1:8080/api/v1');
    expect(baseUrlHint('/responses', options)).toContain('needs baseURL http://127.0.0.1:8080/api/v1');
  });

  test('no hint for a path that ends in no operation, or that already starts at the base', () => {
    expect(baseUrlHint('/api/v1/v1/nothing', options)).toBeUndefined();
    expect(baseUrlHint('/api/v1/responses', options)).toBeUndefined();
  });

  test('a base path without /v1: the Anthropic SDK cannot be pointed at it, the gateway URL is named', () => {
    expect(baseUrlHint('/v1/messages', { ...options, basePath: '/gw' })).toContain('needs baseURL http://127.0.0.1:8080/gw');
  });
});
