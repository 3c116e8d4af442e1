import { describe, expect, it } from 'vitest';
import { DEFAULT_API_KEYS } from '../auth/api-key.ts';
import { virtualClock } from '../clock/virtual-clock.ts';
import type { ManagementChange } from './management-change.ts';
import { createManagementStore } from './management-store.ts';
import { keySecret, sha256Base64Url, sha256Hex } from './secret-material.ts';
import { fileKeyRecord } from './key-entry.ts';

describe('management store', () => {
  it('lists the keys-file keys in a collection by their SHA-256 hash, and authenticates them before that is done', async () => {
    const store = createManagementStore({ fileKeys: DEFAULT_API_KEYS, clock: virtualClock(0) });
    expect(store.ring.find('sk-gw-test')?.apiKey).toBe(DEFAULT_API_KEYS[0]);
    const { keys } = await store.ready();
    expect(keys.count()).toBe(DEFAULT_API_KEYS.length);
    expect(store.key(await sha256Hex('sk-gw-test'))?.secret).toBe('sk-gw-test');
  });

  it('saves a change before applying it, and applies nothing when the save fails', async () => {
    const saved: ManagementChange[] = [];
    let fail = false;
    const store = createManagementStore({
      fileKeys: DEFAULT_API_KEYS,
      clock: virtualClock(0),
      persistence: {
        saveManagement: async (change) => {
          if (fail) throw new Error('ENOSPC');
          saved.push(change);
        },
      },
    });
    await store.ready();
    const secret = keySecret(0, store.nextSeq());
    const record = { ...fileKeyRecord({ key: secret, kind: 'standard', credits: 1 }, await sha256Hex(secret), 9, 0), source: 'api' as const };
    await store.putKey(record);
    expect(saved.map((c) => c.kind)).toEqual(['put']);
    fail = true;
    const other = { ...record, hash: await sha256Hex('x'), secret: 'x' };
    await expect(store.putKey(other)).rejects.toMatchObject({ status: 503 });
    expect(store.ring.find('x')).toBeUndefined();
    expect(store.key(other.hash)).toBeUndefined();
  });

  it('restores a snapshot: created keys, changed and deleted keys-file keys, and the counter', async () => {
    const first = createManagementStore({ fileKeys: DEFAULT_API_KEYS, clock: virtualClock(0) });
    await first.ready();
    const test = first.key(await sha256Hex('sk-gw-test'))!;
    await first.putKey({ ...test, disabled: true, updated_at: '2026-01-01T00:00:00Z' });
    await first.deleteKey(first.key(await sha256Hex('sk-gw-no-credits'))!);
    const snapshot = first.snapshot();
    const second = createManagementStore({ fileKeys: DEFAULT_API_KEYS, clock: virtualClock(0), restore: snapshot });
    expect(second.ring.find('sk-gw-test')?.disabled).toBe(true);
    expect(second.ring.find('sk-gw-no-credits')).toBeUndefined();
    const { keys } = await second.ready();
    expect(keys.count()).toBe(DEFAULT_API_KEYS.length - 1);
    expect(second.nextSeq()).toBe(snapshot.seq);
  });

  it('S256 of the RFC 7636 appendix B verifier is its challenge', async () => {
    expect(await sha256Base64Url('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
