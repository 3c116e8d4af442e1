import type { z } from 'zod';

/** Issue params a schema sets to say "this union branch does not apply to the value" (see {@link formatZodError}). */
export const BRANCH_MISMATCH = 'gatewaykitBranchMismatch';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * `metadata.foo` / `input[2].content` / `metadata["a[b"]` / `(root)`. Keys that are not plain
 * identifiers are quoted so a message about a key with brackets stays readable.
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (typeof seg === 'string' && IDENTIFIER.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out || '(root)';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return `integer ${value}`;
  if (typeof value === 'number') return `number ${value}`;
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  return typeof value;
}

function sizeOf(input: unknown): number | undefined {
  if (typeof input === 'string' || Array.isArray(input)) return input.length;
  if (input instanceof Set || input instanceof Map) return input.size;
  return undefined;
}

const UNIT: Record<string, string> = { string: 'characters', array: 'items', set: 'items', file: 'bytes' };

/**
 * Error map for zod parses of request bodies: short messages that state the rule and what was
 * received (`at most 256 characters (got 257)`, `expected integer, got number 1.5`). Schema-level
 * messages (`{ error }` on a schema) take precedence over it.
 *
 * @example
 * RequestSchema.safeParse(body, { error: gatewayZodErrorMap });
 */
export const gatewayZodErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `required (expected ${issue.expected})`;
      const expected = issue.expected === 'int' ? 'integer' : issue.expected;
      return `expected ${expected}, got ${describe(issue.input)}`;
    }
    case 'too_big': {
      const unit = UNIT[issue.origin];
      const got = sizeOf(issue.input);
      if (unit) return `at most ${String(issue.maximum)} ${unit}${got !== undefined ? ` (got ${got})` : ''}`;
      const op = issue.inclusive === false ? '<' : '<=';
      return `must be ${op} ${String(issue.maximum)}${typeof issue.input === 'number' ? ` (got ${issue.input})` : ''}`;
    }
    case 'too_small': {
      const unit = UNIT[issue.origin];
      const got = sizeOf(issue.input);
      if (unit) return `at least ${String(issue.minimum)} ${unit}${got !== undefined ? ` (got ${got})` : ''}`;
      const op = issue.inclusive === false ? '>' : '>=';
      return `must be ${op} ${String(issue.minimum)}${typeof issue.input === 'number' ? ` (got ${issue.input})` : ''}`;
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v));
      if (issue.input === undefined) return values.length === 1 ? `required (must be ${values[0]})` : `required (one of ${values.join(', ')})`;
      const got = issue.input === undefined ? '' : ` (got ${describe(issue.input)})`;
      return values.length === 1 ? `must be ${values[0]}${got}` : `must be one of ${values.join(', ')}${got}`;
    }
    case 'unrecognized_keys':
      return 'unknown property';
    case 'invalid_union': {
      // Every branch rejected the value's type outright: say which types would do.
      const expected = issue.errors.map((branch) =>
        branch.length === 1 && branch[0]?.code === 'invalid_type' && branch[0].path.length === 0 ? branch[0].expected : undefined,
      );
      if (issue.errors.length > 0 && expected.every((e) => e !== undefined)) {
        return `expected ${[...new Set(expected)].join(' or ')}, got ${describe(issue.input)}`;
      }
      return undefined;
    }
    default:
      return undefined;
  }
};

interface FlatIssue {
  path: PropertyKey[];
  message: string;
}

const DISCRIMINATOR_KEYS = new Set<PropertyKey>(['type', 'id']);

/**
 * Whether a union branch's issue says "the value is not of this branch's kind": flagged by
 * {@link BRANCH_MISMATCH}, the value is not even the branch's type (a string given to an array
 * branch), or its `type`/`id` discriminator is a different literal.
 */
function isBranchMismatch(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'custom') return (issue.params as Record<string, unknown> | undefined)?.[BRANCH_MISMATCH] === true;
  if (issue.code === 'invalid_type') return issue.path.length === 0;
  if (issue.code === 'invalid_value') return issue.path.length === 1 && DISCRIMINATOR_KEYS.has(issue.path[0] as PropertyKey);
  return false;
}

/**
 * Flatten zod issues into path + message pairs:
 * - `unrecognized_keys` names each key in the path (`provider.foo: unknown property ...`);
 * - `invalid_key` (a record key broke a rule) reports the key's own rule;
 * - `invalid_union` reports the branch that applies to the value: branches that flagged the value
 *   with {@link BRANCH_MISMATCH} (e.g. "this is not a function tool") are dropped, then the branch
 *   with the fewest issues wins. Without this, a bad function tool would read "invalid input".
 */
function flatten(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]): FlatIssue[] {
  const out: FlatIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: [...path, key], message: issue.message });
    } else if (issue.code === 'invalid_key') {
      const nested = flatten(issue.issues, path);
      out.push(...(nested.length > 0 ? nested.map((n) => ({ path, message: `key ${n.message}` })) : [{ path, message: issue.message }]));
    } else if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const applicable = issue.errors.filter((branch) => !branch.some(isBranchMismatch));
      if (applicable.length === 0) out.push({ path, message: issue.message });
      else {
        const best = applicable.reduce((a, b) => (b.length < a.length ? b : a));
        out.push(...flatten(best, path));
      }
    } else {
      out.push({ path, message: issue.message });
    }
  }
  return out;
}

/**
 * One line per issue, each naming the field path and the rule broken, e.g.
 * `metadata: at most 16 pairs (got 17)`. The first issue leads; the rest follow after "; ".
 *
 * @example
 * const r = schema.safeParse(body, { error: gatewayZodErrorMap });
 * if (!r.success) throw new GatewayError(400, formatZodError(r.error));
 */
export function formatZodError(error: z.ZodError, maxIssues = 5): string {
  const flat = flatten(error.issues, []);
  const parts = flat.slice(0, maxIssues).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  const more = flat.length - maxIssues;
  return parts.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
