import type { Probe } from './probe.ts';

/** The request got no answer: refused, reset, or no complete answer before `--timeout-ms`. The verdict is `error`. */
export class TransportError extends Error {
  constructor(
    readonly probe: Probe,
    readonly causeText: string,
  ) {
    super(`${probe.method} ${probe.path}: ${causeText}`);
    this.name = 'TransportError';
  }
}

/** A check tried to reach `/videos` without `--include-videos`; the check is skipped. */
export class VideosDisabledError extends Error {
  constructor() {
    super('sends requests to /videos, where a submit costs money on a live gateway; enable with --include-videos');
    this.name = 'VideosDisabledError';
  }
}
