import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.ts';

const T = 1_767_225_600; // 2026-01-01T00:00:00Z

describe('webhook signatures', () => {
  it('verifies what it signs, for any body and secret', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string({ minLength: 1 }), async (payload, secret) => {
        const header = await signWebhook({ payload, secret, timestamp: T });
        expect(header).toMatch(/^t=1767225600,v1=[0-9a-f]{64}$/);
        expect(await verifyWebhookSignature({ payload, header, secret, now: T * 1000 })).toEqual({ valid: true, timestamp: T });
      }),
      { numRuns: 30 },
    );
  });

  it('is HMAC-SHA256 of "<t>,<raw body>" (reference)', async () => {
    const header = await signWebhook({ payload: '{"a":1}', secret: 'whsec_test', timestamp: T });
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('whsec_test'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${T},{"a":1}`));
    expect(header).toBe(`t=${T},v1=${Buffer.from(mac).toString('hex')}`);
  });

  it('rejects a changed body, a wrong secret, a malformed header', async () => {
    const header = await signWebhook({ payload: 'body', secret: 's', timestamp: T });
    const now = T * 1000;
    expect(await verifyWebhookSignature({ payload: 'body!', header, secret: 's', now })).toMatchObject({ valid: false, reason: 'signature does not match' });
    expect(await verifyWebhookSignature({ payload: 'body', header, secret: 't', now })).toMatchObject({ valid: false });
    expect(await verifyWebhookSignature({ payload: 'body', header: null, secret: 's', now })).toMatchObject({
      valid: false,
      reason: 'missing signature header',
    });
    expect(await verifyWebhookSignature({ payload: 'body', header: 'v1=abc', secret: 's', now })).toMatchObject({ valid: false });
    expect(await verifyWebhookSignature({ payload: 'body', header: `t=${T}`, secret: 's', now })).toMatchObject({ valid: false });
  });

  it('rejects signatures older than 5 minutes by default, and honours toleranceSeconds', async () => {
    const header = await signWebhook({ payload: 'b', secret: 's', timestamp: T });
    expect((await verifyWebhookSignature({ payload: 'b', header, secret: 's', now: (T + 300) * 1000 })).valid).toBe(true);
    expect(await verifyWebhookSignature({ payload: 'b', header, secret: 's', now: (T + 301) * 1000 })).toMatchObject({ valid: false });
    expect((await verifyWebhookSignature({ payload: 'b', header, secret: 's', now: (T + 900) * 1000, toleranceSeconds: 1000 })).valid).toBe(true);
  });
});
