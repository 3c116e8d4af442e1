import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import type { ReferenceDocument } from './load-reference.ts';

const require = createRequire(import.meta.url);

type StandaloneCode = (ajv: Ajv2020, validate: ValidateFunction) => string;

/**
 * ajv with its formats and standalone code generator, loaded only when a validator is not kept
 * yet: a process whose validators are all kept never loads ajv's compiler. They are CommonJS
 * (their default export is the function).
 */
function ajvCompiler() {
  const { Ajv2020: Ajv, _ } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const standalone = require('ajv/dist/standalone/index.js') as { default?: StandaloneCode } & StandaloneCode;
  const formats = require('ajv-formats') as { default?: FormatsPlugin } & FormatsPlugin;
  return { Ajv, _, standaloneCode: standalone.default ?? standalone, addFormats: formats.default ?? formats };
}
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
  let compiler: { ajv: Ajv2020; standaloneCode: StandaloneCode } | undefined;

  function compile(ref: string): { validate: ValidateFunction; code: string } {
    if (!compiler) {
      const { Ajv, _, standaloneCode, addFormats } = ajvCompiler();
      const ajv = new Ajv({ ...OPTIONS, code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
      addFormats(ajv);
      ajv.addSchema(doc as object, 'reference');
      compiler = { ajv, standaloneCode };
    }
    const validate = compiler.ajv.compile({ $ref: ref });
    return { validate, code: compiler.standaloneCode(compiler.ajv, validate) };
  }

  return function validator(ref: string): ValidateFunction {
    let validate = compiled.get(ref);
    if (validate) return validate;
    const file = join(CACHE_DIR, `${createHash('sha256').update(`${docHash}\n${ref}`).digest('hex').slice(0, 24)}.cjs`);
    validate = loadStandalone(file);
    if (!validate) {
      const fresh = compile(ref);
      validate = fresh.validate;
      keep(file, fresh.code);
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
