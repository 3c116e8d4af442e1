import { z } from 'zod';
import { BRANCH_MISMATCH } from '../errors/format-zod-error.ts';

/**
 * The catch-all branch of an open union: an object whose `key` (`type`, `id`) is a string other
 * than the `known` values, every other member accepted as sent. Used where the spec names many
 * kinds but shows the shape of only a few (spec 2.3 items, 2.4.1 tools): the known kinds are
 * checked, the rest pass "loosely by type".
 *
 * When the value carries a known kind, this branch flags itself with {@link BRANCH_MISMATCH} so
 * error messages report the known branch's rule (e.g. a function tool without `name`), not this one.
 *
 * @example
 * const ToolSchema = z.union([FunctionToolSchema, otherKindSchema('type', ['function'])]);
 */
export function otherKindSchema<const K extends string>(key: K, known: readonly string[], options: { required?: boolean } = {}) {
  const required = options.required ?? true;
  const tag = z.unknown().superRefine((value, ctx) => {
    if (typeof value === 'string') {
      if (known.includes(value)) ctx.addIssue({ code: 'custom', message: 'is a known kind', params: { [BRANCH_MISMATCH]: true }, continue: false });
      return;
    }
    if (value === undefined && !required) {
      // The kind is optional on the known branch (an easy input message may omit `type`): that branch applies.
      ctx.addIssue({ code: 'custom', message: 'is missing', params: { [BRANCH_MISMATCH]: true }, continue: false });
      return;
    }
    ctx.addIssue({ code: 'custom', message: value === undefined ? 'required (expected string)' : 'expected string', continue: false });
  });
  // Issues abort (`continue: false`): zod's union returns the one non-aborted branch directly, and
  // this branch must never be that one when the value belongs to a known kind.
  // Typed per key, so the branch infers as `{ type: string; [other: string]: unknown }`, not as a
  // record of strings.
  return z.looseObject({ [key]: tag as z.ZodType<string> } as Record<K, z.ZodType<string>>);
}
