/**
 * The running state of cyrb53 over the characters seen so far (before the final mixing), so a
 * hash of `prefix + more` can continue from the prefix's state instead of reading it again.
 */
export type Hash53State = readonly [h1: number, h2: number];

/**
 * cyrb53's state after `text`, starting from `state` (or from `seed`'s initial state).
 *
 * @example
 * hash53Final(hash53Update(hash53Update(undefined, 'ab'), 'c')) === hash53('abc'); // true
 */
export function hash53Update(state: Hash53State | undefined, text: string, seed = 0): Hash53State {
  let h1 = state ? state[0] : 0xdeadbeef ^ seed;
  let h2 = state ? state[1] : 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  return [h1, h2];
}

/**
 * The 53-bit hash of a cyrb53 state (the final mixing).
 *
 * @example
 * hash53Final(hash53Update(undefined, 'abc', 7)) === hash53('abc', 7); // true
 */
export function hash53Final(state: Hash53State): number {
  let [h1, h2] = state;
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * cyrb53: a fast, well-distributed 53-bit string hash. Used to key seeded randomness by request
 * content; not for security (auth uses a constant-time comparison instead).
 *
 * @example
 * hash53('hello'); // the same number on every run and machine
 */
export function hash53(text: string, seed = 0): number {
  return hash53Final(hash53Update(undefined, text, seed));
}

/**
 * An object's own keys in Array.prototype.sort's default order (UTF-16 code units, the order `<`
 * gives): sorted in place by insertion, since objects here hold a handful of keys and the
 * built-in sort allocates a work copy on every call (every request's canonical key goes through).
 */
function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  if (keys.length > 32) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i;
    while (j > 0 && (keys[j - 1] as string) > key) {
      keys[j] = keys[j - 1] as string;
      j--;
    }
    keys[j] = key;
  }
  return keys;
}

/**
 * JSON with object keys sorted, so equal values hash equally whatever their key order. Built by
 * concatenation (no entry arrays, no closures): it runs on every request body, several times.
 */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      // A hole stays empty, as `join` leaves it.
      if (i in value) out += stableStringify(value[i]);
    }
    return `${out}]`;
  }
  const keys = sortedKeys(value);
  let out = '{';
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${stableStringify(v)}`;
  }
  return `${out}}`;
}
