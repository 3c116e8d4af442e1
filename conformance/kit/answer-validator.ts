import type { z } from 'zod';
import { componentSchemas } from '../../src/openapi/component-schemas.ts';
import { gatewayOpenApiDocs } from '../../src/gateway/openapi-docs.ts';
import { jsonSchemaValidator } from '../oracles/json-schema-validator.ts';
import { ANSWER_SCHEMAS } from './answer-schemas.ts';

type JsonSchema = Record<string, unknown>;

/** The components of the package's `/openapi.json` as one set of `$defs` a JSON Schema reader resolves. */
export type AnswerComponents = Readonly<Record<string, JsonSchema>>;

/**
 * The components the simulator serves in `/openapi.json`, built from the package itself (never
 * fetched from the target, which would let a target judge itself, nor read from a file outside
 * the package). Their `$ref`s are rewritten to `#/$defs/...` so one document holds them all.
 */
export function answerComponents(): AnswerComponents {
  // Built once: the package's components never change while it runs, and building them (every
  // schema converted) costs more than a whole run of the kit's checks.
  built.components ??= buildComponents();
  return built.components;
}

// The served docs, with every operation's code loaded once (its components are zod schemas).
const DOCS = await gatewayOpenApiDocs();

/** What is built once a process: the components, and the reader of each JSON Schema component by name. */
const built: { components?: AnswerComponents; readers: Map<string, z.ZodType> } = { readers: new Map() };

function buildComponents(): AnswerComponents {
  const text = JSON.stringify(componentSchemas(DOCS.components)).replaceAll('#/components/schemas/', '#/$defs/');
  // Members beyond the documented ones are allowed everywhere (a gateway's own extensions): an
  // `additionalProperties` of the simulator's own description is no rule of the reference.
  return JSON.parse(text, (key, value: unknown) => (key === 'additionalProperties' ? undefined : value)) as AnswerComponents;
}

/**
 * The validator of one answer component: the package's zod schema when there is one, else its
 * JSON Schema from the served components; undefined for a name neither knows.
 *
 * @example
 * answerValidator('KeysListResponse', answerComponents())?.safeParse({ data: [] }).success; // true
 */
export function answerValidator(name: string, components: AnswerComponents): z.ZodType | undefined {
  const own = ANSWER_SCHEMAS[name];
  if (own) return own;
  if (!(name in components)) return undefined;
  const reusable = components === built.components;
  const known = reusable ? built.readers.get(name) : undefined;
  if (known) return known;
  const reader = jsonSchemaValidator({ $defs: reachableDefs(name, components), $ref: `#/$defs/${name}` } as Parameters<typeof jsonSchemaValidator>[0]);
  if (reusable) built.readers.set(name, reader);
  return reader;
}

const DEF_REF = /"\$ref":"#\/\$defs\/([^"/]+)/g;

/**
 * The components `name` reaches through its `$ref`s, itself included. The reader resolves only
 * those, so it is the same with them alone; the whole set (every component of the package) would
 * be copied and keyed for each name.
 */
function reachableDefs(name: string, components: AnswerComponents): Record<string, JsonSchema> {
  const reached: Record<string, JsonSchema> = {};
  const pending = [name];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const schema = components[next];
    if (schema === undefined || next in reached) continue;
    reached[next] = schema;
    for (const [, ref] of JSON.stringify(schema).matchAll(DEF_REF)) pending.push(ref!.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return reached;
}
