import { utf8ByteLength } from '../bytes/utf8-length.ts';

/**
 * One growing circular buffer that holds the bytes a journal keeps (headers, bodies, answers,
 * stream events) outside the JavaScript heap, addressed by absolute position (bytes written
 * before it). A journal of a thousand entries kept as strings and byte arrays had the garbage
 * collector copy and trace every one of them a few times in its life: with 10 clients that was
 * a fifth of every answer's cost. Here an entry holds a few numbers instead.
 *
 * The owner says where its oldest live byte is (`oldestLive`); a write that would reach it grows
 * the buffer (doubling, up to `maxCapacity`) or, at that size, asks the owner to drop its oldest
 * entry. Bytes are never overwritten while live, and a read of bytes already overwritten (which
 * the owner's bounds keep from happening) answers `undefined` rather than other bytes.
 */
export interface ByteRing {
  /** Absolute position of the next byte written. */
  readonly written: number;
  /** Bytes held now (grows up to the maximum). */
  readonly capacity: number;
  /** Append `bytes`; returns their absolute position. */
  write(bytes: Uint8Array): number;
  /** Append `text` as UTF-8; returns its position and byte length (`utf8Length`: that length, when the caller measured it already). */
  writeText(text: string, utf8Length?: number): { at: number; length: number };
  /** Append a one-byte string's characters as bytes (a text's UTF-8 held so); returns their position and length. */
  writeLatin1(latin1: string): { at: number; length: number };
  /** A copy of the bytes at [at, at + length), or `undefined` once they are overwritten. */
  read(at: number, length: number): Uint8Array | undefined;
  /** The UTF-8 text at [at, at + length), or `undefined` once overwritten. */
  readText(at: number, length: number): string | undefined;
}

export interface ByteRingOptions {
  /** The most bytes the buffer grows to. */
  maxCapacity: number;
  /** Start size (default 64 KiB, or the maximum if smaller). */
  initialCapacity?: number;
  /** Absolute position of the owner's oldest live byte (`written` when nothing is live). */
  oldestLive(): number;
  /** Drop the owner's oldest entry to make room; false when there is none left. */
  dropOldest(): boolean;
}

const utf8 = new TextEncoder();

/** Node's latin1 writer, when there (it takes any Uint8Array as `this`); elsewhere a loop. */
const nodeLatin1Write = (globalThis as { Buffer?: { prototype: { latin1Write?: (text: string, offset: number, length: number) => number } } }).Buffer?.prototype
  .latin1Write;

/** `latin1`'s characters into `target` from `offset` (the caller made room). */
function putLatin1(target: Uint8Array, latin1: string, offset: number): void {
  if (nodeLatin1Write) nodeLatin1Write.call(target, latin1, offset, latin1.length);
  else for (let i = 0; i < latin1.length; i++) target[offset + i] = latin1.charCodeAt(i);
}
const lenient = new TextDecoder('utf-8');

/**
 * Create a ring. Memory is taken as bytes arrive: it starts small and doubles while the live
 * bytes need it.
 *
 * @example
 * const ring = createByteRing({ maxCapacity: 1 << 20, oldestLive: () => ring.written, dropOldest: () => false });
 * const { at, length } = ring.writeText('hello');
 * ring.readText(at, length); // 'hello'
 */
export function createByteRing(options: ByteRingOptions): ByteRing {
  return new Ring(options);
}

/** The ring: its buffer, and the absolute position of the next byte written. */
class Ring implements ByteRing {
  readonly #owner: ByteRingOptions;
  readonly #maxCapacity: number;
  #buffer: Uint8Array;
  #written = 0;

  constructor(options: ByteRingOptions) {
    this.#owner = options;
    this.#maxCapacity = Math.max(1, Math.floor(options.maxCapacity));
    this.#buffer = new Uint8Array(Math.min(this.#maxCapacity, Math.max(1, Math.floor(options.initialCapacity ?? 64 * 1024))));
  }

  get written(): number {
    return this.#written;
  }

  get capacity(): number {
    return this.#buffer.length;
  }

  write(bytes: Uint8Array): number {
    this.#reserve(bytes.byteLength);
    const at = this.#written;
    const buffer = this.#buffer;
    const cap = buffer.length;
    // Longer than the whole buffer (the owner's bounds prevent it): only its tail can be kept.
    let done = Math.max(0, bytes.byteLength - cap);
    while (done < bytes.byteLength) {
      const i = (at + done) % cap;
      const n = Math.min(bytes.byteLength - done, cap - i);
      buffer.set(n === bytes.byteLength ? bytes : bytes.subarray(done, done + n), i);
      done += n;
    }
    this.#written += bytes.byteLength;
    return at;
  }

  writeText(text: string, utf8Length?: number): { at: number; length: number } {
    const length = utf8Length ?? utf8ByteLength(text);
    // As long in UTF-8 as in UTF-16: ASCII, whose bytes are its characters.
    if (length === text.length) return this.writeLatin1(text);
    // Straight into the buffer when it fits before the end; across the end, through a copy.
    const i = this.#roomBeforeEnd(length);
    if (i < 0) return { at: this.write(utf8.encode(text)), length };
    utf8.encodeInto(text, this.#buffer.subarray(i, i + length));
    return this.#advance(length);
  }

  writeLatin1(latin1: string): { at: number; length: number } {
    const length = latin1.length;
    const i = this.#roomBeforeEnd(length);
    if (i >= 0) {
      putLatin1(this.#buffer, latin1, i);
      return this.#advance(length);
    }
    const bytes = new Uint8Array(length);
    putLatin1(bytes, latin1, 0);
    return { at: this.write(bytes), length };
  }

  read(at: number, length: number): Uint8Array | undefined {
    if (!this.#held(at, length)) return undefined;
    const out = new Uint8Array(length);
    this.#copyOut(at, at + length, out, 0);
    return out;
  }

  readText(at: number, length: number): string | undefined {
    if (!this.#held(at, length)) return undefined;
    const cap = this.#buffer.length;
    const i = at % cap;
    if (i + length <= cap) return lenient.decode(this.#buffer.subarray(i, i + length));
    return lenient.decode(this.read(at, length));
  }

  /** Room made for `length` bytes: where they start in the buffer when they fit before its end, else -1. */
  #roomBeforeEnd(length: number): number {
    this.#reserve(length);
    const i = this.#written % this.#buffer.length;
    return i + length <= this.#buffer.length ? i : -1;
  }

  /** `length` bytes written in place at the current position. */
  #advance(length: number): { at: number; length: number } {
    const at = this.#written;
    this.#written += length;
    return { at, length };
  }

  #held(at: number, length: number): boolean {
    return at >= 0 && length >= 0 && at + length <= this.#written && at >= this.#written - this.#buffer.length;
  }

  /** Copy [from, to) (absolute) out of the current buffer into `target` at `offset`. */
  #copyOut(from: number, to: number, target: Uint8Array, offset: number): void {
    const buffer = this.#buffer;
    const cap = buffer.length;
    let at = from;
    while (at < to) {
      const i = at % cap;
      const n = Math.min(to - at, cap - i);
      target.set(buffer.subarray(i, i + n), offset + (at - from));
      at += n;
    }
  }

  /** Make room for `n` more bytes without touching live ones. */
  #reserve(n: number): void {
    while (this.#written + n - Math.min(this.#owner.oldestLive(), this.#written) > this.#buffer.length) {
      if (this.#buffer.length < this.#maxCapacity) this.#grow(Math.min(this.#maxCapacity, Math.max(this.#buffer.length * 2, n)));
      else if (!this.#owner.dropOldest()) break;
    }
  }

  #grow(size: number): void {
    const next = new Uint8Array(size);
    const written = this.#written;
    const from = Math.max(Math.min(this.#owner.oldestLive(), written), written - this.#buffer.length, 0);
    // Live bytes keep their absolute positions: each goes to `position % size` in the new buffer.
    let at = from;
    while (at < written) {
      const i = at % size;
      const n = Math.min(written - at, size - i);
      this.#copyOut(at, at + n, next, i);
      at += n;
    }
    this.#buffer = next;
  }
}
