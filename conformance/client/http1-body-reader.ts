import type { BodyFraming } from './http1-response-head.ts';

/** What feeding bytes to a body reader came to. */
export type BodyProgress = { kind: 'more' } | { kind: 'done'; reusable: boolean } | { kind: 'failed'; error: Error };

const MORE: BodyProgress = { kind: 'more' };
const malformed = (): BodyProgress => ({ kind: 'failed', error: new Error('malformed chunked body') });

/**
 * The body of one response, read by its framing as the socket delivers it: each part of the body
 * goes to `push`. Bytes past the body's end mean the connection cannot carry another request.
 */
export class BodyReader {
  private remaining: number;
  private chunkLeft = 0;
  private chunkState: 'size' | 'data' | 'data-crlf' | 'trailers' = 'size';
  /** An incomplete chunk-size or trailer line, kept until the rest of it arrives. */
  private carry: Buffer | undefined;

  constructor(
    private readonly framing: BodyFraming,
    private readonly push: (part: Uint8Array) => void,
  ) {
    this.remaining = framing.kind === 'length' ? framing.length : 0;
  }

  /** Whether the body ends only when the connection closes. */
  get untilClose(): boolean {
    return this.framing.kind === 'until-close';
  }

  /** Whether the body is already complete before any byte (a length of 0). */
  get empty(): boolean {
    return this.framing.kind === 'length' && this.remaining === 0;
  }

  feed(data: Buffer): BodyProgress {
    if (this.framing.kind === 'until-close') {
      if (data.length > 0) this.push(data);
      return MORE;
    }
    if (this.framing.kind === 'length') return this.feedLength(data);
    const joined = this.carry ? Buffer.concat([this.carry, data]) : data;
    this.carry = undefined;
    return this.feedChunked(joined);
  }

  private feedLength(data: Buffer): BodyProgress {
    const part = data.length > this.remaining ? data.subarray(0, this.remaining) : data;
    if (part.length > 0) this.push(part);
    this.remaining -= part.length;
    return this.remaining === 0 ? { kind: 'done', reusable: data.length === part.length } : MORE;
  }

  private feedChunked(data: Buffer): BodyProgress {
    let at = 0;
    while (at < data.length) {
      if (this.chunkState === 'data') {
        const n = Math.min(this.chunkLeft, data.length - at);
        this.push(data.subarray(at, at + n));
        at += n;
        this.chunkLeft -= n;
        if (this.chunkLeft === 0) this.chunkState = 'data-crlf';
        continue;
      }
      const lineEnd = data.indexOf('\r\n', at);
      if (lineEnd < 0) {
        this.carry = data.subarray(at);
        return MORE;
      }
      const line = data.toString('latin1', at, lineEnd);
      at = lineEnd + 2;
      const step = this.chunkLine(line);
      if (step === 'end') return { kind: 'done', reusable: at >= data.length };
      if (step !== undefined) return step;
    }
    return MORE;
  }

  /** One line of chunked framing: a size, the end of a chunk, or a trailer (an empty one ends the body). */
  private chunkLine(line: string): BodyProgress | 'end' | undefined {
    if (this.chunkState === 'data-crlf') {
      if (line !== '') return malformed();
      this.chunkState = 'size';
      return undefined;
    }
    if (this.chunkState === 'size') {
      const size = parseInt(line.split(';')[0]!.trim(), 16);
      if (!Number.isFinite(size) || size < 0) return malformed();
      if (size === 0) this.chunkState = 'trailers';
      else {
        this.chunkLeft = size;
        this.chunkState = 'data';
      }
      return undefined;
    }
    return line === '' ? 'end' : undefined;
  }
}
