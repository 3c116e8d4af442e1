/**
 * The functions of `src/` (tests left out) longer than a limit, longest first: `npx tsx
 * scripts/function-lengths.ts [limit=100] [root=src]`. A function's length counts the lines from
 * its first to its last, nested functions included (issue 36: no function in src/ over 100 lines).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface FunctionLength {
  readonly file: string;
  readonly name: string;
  readonly lines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** Every function of one file with its length in lines. */
export function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ file, name: nameOf(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const isMain = process.argv[1]?.endsWith('function-lengths.ts');
if (isMain) {
  const limit = Number(process.argv[2] ?? 100);
  const root = process.argv[3] ?? 'src';
  const long = sourceFiles(root)
    .flatMap((file) => functionLengths(relative(process.cwd(), file), readFileSync(file, 'utf8')))
    .filter((f) => f.lines > limit)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
  console.log(`| lines | function | file |\n|---:|---|---|`);
  for (const f of long) console.log(`| ${f.lines} | \`${f.name}\` | ${f.file} |`);
  console.log(`\n${long.length} functions over ${limit} lines in ${root}/`);
}
