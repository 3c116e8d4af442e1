/** What the target answered to the probe a verdict is about (JSON report, text report on failures). */
export interface Observed {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The first 2 KB of the body as text. */
  readonly bodyExcerpt: string;
  /** The body's full length in bytes. */
  readonly bodyBytes: number;
}
