/**
 * The differences between two OpenAPI 3.1 schemas of one message, read the way a client of the
 * reference reads the simulator: member names, `required` lists and enums. Which side may hold
 * more depends on the direction of the message:
 * - an answer (`response`) must carry every member the reference requires, and no enum value the
 *   reference does not list; it may carry more members (clients ignore them);
 * - a request (`request`) must be accepted whenever the reference accepts it: the simulator may
 *   require no member the reference leaves optional, must know every member the reference names,
 *   and must accept every enum value the reference lists.
 */
export type Direction = 'request' | 'response';

type Schema = Record<string, unknown>;
export interface SchemaSide {
  schema: unknown;
  /** `#/components/schemas/...` targets of this side's `$ref`s. */
  components: Record<string, unknown>;
}

/** How deep into nested members the walk goes; past it, members are not compared. */
const MAX_DEPTH = 8;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

function resolve(value: unknown, side: SchemaSide, _seen: Set<string>): Schema | undefined {
  let current = value;
  for (let hops = 0; isSchema(current) && typeof current.$ref === 'string'; hops++) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(current.$ref)?.[1];
    if (!name || hops > 20) return undefined;
    current = side.components[name];
  }
  return isSchema(current) ? current : undefined;
}

/** Every alternative a schema stands for (allOf merged, anyOf/oneOf branches listed, null dropped). */
function branches(value: unknown, side: SchemaSide, seen: Set<string>): Schema[] {
  const schema = resolve(value, side, seen);
  if (!schema) return [];
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return alternatives.flatMap((a) => branches(a, side, seen)).filter((b) => b.type !== 'null');
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.flatMap((a: unknown) => branches(a, side, seen));
    return [mergeObjects([schema, ...parts])];
  }
  return [schema];
}

function mergeObjects(parts: Schema[]): Schema {
  const properties: Schema = {};
  const required = new Set<string>();
  for (const part of parts) {
    Object.assign(properties, isSchema(part.properties) ? part.properties : {});
    for (const name of (part.required as string[] | undefined) ?? []) required.add(name);
  }
  return { type: 'object', properties, required: [...required] };
}

/** The object view of a schema: every member any branch names, and the members every branch requires. */
function objectView(value: unknown, side: SchemaSide, seen: Set<string>): { properties: Schema; required: Set<string> } | undefined {
  const objects = branches(value, side, seen).filter((b) => isSchema(b.properties));
  if (objects.length === 0) return undefined;
  // A member several branches name stands for any of their schemas (the `type` of each kind of annotation).
  const alternatives = new Map<string, unknown[]>();
  for (const o of objects)
    for (const [name, member] of Object.entries(o.properties as Schema)) alternatives.set(name, [...(alternatives.get(name) ?? []), member]);
  const properties: Schema = {};
  for (const [name, members] of alternatives) properties[name] = members.length === 1 ? members[0] : { anyOf: members };
  const requiredBy = objects.map((o) => new Set((o.required as string[] | undefined) ?? []));
  const required = new Set([...requiredBy[0]!].filter((name) => requiredBy.every((r) => r.has(name))));
  return { properties, required };
}

function enumView(value: unknown, side: SchemaSide, seen: Set<string>): Set<unknown> | undefined {
  const values = branches(value, side, seen).flatMap((b) => (Array.isArray(b.enum) ? b.enum : 'const' in b ? [b.const] : [undefined]));
  // A branch without an enum accepts any value: then the whole schema is not an enum.
  if (values.length === 0 || values.includes(undefined)) return undefined;
  return new Set(values.filter((v) => v !== null));
}

function itemsOf(value: unknown, side: SchemaSide, seen: Set<string>): unknown {
  return branches(value, side, seen).find((b) => b.items !== undefined)?.items;
}

function refName(value: unknown): string | undefined {
  return isSchema(value) && typeof value.$ref === 'string' ? value.$ref.split('/').pop() : undefined;
}

/**
 * Every difference between the reference's schema and the simulator's, as `path: what` lines.
 *
 * @example
 * schemaDrift(referenceSide, oursSide, 'response'); // ['.usage.cost_details: member ... required by the reference is missing']
 */
export function schemaDrift(reference: SchemaSide, ours: SchemaSide, direction: Direction): string[] {
  const out: string[] = [];
  const walk = (ref: unknown, own: unknown, path: string, depth: number, seenRef: Set<string>, seenOwn: Set<string>) => {
    if (depth > MAX_DEPTH) return;
    const nextRef = new Set(seenRef);
    const nextOwn = new Set(seenOwn);
    const rName = refName(ref);
    const oName = refName(own);
    // A recursive schema (an item holding items) is compared once, on its first visit.
    if ((rName && seenRef.has(rName)) || (oName && seenOwn.has(oName))) return;
    if (rName) nextRef.add(rName);
    if (oName) nextOwn.add(oName);
    compareEnums(ref, own, path, seenRef, seenOwn);
    compareObjects(ref, own, path, depth, nextRef, nextOwn);
    const refItems = itemsOf(ref, reference, seenRef);
    const ownItems = itemsOf(own, ours, seenOwn);
    if (refItems !== undefined && ownItems !== undefined) walk(refItems, ownItems, `${path}[]`, depth + 1, nextRef, nextOwn);
  };
  const compareEnums = (ref: unknown, own: unknown, path: string, seenRef: Set<string>, seenOwn: Set<string>) => {
    const refEnum = enumView(ref, reference, seenRef);
    const ownEnum = enumView(own, ours, seenOwn);
    if (direction === 'response' && ownEnum) {
      const outside = [...ownEnum].filter((v) => refEnum && !refEnum.has(v));
      if (outside.length > 0) out.push(`${path || '.'}: values outside the reference's enum: ${outside.map((v) => JSON.stringify(v)).join(', ')}`);
    }
    if (direction === 'request' && refEnum && ownEnum) {
      const refused = [...refEnum].filter((v) => !ownEnum.has(v));
      if (refused.length > 0) out.push(`${path || '.'}: reference enum values refused: ${refused.map((v) => JSON.stringify(v)).join(', ')}`);
    }
  };
  const compareObjects = (ref: unknown, own: unknown, path: string, depth: number, seenRef: Set<string>, seenOwn: Set<string>) => {
    const refObject = objectView(ref, reference, seenRef);
    const ownObject = objectView(own, ours, seenOwn);
    if (!refObject || !ownObject) return;
    for (const [name, refMember] of Object.entries(refObject.properties)) {
      const member = `${path}.${name}`;
      const ownMember = ownObject.properties[name];
      if (direction === 'response' && refObject.required.has(name) && !ownObject.required.has(name)) {
        out.push(`${member}: required by the reference, ${ownMember === undefined ? 'missing' : 'optional'} here`);
      }
      if (direction === 'request' && ownMember === undefined) out.push(`${member}: a member of the reference's request not modelled here`);
      if (ownMember !== undefined) walk(refMember, ownMember, member, depth + 1, seenRef, seenOwn);
    }
    if (direction === 'request') {
      for (const name of ownObject.required) if (!refObject.required.has(name)) out.push(`${path}.${name}: required here, optional in the reference`);
    }
  };
  walk(reference.schema, ours.schema, '', 0, new Set(), new Set());
  return [...new Set(out)];
}
