import { hash53 } from '../random/hash.ts';
import type { ApiKey } from './api-key.ts';
import { constantTimeEqual } from './constant-time-equal.ts';

/** Why a known key is refused (spec 5: 401), or nothing when it may be used. */
export type KeyRefusal = 'disabled' | 'expired';

/** One accepted key with its state: disabled keys and keys past `expiresAt` answer 401. */
export interface KeyRingEntry {
  readonly apiKey: ApiKey;
  readonly disabled?: boolean;
  /** Gateway clock reading (ms) from which the key is refused; undefined: never expires. */
  readonly expiresAt?: number;
}

/**
 * The keys a gateway accepts, found in O(1) on the request path. Entries are bucketed by a hash
 * of the secret, and the presented key is compared in constant time with every key of its bucket
 * only: the Map lookup is by a hash, which reveals nothing about how much of a key was right.
 */
export interface KeyRing {
  /** The entry whose key equals `presented`, if any. */
  find(presented: string): KeyRingEntry | undefined;
  /** Add or replace the entry of `entry.apiKey.key`. */
  set(entry: KeyRingEntry): void;
  delete(secret: string): void;
  clear(): void;
  readonly size: number;
}

const bucketOf = (secret: string) => hash53(secret, 0x6b6579);

/**
 * @example
 * const ring = createKeyRing(DEFAULT_API_KEYS);
 * ring.find('sk-gw-test')?.apiKey.kind; // 'standard'
 */
export function createKeyRing(initial: readonly ApiKey[] = []): KeyRing {
  const buckets = new Map<number, KeyRingEntry[]>();
  let size = 0;
  const ring: KeyRing = {
    find(presented) {
      const bucket = buckets.get(bucketOf(presented));
      if (!bucket) return undefined;
      let found: KeyRingEntry | undefined;
      // Every key of the bucket is compared (no early exit), as authenticate did with the whole list.
      for (const entry of bucket) if (constantTimeEqual(presented, entry.apiKey.key) && !found) found = entry;
      return found;
    },
    set(entry) {
      const id = bucketOf(entry.apiKey.key);
      const bucket = buckets.get(id) ?? [];
      const at = bucket.findIndex((e) => e.apiKey.key === entry.apiKey.key);
      if (at >= 0) bucket[at] = entry;
      else {
        bucket.push(entry);
        size++;
      }
      buckets.set(id, bucket);
    },
    delete(secret) {
      const id = bucketOf(secret);
      const bucket = buckets.get(id);
      const at = bucket?.findIndex((e) => e.apiKey.key === secret) ?? -1;
      if (!bucket || at < 0) return;
      bucket.splice(at, 1);
      size--;
      if (bucket.length === 0) buckets.delete(id);
    },
    clear() {
      buckets.clear();
      size = 0;
    },
    get size() {
      return size;
    },
  };
  for (const apiKey of initial) ring.set({ apiKey });
  return ring;
}
