/** A body as an async iterable fed by the socket; a failure throws from the iteration. */
export class BodyQueue implements AsyncIterable<Uint8Array> {
  private readonly parts: Uint8Array[] = [];
  private done = false;
  private error: unknown;
  private wake: (() => void) | undefined;

  push(part: Uint8Array): void {
    this.parts.push(part);
    this.notify();
  }

  end(error?: unknown): void {
    if (this.done) return;
    this.done = true;
    this.error = error;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    for (;;) {
      if (this.parts.length > 0) {
        const parts = this.parts.splice(0);
        yield parts.length === 1 ? parts[0]! : Buffer.concat(parts);
        continue;
      }
      if (this.done) {
        if (this.error !== undefined) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
