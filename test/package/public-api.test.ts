import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The public surface, read from the sources the way tsc reads them: every function (and class)
 * the package's entry points export carries JSDoc with an `@example`, and the root entry keeps
 * the engine's internals out (they live under `gatewaykit/internals`) and its zod schemas too
 * (`gatewaykit/schemas`).
 */

const ENTRIES = ['src/index.ts', 'src/public-schemas.ts', 'src/adapter/node/index.ts', 'src/vitest/index.ts', 'conformance/index.ts'];

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  customConditions: ['gatewaykit-source'],
  noEmit: true,
  skipLibCheck: true,
  types: [],
  // What is read below (the names exported, whether each is a function or class, its JSDoc tags,
  // the file declaring it) never depends on a type from elsewhere: the standard library and the
  // dependencies' declarations (about 600 files under node_modules, 4 MB) are not loaded.
  noLib: true,
};
const host = ts.createCompilerHost(options);
// Only the package's own modules are resolved (relative imports); a dependency's stays unresolved
// (so an `export * from 'dependency'` would list nothing here: the entries have none).
host.resolveModuleNameLiterals = (literals, containingFile, redirectedReference, resolution) =>
  literals.map((literal) =>
    /^\.\.?\//.test(literal.text)
      ? ts.resolveModuleName(literal.text, containingFile, resolution, host, undefined, redirectedReference)
      : { resolvedModule: undefined },
  );
const program = ts.createProgram({ rootNames: ENTRIES, options, host });
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
    for (const name of [
      'createGateway',
      'virtualClock',
      'systemClock',
      'GatewayError',
      'ResponsesResult',
      'ResponsesRequest',
      'StreamEvent',
      'ScriptRule',
      'Catalog',
      'TextModel',
    ]) {
      expect(root.has(name), name).toBe(true);
    }
  });

  it('the root entry exports no zod schema and no msw or HTTP plumbing: they live in gatewaykit/schemas and gatewaykit/internals', () => {
    const root = exportsOf('src/index.ts').map((e) => e.name);
    expect(root.filter((name) => name.endsWith('Schema'))).toEqual([]);
    for (const name of ['withIndependentCopies', 'releaseResponseClones', 'errorResponse', 'validateResponsesRequest', 'RESPONSES_LIMITS']) {
      expect(root, name).not.toContain(name);
    }
  });

  it('gatewaykit/schemas has the schema of every request and answer the root entry names a type for', () => {
    const schemas = new Set(exportsOf('src/public-schemas.ts').map((e) => e.name));
    for (const name of [
      'ResponsesRequest',
      'ResponsesResult',
      'StreamEvent',
      'ErrorBody',
      'Usage',
      'Catalog',
      'ScriptRule',
      'Cassette',
      'ApiKey',
      'VideoJob',
      'EmbeddingsRequest',
      'TranscriptionRequest',
      'RankingsDailyResponse',
    ]) {
      expect(schemas.has(`${name}Schema`), `${name}Schema`).toBe(true);
    }
    for (const name of [
      'ChatRequestSchema',
      'ChatResultSchema',
      'ChatStreamChunkSchema',
      'MessagesRequestSchema',
      'MessagesResultSchema',
      'validateResponsesRequest',
    ]) {
      expect(schemas.has(name), name).toBe(true);
    }
  });

  it('the schemas entry parses what it claims to: a real /responses answer of the simulator', async () => {
    const { createGateway, virtualClock } = await import('../../src/index.ts');
    const { ResponsesResultSchema, ErrorBodySchema } = await import('../../src/public-schemas.ts');
    const gateway = createGateway({ clock: virtualClock(), seed: 7 });
    const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
    const ok = await gateway.fetch('/responses', { method: 'POST', headers, body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'hi' }) });
    expect(ok.status).toBe(200);
    expect(ResponsesResultSchema.safeParse(await ok.json()).success).toBe(true);
    const bad = await gateway.fetch('/responses', { method: 'POST', headers, body: '{' });
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.safeParse(await bad.json()).success).toBe(true);
  });
});
