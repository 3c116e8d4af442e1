import { Ajv } from 'ajv';
// The reference, read at test time (never copied into the package), parsed once and kept.
import { loadReference } from '../support/reference/load-reference.ts';

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string; example?: unknown; schema?: { example?: unknown } }>;
        responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
      }
    >
  >;
};

/** The reference document and a validator of an operation's documented answer bodies. */
export function referenceValidator(): { doc: Doc; validate(path: string, status: string, body: unknown): string[] } {
  const doc = loadReference() as unknown as Doc;
  // OpenAPI 3.1 schemas are JSON Schema; the reference's own keywords (`example`, `x-*`) and
  // formats (`double`) are not validation rules.
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(doc as object, 'reference');
  return {
    doc,
    validate(path, status, body) {
      const pointer = `reference#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/get/responses/${status}/content/application~1json/schema`;
      const check = ajv.getSchema(pointer) ?? ajv.compile({ $ref: pointer });
      return check(body) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    },
  };
}
