import { GatewayError } from '../errors/gateway-error.ts';
import type { SeededRandom } from '../random/seeded-random.ts';
import { formatString } from './format-string.ts';
import { patternString } from './pattern-string.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;
/** A parsed pattern generator (opaque here; src/generation/pattern-string.ts). */
type RandExpLike = object;

/**
 * What one generated instance may cost. A schema is a small text that can ask for a huge value
 * (`minLength: 1e9`, `minItems: 1e9`, 40 required members that each `$ref` the root): generation
 * stops at these bounds with an error naming the schema path, in time proportional to the bounds,
 * never to what the schema asks for.
 */
export interface InstanceBudget {
  /** Values (objects, arrays, strings, numbers, ...) in the instance. */
  maxNodes: number;
  /** Characters of all strings together (keys included). */
  maxChars: number;
  /** Nesting of the instance. */
  maxDepth: number;
  /** Work in all, failed `anyOf`/`oneOf` branches included. */
  maxSteps: number;
}

/** 10,000 values, 1 MiB of text, 64 levels, 30,000 steps (about 3 per value): far beyond any real tool or response schema. */
export const DEFAULT_INSTANCE_BUDGET: Readonly<InstanceBudget> = Object.freeze({ maxNodes: 10_000, maxChars: 1 << 20, maxDepth: 64, maxSteps: 30_000 });

/** A generated instance, or the schema path and reason it could not be generated within the budget. */
export type InstanceResult = { ok: true; value: Json } | { ok: false; path: string; reason: string };

/** Depth past which only what the schema requires is generated (optional members and extra items are left out). */
const SOFT_DEPTH = 12;
/** Times one `$ref` may be open in the current path before its subtree is generated minimally. */
const SOFT_REF_REPEATS = 2;

const WORDS = ['alpha', 'river', 'maple', 'harbor', 'lantern', 'meadow', 'copper', 'summit', 'orchid', 'velvet', 'Paris', 'Lisbon', 'Kyoto'];
const CITIES = ['Lisbon', 'Kyoto', 'Oslo', 'Porto', 'Montréal', 'São Paulo', 'Nairobi', 'Melbourne'];
const PEOPLE = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Zoë Martin', 'Kenji Sato'];

/** Internal unwinding of a budget failure; turned into an {@link InstanceResult} at the boundary. */
class OverBudget {
  /** The schema path where it failed, copied only when this failure is kept (the walk's path is still there while unwinding). */
  segments: readonly string[] | undefined;
  constructor(
    readonly reason: string,
    /** Failed for depth alone: the same subschema fails again at this depth or deeper. */
    readonly tooDeep = false,
  ) {}
}

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Resolve a local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`, any JSON pointer; `#name` anchors) against the root. */
function resolveRef(ref: string, root: unknown): unknown {
  if (!ref.startsWith('#')) return {};
  if (ref.length > 1 && ref[1] !== '/') return findAnchor(root, ref.slice(1)) ?? {};
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/')) {
    if (raw === '') continue;
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node)) node = node[key];
    else return {};
  }
  return node ?? {};
}

/** The subschema with `$anchor: name` under `$defs`/`definitions` (where anchors live in practice). */
function findAnchor(root: unknown, name: string): unknown {
  if (!isRecord(root)) return undefined;
  for (const key of ['$defs', 'definitions']) {
    const defs = root[key];
    if (!isRecord(defs)) continue;
    for (const sub of Object.values(defs)) if (isRecord(sub) && sub.$anchor === name) return sub;
  }
  return undefined;
}

/** A plausible word for a property name (city -> a city), else a plain word. */
function wordFor(name: string | undefined, rng: SeededRandom): string {
  const n = (name ?? '').toLowerCase();
  if (/city|location|place|destination|town/.test(n)) return rng.pick(CITIES);
  if (/country/.test(n)) return rng.pick(['Portugal', 'Japan', 'Norway', 'Kenya', 'Brazil']);
  if (/(^|_)name$|author|user|person/.test(n)) return rng.pick(PEOPLE);
  if (/lang/.test(n)) return rng.pick(['en', 'fr', 'pt', 'ja']);
  if (/query|search|topic|keyword|^q$/.test(n)) return rng.pick(['best coffee nearby', 'weekend weather', 'train times', 'pasta recipe']);
  return rng.pick(WORDS);
}

/**
 * Where in `[lo, hi]` a model's number would fall: 0 to 100 (18 to 90 for an `age`) where the
 * bounds allow, else the middle of a narrow range, else the end nearest zero. A zod `int()`
 * becomes bounds of +-2^53: drawing from those gave ages like -9007199254740628.
 */
function plausibleWindow(lo: number, hi: number, name: string | undefined): [number, number] {
  const wish: [number, number] = /(^|_)age$/i.test(name ?? '') ? [18, 90] : [0, 100];
  const a = Math.max(lo, wish[0]);
  const b = Math.min(hi, wish[1]);
  if (a <= b) return [a, b];
  if (hi - lo <= 1000) {
    const mid = lo + (hi - lo) / 2;
    return [Math.max(lo, mid - (hi - lo) / 4), Math.min(hi, mid + (hi - lo) / 4)];
  }
  return lo > wish[1] ? [lo, Math.min(hi, lo + 100)] : [Math.max(lo, hi - 100), hi];
}

function numberFor(schema: Schema, rng: SeededRandom, integer: boolean, name?: string): number {
  let min = num(schema.minimum) ?? Number.NEGATIVE_INFINITY;
  let max = num(schema.maximum) ?? Number.POSITIVE_INFINITY;
  const exMin = num(schema.exclusiveMinimum);
  const exMax = num(schema.exclusiveMaximum);
  if (schema.exclusiveMinimum === true && Number.isFinite(min)) min += integer ? 1 : 1e-6;
  if (schema.exclusiveMaximum === true && Number.isFinite(max)) max -= integer ? 1 : 1e-6;
  if (exMin !== undefined) min = Math.max(min, integer ? Math.floor(exMin) + 1 : exMin + Math.max(1e-6, Math.abs(exMin) * 1e-9));
  if (exMax !== undefined) max = Math.min(max, integer ? Math.ceil(exMax) - 1 : exMax - Math.max(1e-6, Math.abs(exMax) * 1e-9));
  if (integer) {
    // Integers past 2^53 are not exact in JSON numbers (validators such as zod refuse them).
    min = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    max = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
  }
  if (max < min) return Number.isFinite(min) ? min : 0; // contradictory bounds: a safe value rather than a crash
  const [lo, hi] = plausibleWindow(min, max, name);
  const multipleOf = num(schema.multipleOf);
  if (multipleOf !== undefined && multipleOf > 0) {
    // A multiple inside the plausible window, else anywhere inside the bounds.
    for (const [a, b] of [
      [lo, hi],
      [min, max],
    ] as const) {
      const from = Number.isFinite(a) ? a : Number.isFinite(b) ? b - 100 * multipleOf : 0;
      const to = Number.isFinite(b) ? b : from + 100 * multipleOf;
      const first = Math.ceil(from / multipleOf);
      const last = Math.floor(to / multipleOf);
      if (last >= first && last - first < 1e9) {
        const k = first + rng.int(0, Math.min(last - first, 100));
        const value = k * multipleOf;
        return integer ? Math.round(value) : value;
      }
    }
  }
  if (integer) {
    const a = Math.ceil(lo);
    const b = Math.floor(hi);
    return b >= a ? a + rng.int(0, Math.min(b - a, 1000)) : min;
  }
  // Two decimals keep numbers readable; clamp in case rounding crossed a bound.
  const value = Math.round((lo + rng.float() * Math.min(hi - lo, 1000)) * 100) / 100;
  return Math.min(max, Math.max(min, value));
}

function typeOf(schema: Schema): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) {
    const concrete = t.filter((x): x is string => typeof x === 'string' && x !== 'null');
    return concrete[0] ?? (t.includes('null') ? 'null' : undefined);
  }
  if (isRecord(schema.properties) || Array.isArray(schema.required) || schema.minProperties !== undefined || isRecord(schema.patternProperties))
    return 'object';
  if (schema.items !== undefined || schema.prefixItems !== undefined || schema.minItems !== undefined || schema.contains !== undefined) return 'array';
  if (schema.minLength !== undefined || schema.maxLength !== undefined || schema.format !== undefined || typeof schema.pattern === 'string') return 'string';
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined) return 'number';
  return undefined;
}

const stricterMin = (a: unknown, b: unknown) => (num(a) === undefined ? b : num(b) === undefined ? a : Math.max(a as number, b as number));
const stricterMax = (a: unknown, b: unknown) => (num(a) === undefined ? b : num(b) === undefined ? a : Math.min(a as number, b as number));

/** Two schemas as one (allOf): members and required lists unite, bounds take the stricter side, enums intersect. */
function mergeSchemas(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (isRecord(a.properties) || isRecord(b.properties))
    out.properties = { ...(isRecord(a.properties) ? a.properties : {}), ...(isRecord(b.properties) ? b.properties : {}) };
  if (Array.isArray(a.required) || Array.isArray(b.required))
    out.required = [...(Array.isArray(a.required) ? a.required : []), ...(Array.isArray(b.required) ? b.required : [])];
  for (const key of ['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum', 'minContains'])
    if (key in a || key in b) out[key] = stricterMin(a[key], b[key]);
  for (const key of ['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum', 'maxContains'])
    if (key in a || key in b) out[key] = stricterMax(a[key], b[key]);
  if (Array.isArray(a.enum) && Array.isArray(b.enum)) {
    const keys = new Set(b.enum.map((v) => JSON.stringify(v)));
    const both = a.enum.filter((v) => keys.has(JSON.stringify(v)));
    out.enum = both.length > 0 ? both : a.enum;
  }
  if (a.type !== undefined && b.type !== undefined) {
    const list = (t: unknown) => (Array.isArray(t) ? t : [t]);
    const shared = list(a.type).filter((t) => list(b.type).includes(t) || (t === 'integer' && list(b.type).includes('number')));
    out.type = shared.length > 0 ? shared : a.type;
  }
  return out;
}

/**
 * The generator's state for one instance: budget counters, the schema path, and the open `$ref`s.
 * The path and the ref stack are pushed and popped around each subschema without try/finally (a
 * failure unwinds past them); whoever catches a failure restores them ({@link Walk.mark}).
 */
class Walk {
  nodes = 0;
  chars = 0;
  steps = 0;
  readonly path: string[] = [];
  readonly refs: string[] = [];
  /** Each `pattern` parsed once. */
  readonly patterns = new Map<string, ReturnType<typeof patternString> | RandExpLike>();
  /** Each `$ref` resolved once. */
  readonly resolved = new Map<string, unknown>();
  /**
   * Subschemas known to need more depth than is left: the shallowest depth each failed at. A
   * recursive schema with many branches would otherwise retry the same dead end exponentially often.
   */
  readonly deadAt = new Map<object, number>();
  constructor(
    readonly root: unknown,
    readonly rng: SeededRandom,
    readonly budget: InstanceBudget,
  ) {}

  fail(reason: string, keyword?: string): never {
    if (keyword !== undefined) this.path.push(keyword);
    throw new OverBudget(reason);
  }

  tooDeep(): never {
    throw new OverBudget(`the instance would nest deeper than ${this.budget.maxDepth} levels (a recursive schema whose recursion is required)`, true);
  }

  step(): void {
    if (++this.steps > this.budget.maxSteps) this.fail(`the schema takes more than ${this.budget.maxSteps} steps to satisfy (the generation budget)`);
  }

  node(): void {
    if (++this.nodes > this.budget.maxNodes) this.fail(`the instance would have more than ${this.budget.maxNodes} values (the generation budget)`);
  }

  text(length: number, keyword: string): void {
    if (this.chars + length > this.budget.maxChars)
      this.fail(`needs more than ${this.budget.maxChars} characters of text in all (the generation budget)`, keyword);
    this.chars += length;
  }

  /** The state to return to when a branch fails. */
  mark(): { nodes: number; chars: number; path: number; refs: number } {
    return { nodes: this.nodes, chars: this.chars, path: this.path.length, refs: this.refs.length };
  }

  restore(m: { nodes: number; chars: number; path: number; refs: number }): void {
    this.nodes = m.nodes;
    this.chars = m.chars;
    this.path.length = m.path;
    this.refs.length = m.refs;
  }
}

/** Generate `schema` under the schema path segments `a` (and `b`). */
function sub(w: Walk, a: string, b: string | undefined, schema: unknown, depth: number, lean: boolean, name?: string): Json {
  const at = w.path.length;
  w.path.push(a);
  if (b !== undefined) w.path.push(b);
  const key = typeof schema === 'object' && schema !== null ? schema : undefined;
  if (key) {
    const dead = w.deadAt.get(key);
    if (dead !== undefined && depth >= dead) w.tooDeep();
  }
  let value: Json;
  try {
    value = instance(w, schema, depth, lean, name);
  } catch (error) {
    if (key && error instanceof OverBudget && error.tooDeep) w.deadAt.set(key, Math.min(depth, w.deadAt.get(key) ?? depth));
    throw error;
  }
  w.path.length = at;
  return value;
}

/** A schema path as people write it: `properties.a.items`, `$defs.node` (long paths keep both ends). */
function schemaPath(segments: readonly string[]): string {
  const shown = segments.length > 24 ? [...segments.slice(0, 8), `…(${segments.length - 16} more)…`, ...segments.slice(-8)] : segments;
  let out = '';
  for (const s of shown) {
    if (/^\d+$/.test(s)) out += `[${s}]`;
    else out += (out === '' ? '' : '.') + (/^[A-Za-z_$][\w$-]*$/.test(s) || s.startsWith('…') ? s : JSON.stringify(s));
  }
  return out;
}

function instance(w: Walk, schema: unknown, depth: number, minimal: boolean, name?: string): Json {
  w.step();
  if (schema === true || schema === undefined) return null;
  if (!isRecord(schema)) return null;
  if (depth > w.budget.maxDepth) w.tooDeep();
  const lean = minimal || depth > SOFT_DEPTH;
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    let open = 0;
    for (const r of w.refs) if (r === ref) open++;
    let target = w.resolved.get(ref);
    if (target === undefined) w.resolved.set(ref, (target = resolveRef(ref, w.root)));
    // Keywords beside $ref apply too (draft 2019-09+): merged over the target.
    let merged = target;
    if (isRecord(target) && Object.keys(schema).length > 1) {
      const rest = { ...schema };
      delete rest.$ref;
      merged = mergeSchemas(target, rest);
    }
    w.refs.push(ref);
    const value = sub(w, '$ref', undefined, merged, depth + 1, lean || open + 1 >= SOFT_REF_REPEATS, name);
    w.refs.pop();
    return value;
  }
  if ('const' in schema) {
    w.node();
    return (schema.const ?? null) as Json;
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    w.node();
    return w.rng.pick(schema.enum) as Json;
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    let merged: Schema = { ...schema };
    delete merged.allOf;
    schema.allOf.forEach((part, i) => {
      w.step();
      const p = isRecord(part) && typeof part.$ref === 'string' ? resolveRef(part.$ref, w.root) : part;
      if (isRecord(p)) merged = mergeSchemas(merged, p);
      if (isRecord(p) && Array.isArray(p.allOf)) {
        w.path.push('allOf');
        w.fail('allOf nests allOf through $ref: not supported', String(i));
      }
    });
    return sub(w, 'allOf', undefined, merged, depth + 1, lean, name);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) return pickBranch(w, schema, key, branches, depth, lean, name);
  }
  if ('default' in schema && schema.default !== undefined) {
    w.node();
    return schema.default as Json;
  }
  switch (typeOf(schema)) {
    case 'object':
      return objectFor(w, schema, depth, lean);
    case 'array':
      return arrayFor(w, schema, depth, lean);
    case 'string':
      return stringFor(w, schema, name);
    case 'integer':
      w.node();
      return numberFor(schema, w.rng, true, name);
    case 'number':
      w.node();
      return numberFor(schema, w.rng, false, name);
    case 'boolean':
      w.node();
      return w.rng.int(0, 1) === 1;
    case 'null':
      w.node();
      return null;
    default:
      // No type and nothing to go on: any JSON value satisfies it; a string reads best.
      w.node();
      return Object.keys(schema).length === 0 ? w.rng.pick(WORDS) : null;
  }
}

/**
 * oneOf/anyOf: the first branch, as schema authors list the usual case first; a branch that
 * cannot be generated within the budget gives way to the next (a recursive `anyOf: [{$ref: "#"},
 * {type: "null"}]` ends in null). When generating minimally, branches without a `$ref` go first.
 */
function pickBranch(w: Walk, schema: Schema, key: 'oneOf' | 'anyOf', branches: unknown[], depth: number, lean: boolean, name?: string): Json {
  const order = branches.map((_, i) => i);
  if (lean)
    order.sort(
      (a, b) => Number(isRecord(branches[a]) && '$ref' in (branches[a] as Schema)) - Number(isRecord(branches[b]) && '$ref' in (branches[b] as Schema)),
    );
  const base: Schema = { ...schema };
  delete base[key];
  const plain = Object.keys(base).length === 0;
  let failure: OverBudget | undefined;
  const mark = w.mark();
  for (const i of order) {
    const branch = branches[i];
    try {
      return sub(w, key, String(i), isRecord(branch) && !plain ? { ...base, ...branch } : branch, depth + 1, lean, name);
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
      // The deepest catcher copies the path; the error keeps that copy on its way up.
      error.segments ??= w.path.slice();
      failure ??= error;
      w.restore(mark);
      if (w.steps >= w.budget.maxSteps) throw failure;
    }
  }
  throw failure as OverBudget;
}

function objectFor(w: Walk, schema: Schema, depth: number, lean: boolean): Json {
  w.node();
  const { rng } = w;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const minProperties = Math.max(0, Math.floor(num(schema.minProperties) ?? 0));
  if (minProperties > w.budget.maxNodes - w.nodes)
    w.fail(`minProperties ${minProperties} is more than the generation budget allows (${w.budget.maxNodes} values)`, 'minProperties');
  if (required.size > w.budget.maxNodes - w.nodes)
    w.fail(`${required.size} required members are more than the generation budget allows (${w.budget.maxNodes} values)`, 'required');
  const out: Record<string, Json> = {};
  let count = 0;
  // Own members only: a schema may require `__proto__`, `constructor` or `toString`, and an
  // assignment (or an `in` test) would reach Object.prototype instead of the member.
  const has = (key: string) => Object.hasOwn(out, key);
  const put = (key: string, value: Json) => {
    if (!has(key)) count++;
    w.text(key.length, 'properties');
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  };
  const maxProperties = num(schema.maxProperties) ?? Number.POSITIVE_INFINITY;
  for (const key in properties) {
    w.step();
    if (count >= maxProperties && !required.has(key)) continue;
    // Required members always; optional ones about half of the time (seeded), none when lean.
    if (required.has(key) || (!lean && rng.int(0, 1) === 1)) put(key, sub(w, 'properties', key, properties[key], depth + 1, lean, key));
  }
  const additional = schema.additionalProperties;
  const patterns = isRecord(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
  const extraValue = (key: string): Json => {
    if (isRecord(additional)) return sub(w, 'additionalProperties', undefined, additional, depth + 1, lean, key);
    const first = patterns[0];
    if (first) return sub(w, 'patternProperties', first[0], first[1], depth + 1, lean, key);
    w.node();
    return rng.pick(WORDS);
  };
  for (const key of required) {
    w.step();
    if (!has(key)) put(key, extraValue(key)); // required but undeclared
  }
  // dependentRequired (and draft-7 array `dependencies`): members present bring theirs.
  const dependent = isRecord(schema.dependentRequired) ? schema.dependentRequired : isRecord(schema.dependencies) ? schema.dependencies : {};
  for (const key of Object.keys(out)) {
    const needs = Object.hasOwn(dependent, key) ? dependent[key] : undefined;
    if (!Array.isArray(needs)) continue;
    for (const dep of needs) {
      w.step();
      if (typeof dep === 'string' && !has(dep))
        put(dep, Object.hasOwn(properties, dep) ? sub(w, 'properties', dep, properties[dep], depth + 1, lean, dep) : extraValue(dep));
    }
  }
  if (count < minProperties && additional === false && patterns.length === 0) {
    const declared = Object.keys(properties).filter((k) => !has(k));
    for (const key of declared) {
      if (count >= minProperties) break;
      put(key, sub(w, 'properties', key, properties[key], depth + 1, lean, key));
    }
    if (count < minProperties)
      w.fail(`minProperties ${minProperties} cannot be met: additionalProperties is false and only ${count} members are declared`, 'minProperties');
  }
  let extra = 0;
  while (count < minProperties) {
    w.step();
    const key = patterns.length > 0 && additional !== true && !isRecord(additional) ? patternKey(w, patterns[0]![0], extra) : `field_${extra}`;
    extra++;
    put(key, extraValue(key));
  }
  return out;
}

/** A member name matching a `patternProperties` key (a counter keeps names distinct). */
function patternKey(w: Walk, pattern: string, n: number): string {
  const made = patternString(pattern, w.rng, 1000);
  return made.ok && made.value.length > 0 ? `${made.value}${n === 0 ? '' : n}` : `field_${n}`;
}

function arrayFor(w: Walk, schema: Schema, depth: number, lean: boolean): Json {
  w.node();
  const { rng } = w;
  const minItems = Math.max(0, Math.floor(num(schema.minItems) ?? 0));
  if (minItems > w.budget.maxNodes - w.nodes)
    w.fail(`minItems ${minItems} is more than the generation budget allows (${w.budget.maxNodes} values)`, 'minItems');
  // Draft 4-7 tuples (`items: [...]`) are 2020-12 `prefixItems`.
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const maxItems = Math.floor(num(schema.maxItems) ?? (rest === false ? prefix.length : minItems + 3));
  const count = lean || maxItems < minItems ? minItems : rng.int(minItems, Math.min(maxItems, minItems + 3));
  const contains = schema.contains !== undefined && schema.minContains !== 0 ? schema.contains : undefined;
  const items: Json[] = [];
  const seen = new Set<string>();
  const target = Math.max(count, contains === undefined ? 0 : Math.max(1, Math.floor(num(schema.minContains) ?? 1)));
  // uniqueItems: draw again on a duplicate, a bounded number of times.
  for (let attempt = 0; items.length < target && attempt < target * 4 + 4; attempt++) {
    w.step();
    const i = items.length;
    const containsNeeded = contains !== undefined && i < Math.max(1, Math.floor(num(schema.minContains) ?? 1));
    const item = containsNeeded
      ? sub(w, 'contains', undefined, contains, depth + 1, lean)
      : i < prefix.length
        ? sub(w, 'prefixItems', String(i), prefix[i], depth + 1, lean)
        : sub(w, 'items', undefined, rest, depth + 1, lean);
    if (schema.uniqueItems === true) {
      const key = JSON.stringify(item);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    items.push(item);
  }
  return items;
}

/** Whether a JSON Schema pattern (ECMA-262, unanchored) matches `text`; false when JS cannot read the pattern. */
function patternAccepts(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}

function stringFor(w: Walk, schema: Schema, name?: string): string {
  w.node();
  const minLength = Math.max(0, Math.floor(num(schema.minLength) ?? 0));
  const maxLength = Math.floor(num(schema.maxLength) ?? Number.POSITIVE_INFINITY);
  if (minLength > w.budget.maxChars - w.chars)
    w.fail(`minLength ${minLength} is more than the generation budget allows (${w.budget.maxChars} characters in all)`, 'minLength');
  let value: string | undefined;
  // A known format's value reads as a model would write it (`ada.lovelace@example.com`), where
  // randexp's draw from the format's pattern does not: it goes first when the pattern accepts it.
  const formatted = typeof schema.format === 'string' ? formatString(schema.format, w.rng) : undefined;
  if (
    formatted !== undefined &&
    formatted.length >= minLength &&
    formatted.length <= maxLength &&
    (typeof schema.pattern !== 'string' || patternAccepts(schema.pattern, formatted))
  ) {
    value = formatted;
  } else if (typeof schema.pattern === 'string') {
    // A few draws for one whose length fits; the pattern wins if none does (best effort).
    for (let attempt = 0; attempt < 4; attempt++) {
      const made = patternString(schema.pattern, w.rng, Math.min(100_000, w.budget.maxChars - w.chars), w.patterns as never);
      if (!made.ok) w.fail(`pattern ${made.reason}`, 'pattern');
      value = made.value;
      if (value.length >= minLength && value.length <= maxLength) break;
    }
  }
  if (value === undefined) {
    value = (typeof schema.format === 'string' && formatString(schema.format, w.rng)) || wordFor(name, w.rng);
    if (maxLength < value.length) value = value.slice(0, Math.max(0, maxLength));
    if (value.length < minLength) value += 'x'.repeat(minLength - value.length);
  }
  w.text(value.length, 'minLength');
  return value;
}

/**
 * A JSON value that satisfies `schema` (a function tool's `parameters`, spec 2.4.1; a structured
 * output's schema), within a budget ({@link InstanceBudget}). Covers type (and type lists),
 * properties, required, additionalProperties, patternProperties, dependentRequired,
 * min/maxProperties, enum, const, items, prefixItems (and draft-4 tuples), contains,
 * min/maxItems, uniqueItems, minimum/maximum (and exclusive forms), multipleOf,
 * min/maxLength, pattern (randexp, seeded), formats (date-time, date, time, duration, email,
 * hostname, uri, uri-reference, uri-template, uuid, ipv4, ipv6, json-pointer, regex, byte, ...),
 * allOf (merged), anyOf/oneOf (the first branch that fits the budget), local $ref/$defs/definitions
 * and $anchor with recursion clamped (past a depth or a repeated $ref only required members are
 * generated), default. Unknown keywords are ignored. The same schema and rng give the same value.
 *
 * @example
 * schemaInstance({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, rng);
 * // { ok: true, value: { city: 'Lisbon' } }
 * schemaInstance({ type: 'string', minLength: 1e9 }, rng);
 * // { ok: false, path: 'minLength', reason: 'minLength 1000000000 is more than the generation budget allows (...)' }
 */
export function schemaInstance(schema: unknown, rng: SeededRandom, budget: InstanceBudget = DEFAULT_INSTANCE_BUDGET): InstanceResult {
  const walk = new Walk(schema, rng, budget);
  try {
    return { ok: true, value: instance(walk, schema, 0, false) };
  } catch (error) {
    if (error instanceof OverBudget) return { ok: false, path: schemaPath(error.segments ?? walk.path), reason: error.reason };
    throw error;
  }
}

/**
 * {@link schemaInstance}'s value; a schema that cannot be satisfied within the budget is a 422
 * naming `where` and the schema path.
 *
 * @example
 * jsonSchemaInstance({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, rng);
 * // { city: 'Lisbon' }
 */
export function jsonSchemaInstance(schema: unknown, rng: SeededRandom, where = 'schema'): Json {
  const result = schemaInstance(schema, rng);
  if (!result.ok) throw new GatewayError(422, `${where}${result.path ? `.${result.path}` : ''}: ${result.reason}`);
  return result.value;
}

/**
 * Function-call `arguments`: always a JSON object text (the top level of tool parameters). A
 * schema that cannot be satisfied within the budget is a 422 naming `where` (e.g. `tools[2].parameters`).
 *
 * @example
 * toolArguments({ type: 'object', properties: { city: { type: 'string' } } }, rng, 'tools[0].parameters');
 */
export function toolArguments(parameters: unknown, rng: SeededRandom, where = 'parameters'): string {
  const value = parameters === undefined || parameters === null ? {} : jsonSchemaInstance(parameters, rng, where);
  return JSON.stringify(isRecord(value) ? value : {});
}
