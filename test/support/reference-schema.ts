import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { loadReference } from './reference/load-reference.ts';

/** The reference OpenAPI description, read at test time (never copied into the package). */
export const REFERENCE_FILE = fileURLToPath(new URL('../../../shared/reference/openrouter-openapi.yaml', import.meta.url));

type Json = Record<string, unknown>;
let loaded: { doc: Json; ajv: Ajv2020 } | undefined;

function reference(): { doc: Json; ajv: Ajv2020 } {
  if (loaded) return loaded;
  const doc = loadReference(REFERENCE_FILE) as unknown as Json;
  // OpenAPI 3.1 schemas are JSON Schema 2020-12 plus `discriminator`, `example` and formats such
  // as `double` and `binary`: those are annotations here, not assertions.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(doc, 'ref');
  loaded = { doc, ajv };
  return loaded;
}

function pointer(parts: readonly string[]): string {
  return parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

/** The reference's operation object of `method path` (`post`, `/images`). */
export function referenceOperation(method: string, path: string): Json {
  const paths = reference().doc.paths as Record<string, Record<string, Json>>;
  const op = paths[path]?.[method];
  if (!op) throw new Error(`the reference has no ${method} ${path}`);
  return op;
}

/** The example request body the reference gives for `method path` (JSON). */
export function referenceExampleRequest(method: string, path: string): unknown {
  const content = (referenceOperation(method, path).requestBody as Json).content as Record<string, Json>;
  const json = content['application/json'] as Json;
  return json.example ?? (json.schema as Json).example;
}

/**
 * A validator of the reference's `status` answer of `method path` for `contentType`, with every
 * `$ref` resolved in the reference itself.
 */
export function referenceResponseValidator(method: string, path: string, status: string, contentType = 'application/json'): ValidateFunction {
  const ref = `ref#/${pointer(['paths', path, method, 'responses', status, 'content', contentType, 'schema'])}`;
  return reference().ajv.compile({ $ref: ref });
}

/** A validator of one component schema of the reference (`ImageStreamingResponse`). */
export function referenceSchemaValidator(name: string): ValidateFunction {
  return reference().ajv.compile({ $ref: `ref#/components/schemas/${name}` });
}
