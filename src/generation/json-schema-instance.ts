import type { SeededRandom } from '../random/seeded-random.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;
const WORDS = ['alpha', 'river', 'maple', 'harbor', 'lantern', 'meadow', 'copper', 'summit', 'orchid', 'velvet', 'Paris', 'Lisbon', 'Kyoto'];

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Resolve a local `$ref` (`#/$defs/x`, `#/definitions/x`, `#`) against the root schema. */
function resolveRef(ref: string, root: unknown): unknown {
  if (!ref.startsWith('#')) return {};
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(node)) return {};
    node = node[key];
  }
  return node ?? {};
}

function formatString(format: string, rng: SeededRandom): string | undefined {
  switch (format) {
    case 'date-time':
      return new Date(Date.UTC(2026, rng.int(0, 11), rng.int(1, 28), rng.int(0, 23), rng.int(0, 59), rng.int(0, 59))).toISOString().replace('.000Z', 'Z');
    case 'date':
      return new Date(Date.UTC(2026, rng.int(0, 11), rng.int(1, 28))).toISOString().slice(0, 10);
    case 'time':
      return `${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00Z`;
    case 'email':
      return `${rng.pick(WORDS).toLowerCase()}@example.com`;
    case 'uri':
    case 'url':
    case 'uri-reference':
      return `https://example.com/${rng.pick(WORDS).toLowerCase()}`;
    case 'hostname':
      return `${rng.pick(WORDS).toLowerCase()}.example.com`;
    case 'uuid': {
      const hex = () => rng.int(0, 15).toString(16);
      const part = (n: number) => Array.from({ length: n }, hex).join('');
      return `${part(8)}-${part(4)}-4${part(3)}-${rng.pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
    }
    case 'ipv4':
      return `192.0.2.${rng.int(1, 254)}`;
    case 'ipv6':
      return `2001:db8::${rng.int(1, 0xfffe).toString(16)}`;
    default:
      return undefined;
  }
}

const CITIES = ['Lisbon', 'Kyoto', 'Oslo', 'Porto', 'Montréal', 'São Paulo', 'Nairobi', 'Melbourne'];
const PEOPLE = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Zoë Martin', 'Kenji Sato'];

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

function stringFor(schema: Schema, rng: SeededRandom, name?: string): string {
  const minLength = Math.max(0, Math.floor(num(schema.minLength) ?? 0));
  const maxLength = Math.floor(num(schema.maxLength) ?? Number.POSITIVE_INFINITY);
  let value = (typeof schema.format === 'string' && formatString(schema.format, rng)) || wordFor(name, rng);
  if (maxLength < value.length) value = value.slice(0, Math.max(0, maxLength));
  while (value.length < minLength) value += 'x';
  return value;
}

function numberFor(schema: Schema, rng: SeededRandom, integer: boolean): number {
  let min = num(schema.minimum) ?? Number.NEGATIVE_INFINITY;
  let max = num(schema.maximum) ?? Number.POSITIVE_INFINITY;
  const exMin = num(schema.exclusiveMinimum);
  const exMax = num(schema.exclusiveMaximum);
  if (schema.exclusiveMinimum === true && Number.isFinite(min)) min += integer ? 1 : 1e-6;
  if (schema.exclusiveMaximum === true && Number.isFinite(max)) max -= integer ? 1 : 1e-6;
  if (exMin !== undefined) min = Math.max(min, integer ? Math.floor(exMin) + 1 : exMin + Math.max(1e-6, Math.abs(exMin) * 1e-9));
  if (exMax !== undefined) max = Math.min(max, integer ? Math.ceil(exMax) - 1 : exMax - Math.max(1e-6, Math.abs(exMax) * 1e-9));
  if (integer) {
    min = Math.ceil(min);
    max = Math.floor(max);
  }
  const lo = Number.isFinite(min) ? min : Number.isFinite(max) ? max - 100 : 0;
  const hi = Number.isFinite(max) ? max : lo + 100;
  if (hi < lo) return lo; // contradictory bounds: a safe value rather than a crash
  const multipleOf = num(schema.multipleOf);
  if (multipleOf !== undefined && multipleOf > 0) {
    const first = Math.ceil(lo / multipleOf);
    const last = Math.floor(hi / multipleOf);
    if (last >= first && last - first < 1e9) {
      const k = first + rng.int(0, Math.min(last - first, 100));
      const value = k * multipleOf;
      return integer ? Math.round(value) : value;
    }
  }
  if (integer) return lo + rng.int(0, Math.min(hi - lo, 1000));
  // Two decimals keep numbers readable; clamp in case rounding crossed a bound.
  const value = Math.round((lo + rng.float() * Math.min(hi - lo, 1000)) * 100) / 100;
  return Math.min(hi, Math.max(lo, value));
}

function typeOf(schema: Schema): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) {
    const concrete = t.filter((x): x is string => typeof x === 'string' && x !== 'null');
    return concrete[0] ?? (t.includes('null') ? 'null' : undefined);
  }
  if (isRecord(schema.properties) || Array.isArray(schema.required)) return 'object';
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array';
  if (schema.minLength !== undefined || schema.maxLength !== undefined || schema.format !== undefined) return 'string';
  if (schema.minimum !== undefined || schema.maximum !== undefined) return 'number';
  return undefined;
}

function instance(schema: unknown, rng: SeededRandom, root: unknown, depth: number, name?: string): Json {
  if (schema === true || schema === undefined) return null;
  if (!isRecord(schema) || depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string') return instance(resolveRef(schema.$ref, root), rng, root, depth + 1, name);
  if ('const' in schema) return (schema.const ?? null) as Json;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return rng.pick(schema.enum) as Json;
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    // Merge the branches (common use: extending an object); properties and required lists unite.
    const merged: Schema = { ...schema, allOf: undefined };
    for (const part of schema.allOf) {
      const p = isRecord(part) && typeof part.$ref === 'string' ? resolveRef(part.$ref, root) : part;
      if (!isRecord(p)) continue;
      Object.assign(merged, p, {
        properties: { ...(isRecord(merged.properties) ? merged.properties : {}), ...(isRecord(p.properties) ? p.properties : {}) },
        required: [...(Array.isArray(merged.required) ? merged.required : []), ...(Array.isArray(p.required) ? p.required : [])],
      });
    }
    delete merged.allOf;
    return instance(merged, rng, root, depth + 1, name);
  }
  // oneOf/anyOf: the first branch; a generator cannot prove a value matches exactly one branch,
  // and the first is the one schema authors list as the usual case.
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) return instance({ ...schema, [key]: undefined, ...(branches[0] as Schema) }, rng, root, depth + 1, name);
  }
  if ('default' in schema && schema.default !== undefined) return schema.default as Json;
  switch (typeOf(schema)) {
    case 'object': {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
      const out: Record<string, Json> = {};
      const maxProperties = num(schema.maxProperties) ?? Number.POSITIVE_INFINITY;
      for (const [name, sub] of Object.entries(properties)) {
        if (Object.keys(out).length >= maxProperties && !required.has(name)) continue;
        // Required members always; optional ones about half of the time (seeded).
        if (required.has(name) || rng.int(0, 1) === 1) out[name] = instance(sub, rng, root, depth + 1, name);
      }
      for (const name of required) if (!(name in out)) out[name] = rng.pick(WORDS); // required but undeclared
      let extra = 0;
      while (Object.keys(out).length < (num(schema.minProperties) ?? 0)) {
        const key = `field_${extra++}`;
        out[key] = isRecord(schema.additionalProperties) ? instance(schema.additionalProperties, rng, root, depth + 1) : rng.pick(WORDS);
      }
      return out;
    }
    case 'array': {
      const minItems = Math.max(0, Math.floor(num(schema.minItems) ?? 0));
      const maxItems = Math.floor(num(schema.maxItems) ?? minItems + 3);
      const count = maxItems < minItems ? minItems : rng.int(minItems, Math.min(maxItems, minItems + 3));
      const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
      const items: Json[] = [];
      const seen = new Set<string>();
      // uniqueItems: draw again on a duplicate, a bounded number of times.
      for (let attempt = 0; items.length < count && attempt < count * 4 + 4; attempt++) {
        const i = items.length;
        const item = instance(i < prefix.length ? prefix[i] : schema.items, rng, root, depth + 1);
        const key = JSON.stringify(item);
        if (schema.uniqueItems === true && seen.has(key)) continue;
        seen.add(key);
        items.push(item);
      }
      return items;
    }
    case 'string':
      return stringFor(schema, rng, name);
    case 'integer':
      return numberFor(schema, rng, true);
    case 'number':
      return numberFor(schema, rng, false);
    case 'boolean':
      return rng.int(0, 1) === 1;
    case 'null':
      return null;
    default:
      // No type and nothing to go on: any JSON value satisfies it; a string reads best.
      return Object.keys(schema).length === 0 ? rng.pick(WORDS) : null;
  }
}

/**
 * A JSON value that satisfies `schema` (a function tool's `parameters`, spec 2.4.1). Covers the
 * common keywords: type, properties, required, enum, const, items, prefixItems, minItems/maxItems,
 * uniqueItems, minimum/maximum (and exclusive forms), multipleOf, minLength/maxLength, string
 * formats (date-time, date, time, email, uri, hostname, uuid, ipv4, ipv6), allOf/anyOf/oneOf,
 * local $ref, default. Unknown keywords are ignored; an unusable schema gives a safe value
 * (`{}` at the top, null below) instead of an error.
 *
 * @example
 * jsonSchemaInstance({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, rng);
 * // { city: 'Lisbon' }
 */
export function jsonSchemaInstance(schema: unknown, rng: SeededRandom): Json {
  return instance(schema, rng, schema, 0);
}

/** Function-call `arguments`: always a JSON object text (the top level of tool parameters). */
export function toolArguments(parameters: unknown, rng: SeededRandom): string {
  const value = parameters === undefined || parameters === null ? {} : jsonSchemaInstance(parameters, rng);
  return JSON.stringify(isRecord(value) ? value : {});
}
