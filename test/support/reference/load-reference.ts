import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const repo = join(import.meta.dirname, '..', '..', '..');

/** Where the reference lives: beside the package, never copied into it (team rules). */
export const REFERENCE_PATH = join(repo, '..', 'shared', 'reference', 'openrouter-openapi.yaml');

/** The parts of an OpenAPI 3.1 document the tests read. */
export interface ReferenceDocument {
  paths: Record<string, Record<string, ReferenceOperation | unknown>>;
  components: { schemas: Record<string, unknown> };
  [key: string]: unknown;
}

export interface ReferenceOperation {
  operationId: string;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
}

/**
 * The reference (OpenRouter's OpenAPI 3.1 document), parsed. Parsing its 1.3 MB of YAML takes
 * seconds; the parsed form is kept as JSON under node_modules/.cache, keyed by the YAML's hash, so
 * each test worker after the first reads it in milliseconds. Every test that reads the reference
 * reads it here (a fresh copy each call: a caller may change it). `path`: another copy of the
 * reference (`GATEWAYKIT_REFERENCE_OPENAPI`), kept by its own hash the same way.
 */
export function loadReference(path: string = REFERENCE_PATH): ReferenceDocument {
  const yamlText = readFileSync(path, 'utf8');
  const hash = createHash('sha256').update(yamlText).digest('hex').slice(0, 16);
  const dir = join(repo, 'node_modules', '.cache', 'gatewaykit-reference');
  const cached = join(dir, `${hash}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as ReferenceDocument;
  } catch {
    // not cached yet (or unreadable): parse and keep
  }
  const doc = parse(yamlText, { maxAliasCount: -1 }) as ReferenceDocument;
  try {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: a parallel worker never reads half a file.
    const partial = `${cached}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(doc));
    renameSync(partial, cached);
  } catch {
    // a read-only tree: parse again next time
  }
  return doc;
}

/** The reference operations, each with its method and path template. */
export function referenceOperations(doc: ReferenceDocument): Array<{ method: string; path: string; operation: ReferenceOperation }> {
  const list: Array<{ method: string; path: string; operation: ReferenceOperation }> = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation === 'object' && operation !== null && 'responses' in operation) {
        list.push({ method: method.toUpperCase(), path, operation: operation as ReferenceOperation });
      }
    }
  }
  return list;
}
