import type { z } from 'zod';

/** Whether a value passes a schema and comes out of it unchanged. */
export type ScalarRule = (value: unknown) => boolean;

/** A zod check as its definition holds it (zod 4's `_zod.def` of a check). */
interface CheckDef {
  readonly check: string;
  readonly format?: string;
  readonly value?: unknown;
  readonly inclusive?: boolean;
}

/** One check of a number schema as a predicate, or undefined for a check not read here. */
function numberCheck(def: CheckDef): ScalarRule | undefined {
  if (def.check === 'number_format' && def.format === 'safeint') return (v) => Number.isSafeInteger(v);
  if (typeof def.value !== 'number') return undefined;
  const bound = def.value;
  if (def.check === 'greater_than') return def.inclusive ? (v) => (v as number) >= bound : (v) => (v as number) > bound;
  if (def.check === 'less_than') return def.inclusive ? (v) => (v as number) <= bound : (v) => (v as number) < bound;
  return undefined;
}

/** zod's number: finite (zod 4 refuses infinities and NaN), then each of its checks. */
function numberRule(checks: readonly { _zod: { def: CheckDef } }[] | undefined): ScalarRule | undefined {
  const rules = (checks ?? []).map((c) => numberCheck(c._zod.def));
  if (rules.some((r) => r === undefined)) return undefined;
  const all = rules as ScalarRule[];
  return (v) => typeof v === 'number' && Number.isFinite(v) && all.every((r) => r(v));
}

/** A union's known options in zod's order, up to the first one not read here (zod takes the first that passes). */
function unionRule(options: readonly z.ZodType[]): ScalarRule | undefined {
  const rules: ScalarRule[] = [];
  for (const option of options) {
    const rule = scalarRule(option);
    if (rule === undefined) break;
    rules.push(rule);
  }
  return rules.length === 0 ? undefined : (v) => rules.some((r) => r(v));
}

/**
 * The rule a schema states for a scalar JSON value, read from the schema itself (zod 4's
 * definitions): strings and booleans, finite numbers with integer and bound checks, nullable,
 * optional and unions of those. The predicate accepts exactly the values the schema passes
 * unchanged; for any other kind of schema (a transform, a string check, an object) there is no
 * rule here (undefined), and the schema itself must judge. Shortcuts that read a body without the
 * schema (small-body-request.ts) take their rules from here, so the schema stays their one source.
 *
 * @example
 * scalarRule(z.number().int().min(0).nullable())?.(3); // true
 * scalarRule(z.string().email()); // undefined: a check not read here
 */
export function scalarRule(schema: z.ZodType): ScalarRule | undefined {
  const def = schema._zod.def as {
    type: string;
    coerce?: boolean;
    innerType?: z.ZodType;
    options?: readonly z.ZodType[];
    checks?: readonly { _zod: { def: CheckDef } }[];
  };
  // A coercing schema changes what it passes.
  if (def.coerce) return undefined;
  switch (def.type) {
    case 'optional': {
      // `undefined` is no JSON value: a body that holds one is left to the schema.
      const inner = scalarRule(def.innerType as z.ZodType);
      return inner && ((v) => v !== undefined && inner(v));
    }
    case 'nullable': {
      const inner = scalarRule(def.innerType as z.ZodType);
      return inner && ((v) => v === null || inner(v));
    }
    case 'union':
      return unionRule(def.options ?? []);
    case 'string':
      return def.checks?.length ? undefined : (v) => typeof v === 'string';
    case 'boolean':
      return def.checks?.length ? undefined : (v) => typeof v === 'boolean';
    case 'number':
      return numberRule(def.checks);
    default:
      return undefined;
  }
}
