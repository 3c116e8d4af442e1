/**
 * Where a rule comes from:
 * - `spec`: stated by the Gateway API specification;
 * - `reference`: stated by the reference description the spec defers to where it is silent;
 * - `inferred`: neither states it, but a careful gateway follows it. Reported as advice; it fails
 *   a run only with `--strict`.
 */
export type RuleSource = 'spec' | 'reference' | 'inferred';

/** One rule the suite enforces, in this project's own words. */
export interface Rule {
  /** Stable id, e.g. `limits.session-id`. */
  readonly id: string;
  /** Section of the spec it belongs to, e.g. `2.1, 8`. */
  readonly section: string;
  readonly source: RuleSource;
  /** The rule as a sentence a gateway author can check. */
  readonly text: string;
}

/** A rule the spec states. */
export const spec = (id: string, section: string, text: string): Rule => ({ id, section, source: 'spec', text });
/** A rule the reference states where the spec is silent. */
export const ref = (id: string, section: string, text: string): Rule => ({ id, section, source: 'reference', text });
/** A rule neither states (advice unless `--strict`). */
export const inferred = (id: string, section: string, text: string): Rule => ({ id, section, source: 'inferred', text });
