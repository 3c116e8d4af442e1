/**
 * Whether a model id matches an `allowed_models` pattern (spec 2.5): `*` matches any run of
 * characters, so `anthropic/*` matches every Anthropic model; without `*` the id must be equal.
 * Case-insensitive.
 *
 * @example
 * modelMatches('anthropic/claude-sonnet-4.5', 'anthropic/*'); // true
 */
export function modelMatches(id: string, pattern: string): boolean {
  const re = new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');
  return re.test(id);
}

/** Whether `id` matches any of `patterns`. */
export function modelMatchesAny(id: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => modelMatches(id, p));
}
