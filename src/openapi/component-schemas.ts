import { z } from 'zod';
import type { ComponentSchemas, JsonSchema } from './operation-doc.ts';
import { SHARED_COMPONENTS } from './shared-components.ts';

/**
 * Named schemas as OpenAPI 3.1 components, from the operations' own sets and the shared one.
 * Request bodies are converted as zod *inputs* (what a client may send: defaults optional) and
 * answers as *outputs* (what the gateway sends), each set in its own registry so shared parts
 * become `$ref`s instead of copies. A name defined twice with different schemas is a bug of the
 * operations' docs, reported here.
 */
export function componentSchemas(sets: readonly ComponentSchemas[]): Record<string, JsonSchema> {
  const all = [SHARED_COMPONENTS, ...sets];
  const requests = registryOf(all.map((set) => set.requests));
  const answers = registryOf(all.map((set) => set.answers));
  const uri = (id: string) => `#/components/schemas/${id}`;
  const converted = {
    ...z.toJSONSchema(requests, { io: 'input', unrepresentable: 'any', uri }).schemas,
    ...z.toJSONSchema(answers, { io: 'output', unrepresentable: 'any', uri }).schemas,
  };
  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(converted)) {
    // The document's jsonSchemaDialect states the dialect; the ids are the component names.
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
    components[id] = rest;
  }
  for (const set of all) for (const [id, schema] of Object.entries(set.written ?? {})) define(components, id, schema);
  return components;
}

function registryOf(parts: ReadonlyArray<Readonly<Record<string, z.ZodType>> | undefined>) {
  const registry = z.registry<{ id: string }>();
  const named = new Map<string, z.ZodType>();
  for (const part of parts) {
    for (const [id, schema] of Object.entries(part ?? {})) {
      const before = named.get(id);
      if (before && before !== schema) throw new Error(`component schema ${id} is defined twice`);
      named.set(id, schema);
      registry.add(schema, { id });
    }
  }
  return registry;
}

function define(components: Record<string, JsonSchema>, id: string, schema: JsonSchema): void {
  if (id in components && components[id] !== schema) throw new Error(`component schema ${id} is defined twice`);
  components[id] = schema;
}
