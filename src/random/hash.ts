/**
 * cyrb53: a fast, well-distributed 53-bit string hash. Used to key seeded randomness by request
 * content; not for security (auth uses a constant-time comparison instead).
 */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
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
  // Default sort: UTF-16 code units, the same order as comparing with `<`.
  const keys = Object.keys(value).sort();
  let out = '{';
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${stableStringify(v)}`;
  }
  return `${out}}`;
}
