import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from './api-key.ts';
import { authenticate } from './authenticate.ts';
import { createKeyRing } from './key-ring.ts';

const key = (secret: string): ApiKey => ({ key: secret, kind: 'standard', credits: 1 });

describe('key ring', () => {
  it('finds exactly the keys it holds, whatever they are, and forgets deleted ones', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 30 }), fc.string(), (secrets, other) => {
        const ring = createKeyRing(secrets.map(key));
        expect(ring.size).toBe(secrets.length);
        for (const s of secrets) expect(ring.find(s)?.apiKey.key).toBe(s);
        if (!secrets.includes(other)) expect(ring.find(other)).toBeUndefined();
        for (const s of secrets) ring.delete(s);
        expect(ring.size).toBe(0);
        for (const s of secrets) expect(ring.find(s)).toBeUndefined();
      }),
    );
  });

  it('replaces an entry of the same secret instead of adding a second', () => {
    const ring = createKeyRing([key('sk-a')]);
    ring.set({ apiKey: { ...key('sk-a'), credits: 5 }, disabled: true });
    expect(ring.size).toBe(1);
    expect(ring.find('sk-a')).toMatchObject({ apiKey: { credits: 5 }, disabled: true });
  });

  it('authenticate with a ring: 401 for an unknown, disabled or expired key, the key otherwise', () => {
    const ring = createKeyRing([key('sk-ok')]);
    ring.set({ apiKey: key('sk-off'), disabled: true });
    ring.set({ apiKey: key('sk-old'), expiresAt: 1000 });
    expect(authenticate('Bearer sk-ok', ring, 0)).toMatchObject({ key: 'sk-ok' });
    expect(authenticate('Bearer sk-old', ring, 999)).toMatchObject({ key: 'sk-old' });
    expect(authenticate('Bearer sk-old', ring, 1000)).toMatchObject({ status: 401, message: 'This API key has expired' });
    expect(authenticate('Bearer sk-off', ring, 0)).toMatchObject({ status: 401, message: 'This API key is disabled' });
    expect(authenticate('Bearer sk-nope', ring, 0)).toMatchObject({ status: 401, message: 'Invalid API key' });
  });
});
