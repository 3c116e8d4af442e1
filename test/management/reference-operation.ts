import { beforeAll, expect } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { loadReference as readReference } from '../support/reference/load-reference.ts';

/** The reference description beside the repository (`../shared/reference/`), or the path in GATEWAYKIT_REFERENCE_OPENAPI. */
export function referencePath(): string | undefined {
  const candidates = [process.env.GATEWAYKIT_REFERENCE_OPENAPI, fileURLToPath(new URL('../../../shared/reference/openrouter-openapi.yaml', import.meta.url))];
  return candidates.find((p): p is string => typeof p === 'string' && p !== '' && existsSync(p));
}

interface OperationObject {
  operationId: string;
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

/** One operation of the reference: its example request body, documented statuses and a validator per status. */
export interface ReferenceOperation {
  readonly operationId: string;
  readonly exampleBody: unknown;
  readonly statuses: readonly number[];
  /** The body's problems against the reference schema of `status` (empty when it is valid). */
  problems(status: number, body: unknown): string[];
}

/**
 * The reference (OpenRouter's OpenAPI 3.1 description), read at test time, with ajv (JSON Schema
 * 2020-12, which OpenAPI 3.1 schemas are) compiling the schema of each documented answer.
 */
export function loadReference(path: string): (method: string, route: string) => ReferenceOperation {
  const doc = readReference(path) as unknown as { paths: Record<string, Record<string, OperationObject>> };
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...doc, $id: 'reference' } as object);
  return (method, route) => {
    const op = doc.paths[route]?.[method.toLowerCase()];
    if (!op) throw new Error(`the reference has no ${method} ${route}`);
    const pointer = (status: number) =>
      `reference#/paths/${route.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    return {
      operationId: op.operationId,
      exampleBody: op.requestBody?.content?.['application/json']?.example,
      statuses: Object.keys(op.responses).map(Number),
      problems(status, body) {
        if (!op.responses[String(status)]) return [`status ${status} is not documented for ${op.operationId}`];
        const validate = ajv.getSchema(pointer(status)) ?? ajv.compile({ $ref: pointer(status) });
        return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
      },
    };
  };
}

/**
 * The reference's operations for the tests of one `describe` block: read and compiled once, before
 * its tests (the 1.3 MB description takes long on a busy machine).
 */
export function referenceOperations(path: string): (method: string, route: string) => ReferenceOperation {
  let ref: ((method: string, route: string) => ReferenceOperation) | undefined;
  beforeAll(() => {
    ref = loadReference(path);
  }, 180_000);
  return (method, route) => {
    if (!ref) throw new Error('the reference is read before the tests run');
    return ref(method, route);
  };
}

/** The answer has `status`, and its body is valid for the reference's schema of that status. */
export function expectReferenceAnswer(op: ReferenceOperation, answer: { status: number; body: unknown }, status: number): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(op.problems(status, answer.body)).toEqual([]);
}
