import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The public surface, read from the sources the way tsc reads them: every function (and class)
 * the package's entry points export carries JSDoc with an `@example`, and the root entry keeps
 * the engine's internals out (they live under `gatewaykit/internals`).
 */

const ENTRIES = ['src/index.ts', 'src/adapter/node/index.ts', 'src/vitest/index.ts', 'conformance/index.ts'];

const program = ts.createProgram(ENTRIES, {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  customConditions: ['gatewaykit-source'],
  noEmit: true,
  skipLibCheck: true,
  types: [],
});
const checker = program.getTypeChecker();

/** The exports of an entry: name, whether it is callable (a function or class), its JSDoc tags. */
function exportsOf(entry: string): Array<{ name: string; callable: boolean; examples: number; where: string }> {
  const file = program.getSourceFile(entry);
  if (!file) throw new Error(`${entry}: not in the program`);
  const module = checker.getSymbolAtLocation(file)!;
  return checker.getExportsOfModule(module).map((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const declaration = target.declarations?.[0];
    const callable = (target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class)) !== 0;
    const examples = target.getJsDocTags(checker).filter((tag) => tag.name === 'example').length;
    const where = declaration ? `${declaration.getSourceFile().fileName.replace(/^.*?\/(src|conformance)\//, '$1/')}` : '?';
    return { name: symbol.name, callable, examples, where };
  });
}

describe('public surface', () => {
  it.each(ENTRIES)('every function and class %s exports has JSDoc with @example', (entry) => {
    const missing = exportsOf(entry)
      .filter((e) => e.callable && e.examples === 0)
      .map((e) => `${e.name} (${e.where})`);
    expect(missing).toEqual([]);
  });

  it('the root entry keeps the engine internals out; gatewaykit/internals has them', () => {
    const root = new Set(exportsOf('src/index.ts').map((e) => e.name));
    for (const name of ['GatewayEnv', 'resolveRoute', 'WEB_CORPUS', 'loadTokenizer', 'hash53', 'ResponseResult', 'createScriptRegistry', 'createVideoJobs']) {
      expect(root.has(name), name).toBe(false);
    }
    for (const name of ['createGateway', 'virtualClock', 'systemClock', 'GatewayError', 'ResponsesRequestSchema', 'ResponsesResultSchema', 'ResponsesResult', 'ScriptRuleSchema', 'Catalog', 'TextModel']) {
      expect(root.has(name), name).toBe(true);
    }
  });
});
