import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { _, Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { ReferenceDocument } from './load-reference.ts';

// ajv's standalone and ajv-formats are CommonJS: their default export is the function under ESM interop.
type StandaloneCode = (ajv: Ajv2020, validate: ValidateFunction) => string;
const standaloneCode = ((standaloneModule as unknown as { default?: StandaloneCode }).default ?? standaloneModule) as unknown as StandaloneCode;
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as FormatsPlugin;

const require = createRequire(import.meta.url);
const repo = join(import.meta.dirname, '..', '..', '..');
const CACHE_DIR = join(repo, 'node_modules', '.cache', 'gatewaykit-reference', 'validators');

/** ajv's options for the reference (OpenAPI 3.1 is JSON Schema 2020-12); the formats are named for the standalone code. */
const OPTIONS = { strict: false, allErrors: false, validateSchema: false, allowUnionTypes: true, verbose: true } as const;

/**
 * The validators of the reference's schemas, each compiled by ajv once: compiling one of the large
 * answer schemas (the Responses result, its stream events) takes about a second, and every test
 * process judging answers needs the same few. Each is kept as ajv's standalone code under
 * node_modules/.cache, keyed by the document (exceptions applied), the schema's `$ref` and ajv's
 * version and options, so a process after the first loads it in milliseconds: the same generated
 * code, so the same verdicts and errors.
 */
export function compiledValidators(doc: ReferenceDocument): (ref: string) => ValidateFunction {
  const versions = `${require('ajv/package.json').version} ${require('ajv-formats/package.json').version}`;
  const docHash = createHash('sha256')
    .update(`${versions}\n${JSON.stringify(OPTIONS)}\n${JSON.stringify(doc)}`)
    .digest('hex');
  const compiled = new Map<string, ValidateFunction>();
  let ajv: Ajv2020 | undefined;

  function compile(ref: string): ValidateFunction {
    if (!ajv) {
      ajv = new Ajv2020({ ...OPTIONS, code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
      addFormats(ajv);
      ajv.addSchema(doc as object, 'reference');
    }
    return ajv.compile({ $ref: ref });
  }

  return function validator(ref: string): ValidateFunction {
    let validate = compiled.get(ref);
    if (validate) return validate;
    const file = join(CACHE_DIR, `${createHash('sha256').update(`${docHash}\n${ref}`).digest('hex').slice(0, 24)}.cjs`);
    validate = loadStandalone(file);
    if (!validate) {
      validate = compile(ref);
      keep(file, standaloneCode(ajv!, validate));
    }
    compiled.set(ref, validate);
    return validate;
  };
}

/** A validator from its standalone code (a CommonJS module), or undefined when it is not kept yet or unreadable. */
function loadStandalone(file: string): ValidateFunction | undefined {
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const module = { exports: {} as { default?: ValidateFunction } };
    new Function('require', 'module', 'exports', code)(require, module, module.exports);
    return module.exports.default;
  } catch {
    return undefined;
  }
}

function keep(file: string, code: string): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside and renamed: a parallel worker never reads half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  } catch {
    // a read-only tree: compile again next time
  }
}
