import type { Check } from './check.ts';

/**
 * Does `selector` pick the check `id`? Exact id, or a group prefix on a segment boundary
 * (`stream` and `stream.` both pick `stream.grammar`; `auth.missing-key` picks only itself).
 *
 * @example
 * selects('stream.', 'stream.grammar'); // true
 * selects('auth.missing', 'auth.missing-key'); // false
 */
export function selects(selector: string, id: string): boolean {
  const s = selector.trim();
  if (s === '') return false;
  if (s === id) return true;
  if (s.endsWith('*')) return id.startsWith(s.slice(0, -1));
  return id.startsWith(s.endsWith('.') ? s : `${s}.`);
}

/**
 * The checks to run, in registry order: those picked by `only` (all when empty), minus those picked by `skip`.
 *
 * @example
 * selectChecks(ALL_CHECKS, { only: ['stream.'], skip: ['stream.chunking'] });
 */
export function selectChecks(checks: readonly Check[], options: { only?: readonly string[]; skip?: readonly string[] }): Check[] {
  const only = options.only ?? [];
  const skip = options.skip ?? [];
  return checks.filter((c) => (only.length === 0 || only.some((s) => selects(s, c.id))) && !skip.some((s) => selects(s, c.id)));
}
