import { describe, expect, it } from 'vitest';
import { isCredentialHeader, maskCredential, maskHeaders, maskSecret } from './mask-credentials.ts';

const SECRETS = ['sk-gw-test-secret-value', 'dXNlcjpwYXNzd29yZA==', 'session=abcdef123456', 'proxy-secret-9999'];

describe('credential masking (F7)', () => {
  it('masks Authorization of any scheme, bare, and repeated; x-api-key, cookie, proxy-authorization, *secret*/*token*/*key*', () => {
    const headers = new Headers();
    headers.append('authorization', `Bearer ${SECRETS[0]}`);
    headers.append('authorization', `Basic ${SECRETS[1]}`);
    headers.set('proxy-authorization', `Basic ${SECRETS[1]}`);
    headers.set('x-api-key', SECRETS[0]!);
    headers.set('cookie', SECRETS[2]!);
    headers.set('x-client-secret', SECRETS[3]!);
    headers.set('x-auth-token', SECRETS[3]!);
    headers.set('openai-api-key', SECRETS[3]!);
    headers.set('x-session-id', 'conv-1');
    const masked = maskHeaders(headers);
    const text = JSON.stringify(masked);
    for (const secret of SECRETS) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(6, 14));
    }
    expect(masked.authorization).toMatch(/^Bearer sk-gw-…[0-9a-f]{8}$/);
    expect(masked['x-session-id']).toBe('conv-1');
    // A bare key: no scheme kept, nothing of it beyond a short prefix.
    expect(maskCredential('authorization', SECRETS[0]!)).toMatch(/^sk-gw…[0-9a-f]{8}$/);
    expect(maskCredential('authorization', 'Basic dXNlcjpwYXNz')).toMatch(/^Basic …[0-9a-f]{8}$/);
    // Unknown schemes are not trusted to be scheme names.
    expect(maskCredential('authorization', 'sk-secret-part other-part')).not.toContain('secret');
  });

  it('gives different keys sharing a prefix different ids, and the same key the same id', () => {
    expect(maskSecret('sk-gw-test')).not.toBe(maskSecret('sk-gw-management'));
    expect(maskSecret('sk-gw-test')).toBe(maskSecret('sk-gw-test'));
    expect(maskSecret('abc')).toMatch(/^…[0-9a-f]{8}$/);
  });

  it('judges headers by name', () => {
    expect(['Authorization', 'X-Api-Key', 'Cookie', 'x-upstream-token', 'x-webhook-secret'].every(isCredentialHeader)).toBe(true);
    expect(['content-type', 'x-session-id', 'x-stainless-os', 'keep-alive', 'accept'].some(isCredentialHeader)).toBe(false);
  });
});
