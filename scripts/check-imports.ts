/**
 * The import rules of docs/architecture.md, checked with dpdm (a well-kept import-graph tool):
 * 1. no circle between files of src/ and conformance/ (type-only imports count too);
 * 2. no upward import: the folders of src/ import each other without a circle (a folder circle,
 *    e.g. errors/ -> http/ -> errors/, is what an upward import makes even when no single file
 *    circle shows it);
 * 3. the layer table of docs/architecture.md: a folder imports only folders on lower layers, and
 *    every folder is in the table (a jump up a layer is refused even when it makes no circle).
 * Prints each circle with the imports behind it; exits 1 on any. `npm run check:cycles` runs it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';

/**
 * The folder a file belongs to: `src/routing/routers/fusion.ts` -> `routing`; adapters per runtime
 * and operations each apart (`src/operations/chat/x.ts` -> `operations/chat`).
 */
export function folderOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'src' || parts.length < 2) return undefined;
  if (parts.length === 2) return parts[1]!.replace(/\.ts$/, '');
  return (parts[1] === 'adapter' || parts[1] === 'operations') && parts.length > 3 ? `${parts[1]}/${parts[2]}` : parts[1];
}

/** Folder -> folder edges of src/, each with the file imports behind it. */
export function folderEdges(tree: DependencyTree): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const [file, deps] of Object.entries(tree)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const dep of deps ?? []) {
      const to = dep.id ? folderOf(dep.id) : undefined;
      if (!to || to === from) continue;
      const byTarget = edges.get(from) ?? new Map<string, string[]>();
      byTarget.set(to, [...(byTarget.get(to) ?? []), `${file} -> ${dep.id}`]);
      edges.set(from, byTarget);
    }
  }
  return edges;
}

/** Circles of a graph, found by one depth-first walk (at least one per circular set of folders). */
export function circlesOf(edges: Map<string, Map<string, string[]>>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
      if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return circles;
}

/** The layer of each folder, from the table "What each folder may import" of docs/architecture.md. */
export interface LayerTable {
  /** Folder (or `operations/*`, any operation folder) -> layer number. */
  readonly layers: ReadonlyMap<string, number>;
}

/**
 * Read the layer table from the architecture document: rows `| n | \`a/\`, \`b/\` | ... |`; a
 * folder `x/` is `x`, a file `index.ts` is `index`, `operations/<name>/` stands for every operation folder.
 */
export function parseLayerTable(markdown: string): LayerTable {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('What each folder may import'));
  const layers = new Map<string, number>();
  for (const line of (section ?? '').split('\n')) {
    const row = /^\|\s*(\d+)\s*\|([^|]*)\|/.exec(line);
    if (!row) continue;
    for (const [, name] of row[2]!.matchAll(/`([^`]+)`/g)) {
      const folder = name!
        .replace(/<name>\/$/, '*')
        .replace(/\/$/, '')
        .replace(/\.ts$/, '');
      layers.set(folder, Number(row[1]));
    }
  }
  return { layers };
}

function layerOf(table: LayerTable, folder: string): number | undefined {
  const family = ['operations/'].find((prefix) => folder.startsWith(prefix));
  return table.layers.get(folder) ?? (family ? table.layers.get(`${family}*`) : undefined);
}

/**
 * Folder edges that break the layer table: an import of a folder on the same or a higher layer,
 * or a folder the table does not list (each message says which and how to fix it).
 */
export function layerProblems(edges: Map<string, Map<string, string[]>>, table: LayerTable): string[] {
  const problems: string[] = [];
  const unlisted = new Set<string>();
  for (const [from, targets] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [to, via] of [...targets].sort(([a], [b]) => a.localeCompare(b))) {
      const a = layerOf(table, from);
      const b = layerOf(table, to);
      for (const [folder, layer] of [
        [from, a],
        [to, b],
      ] as const)
        if (layer === undefined) unlisted.add(folder);
      if (a === undefined || b === undefined || a > b) continue;
      problems.push(`layer rule: ${from} (layer ${a}) imports ${to} (layer ${b}); a folder imports only lower layers\n  ${via.join('\n  ')}`);
    }
  }
  for (const folder of [...unlisted].sort())
    problems.push(`layer rule: src/${folder}/ is not in the layer table of docs/architecture.md; add it to the layer it belongs to`);
  return problems;
}

/**
 * The imports the architecture document allows from one operation folder of the suite
 * (`conformance/operations/<name>/`) into another: checks that judge one rule on every
 * generation surface read the chat and Messages samples.
 */
const CROSS_OPERATION_IMPORTS: readonly (readonly [string, string])[] = [
  ['conformance/operations/responses/metadata-checks.ts', 'conformance/operations/chat/samples.ts'],
  ['conformance/operations/responses/metadata-checks.ts', 'conformance/operations/messages/samples.ts'],
  ['conformance/operations/responses/usage-checks.ts', 'conformance/operations/chat/checks.ts'],
  ['conformance/operations/responses/usage-checks.ts', 'conformance/operations/messages/checks.ts'],
];

/** An operation folder of the suite importing another, beyond the allowed ones (docs/architecture.md, the conformance paragraph). */
export function crossOperationProblems(tree: DependencyTree): string[] {
  const operation = (file: string) => /^conformance\/operations\/([^/]+)\//.exec(file)?.[1];
  const problems: string[] = [];
  for (const [file, deps] of Object.entries(tree)) {
    const from = operation(file);
    if (!from) continue;
    for (const dep of deps ?? []) {
      const to = dep.id ? operation(dep.id) : undefined;
      if (!to || to === from || CROSS_OPERATION_IMPORTS.some(([a, b]) => a === file && b === dep.id)) continue;
      problems.push(`operation rule: ${file} imports ${dep.id}; an operation folder of the suite imports no other (move what they share into the machinery)`);
    }
  }
  return problems;
}

function sources(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => join(dir, f).split('\\').join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
}

async function main(): Promise<number> {
  const entries = [...sources('src'), ...sources('conformance')];
  const tree = await parseDependencyTree(entries, { context: process.cwd(), transform: false, skipDynamicImports: false });
  let problems = 0;
  for (const circle of parseCircular(tree)) {
    problems++;
    console.log(`file circle: ${[...circle, circle[0]].join(' -> ')}`);
  }
  const edges = folderEdges(tree);
  for (const circle of circlesOf(edges)) {
    problems++;
    console.log(`folder circle (an upward import): ${circle.join(' -> ')}`);
    for (let i = 0; i < circle.length - 1; i++) for (const via of edges.get(circle[i]!)?.get(circle[i + 1]!) ?? []) console.log(`  ${via}`);
  }
  for (const problem of [...layerProblems(edges, parseLayerTable(readFileSync('docs/architecture.md', 'utf8'))), ...crossOperationProblems(tree)]) {
    problems++;
    console.log(problem);
  }
  console.log(
    problems === 0
      ? `imports: no circles among ${Object.keys(tree).length} files, no upward imports among ${edges.size} folders of src/, every import down the layer table`
      : `imports: ${problems} problem(s)`,
  );
  return problems === 0 ? 0 : 1;
}

// Run as the script (npm run check:cycles); imported (its tests), it only exports the rules.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
