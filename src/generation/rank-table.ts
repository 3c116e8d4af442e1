/**
 * A byte-pair vocabulary held in typed arrays: every token's bytes in one buffer, and an
 * open-addressing hash table from bytes to rank, either built from the bytes or read in place from
 * an image that already holds it: no string per token and no Map to fill at start-up.
 *
 * Lookups answer exactly as gpt-tokenizer's o200k_base encoding does, whose counts the
 * gateway's answers were recorded with, including two of its quirks:
 * - a key that is valid UTF-8 is looked up as text, and the text decoder drops a leading byte
 *   order mark, so such a key finds the token of the text after the mark (and the nine tokens
 *   whose bytes start with the mark are never found as they are);
 * - a token kept as raw bytes (invalid UTF-8) is found only by its bytes, never as text.
 */
export interface RankTable {
  /** Number of tokens (ranks 0 to size - 1). */
  readonly size: number;
  /** The rank of `bytes[start, end)` as the byte-pair merge sees it, or -1. */
  rank(bytes: Uint8Array, start: number, end: number): number;
  /** The rank of a whole pre-token given as its UTF-8 bytes (only text tokens match), or -1. */
  textRank(bytes: Uint8Array, start: number, end: number): number;
  /** The bytes of token `rank` (a view, not a copy). */
  bytes(rank: number): Uint8Array;
  /** Whether token `rank` is kept as raw bytes rather than as text (decoding buffers it). */
  isRaw(rank: number): boolean;
}

/** What a token's entry says about how it is found (see the module comment). */
const TEXT = 0;
const RAW = 1;
/** A raw token whose bytes are valid UTF-8 (they start with a byte order mark). */
const RAW_VALID = 2;

/** Whether `bytes[start, end)` is well-formed UTF-8 (what a fatal TextDecoder accepts). */
export function isValidUtf8(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start;
  while (i < end) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let cp: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      cp = b & 0x1f;
    } else if ((b & 0xf0) === 0xe0) {
      need = 2;
      cp = b & 0x0f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      cp = b & 0x07;
    } else return false;
    if (i + need >= end) return false;
    for (let j = 1; j <= need; j++) {
      const c = bytes[i + j]!;
      if ((c & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if ((need === 2 && cp < 0x800) || (need === 3 && cp < 0x10000) || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return false;
    i += need + 1;
  }
  return true;
}

function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h;
}

/**
 * The arrays of a {@link RankTable}: `offsets[r]` to `offsets[r + 1]` are token r's bytes in
 * `data`, `kinds[r]` how it is found, `slots` the hash table (rank + 1, 0 for empty; a power of two
 * long, linear probing from the FNV-1a hash of the bytes).
 */
export interface RankTableParts {
  readonly size: number;
  readonly data: Uint8Array;
  readonly offsets: Int32Array;
  readonly kinds: Uint8Array;
  readonly slots: Int32Array;
}

/**
 * The parts of the table of a vocabulary laid out as `O200K_TABLE` is: the token count (4 bytes,
 * little-endian), one byte per token (length less one, high bit for a raw token), then every
 * token's bytes in rank order. Builds the hash table: about 20 ms on a cold start.
 */
export function rankTablePartsFrom(data: Uint8Array): RankTableParts {
  const size = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true);
  // Load factor under 0.4: short probe runs, for the misses of the merge loop above all.
  let capacity = 1;
  while (capacity < size * 2.5) capacity <<= 1;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity);
  const offsets = new Int32Array(size + 1);
  const kinds = new Uint8Array(size);
  // One flat loop (offsets, kinds, hash, insert): it runs once, so it is written for a cold start.
  let from = 4 + size;
  for (let r = 0; r < size; r++) {
    const meta = data[4 + r]!;
    const end = from + (meta & 0x7f) + 1;
    offsets[r] = from;
    if (meta & 0x80) kinds[r] = isValidUtf8(data, from, end) ? RAW_VALID : RAW;
    let h = 0x811c9dc5;
    for (let i = from; i < end; i++) h = Math.imul(h ^ data[i]!, 0x01000193);
    let s = h & mask;
    while (slots[s] !== 0) s = (s + 1) & mask;
    slots[s] = r + 1;
    from = end;
  }
  offsets[size] = from;
  if (from !== data.length) throw new Error(`rank table: ${data.length} bytes where the layout says ${from}`);
  return { size, data, offsets, kinds, slots };
}

/** The table of a vocabulary laid out as `O200K_TABLE` is (see {@link rankTablePartsFrom}). */
export function rankTableFrom(data: Uint8Array): RankTable {
  return rankTableOver(rankTablePartsFrom(data));
}

const IMAGE_HEADER = 16;

/**
 * The parts as one buffer, to be read back by {@link rankTableFromImage} with no loop at all: a
 * 16-byte header (size, slot count; little-endian), the slots, the offsets, the kinds, then the
 * token bytes (offsets count from the start of the image).
 */
export function rankTableImage(parts: RankTableParts): Uint8Array {
  const { size, data, offsets, kinds, slots } = parts;
  const first = offsets[0]!;
  const bytesAt = IMAGE_HEADER + slots.length * 4 + (size + 1) * 4 + size;
  const image = new Uint8Array(bytesAt + (offsets[size]! - first));
  const header = new DataView(image.buffer);
  header.setUint32(0, size, true);
  header.setUint32(4, slots.length, true);
  const view = new DataView(image.buffer);
  slots.forEach((v, i) => view.setInt32(IMAGE_HEADER + i * 4, v, true));
  offsets.forEach((v, i) => view.setInt32(IMAGE_HEADER + slots.length * 4 + i * 4, v - first + bytesAt, true));
  image.set(kinds, IMAGE_HEADER + slots.length * 4 + (size + 1) * 4);
  image.set(data.subarray(first, offsets[size]), bytesAt);
  return image;
}

/** Whether typed arrays are little-endian here (an image is read in place only then). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The table of an image made by {@link rankTableImage}, read in place (views, no copy, no loop). */
export function rankTableFromImage(image: Uint8Array): RankTable {
  if (!LITTLE_ENDIAN) throw new Error('rank table: images are read in place on little-endian machines only');
  // Int32Array views need a 4-byte aligned start.
  const bytes = image.byteOffset % 4 === 0 ? image : image.slice();
  const header = new DataView(bytes.buffer, bytes.byteOffset, IMAGE_HEADER);
  const size = header.getUint32(0, true);
  const capacity = header.getUint32(4, true);
  const slotsAt = bytes.byteOffset + IMAGE_HEADER;
  const offsetsAt = slotsAt + capacity * 4;
  const kindsAt = offsetsAt + (size + 1) * 4;
  const offsets = new Int32Array(bytes.buffer, offsetsAt, size + 1);
  if (offsets[size] !== bytes.length) throw new Error(`rank table: an image of ${bytes.length} bytes where its offsets say ${offsets[size]}`);
  return rankTableOver({
    size,
    data: bytes,
    offsets,
    kinds: new Uint8Array(bytes.buffer, kindsAt, size),
    slots: new Int32Array(bytes.buffer, slotsAt, capacity),
  });
}

/** The lookups over the parts (see the module comment for what they answer). */
export function rankTableOver(parts: RankTableParts): RankTable {
  const { size, data, offsets, kinds, slots } = parts;
  const mask = slots.length - 1;

  /** The token whose bytes are exactly `key[start, end)`, or -1. */
  function find(key: Uint8Array, start: number, end: number): number {
    const length = end - start;
    let s = hashOf(key, start, end) & mask;
    for (let slot = slots[s]!; slot !== 0; s = (s + 1) & mask, slot = slots[s]!) {
      const r = slot - 1;
      const from = offsets[r]!;
      if (offsets[r + 1]! - from !== length) continue;
      let i = 0;
      while (i < length && data[from + i] === key[start + i]) i++;
      if (i === length) return r;
    }
    return -1;
  }

  function textRank(key: Uint8Array, start: number, end: number): number {
    const r = find(key, start, end);
    return r >= 0 && kinds[r] === TEXT ? r : -1;
  }

  function rank(key: Uint8Array, start: number, end: number): number {
    const r = find(key, start, end);
    if (r >= 0 && kinds[r] !== RAW_VALID) return r;
    // Valid UTF-8 after a byte order mark: found as the text after the mark (module comment).
    if (end - start > 3 && key[start] === 0xef && key[start + 1] === 0xbb && key[start + 2] === 0xbf && isValidUtf8(key, start + 3, end))
      return textRank(key, start + 3, end);
    return -1;
  }

  return {
    size,
    rank,
    textRank,
    bytes: (r) => data.subarray(offsets[r]!, offsets[r + 1]!),
    isRaw: (r) => kinds[r] !== TEXT,
  };
}
