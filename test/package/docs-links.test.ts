import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * The docs ship with the package (package.json `files`): every relative link in README.md,
 * CHANGELOG.md and docs/ must land on a file the package carries, and none may point outside it.
 * (test/package/pack.test.ts checks the packed file list itself.)
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { files: string[] };
const shipped = pkg.files.filter((f) => !f.startsWith('!'));

function markdownFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}
const DOCS = ['README.md', 'CHANGELOG.md', ...markdownFiles('docs')];

describe('shipped docs', () => {
  test('the arbitraries docs/schemas.md names are exports of gatewaykit/conformance', async () => {
    const conformance = await import('gatewaykit/conformance');
    expect(typeof conformance.validResponsesRequestArb).toBe('function');
    expect(typeof conformance.ruleBreakingRequestArb).toBe('function');
    expect(conformance.RESPONSES_BOUNDARIES.length).toBeGreaterThan(0);
    const doc = readFileSync(join(repo, 'docs/schemas.md'), 'utf8');
    for (const name of ['validResponsesRequestArb', 'ruleBreakingRequestArb', 'RESPONSES_BOUNDARIES']) expect(doc).toContain(name);
  });

  test('package.json ships the docs', () => {
    expect(shipped).toContain('docs');
  });

  test('every relative link lands on a file the package ships; none leaves the package', () => {
    const problems: string[] = [];
    for (const doc of DOCS) {
      const text = readFileSync(join(repo, doc), 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue;
        const path = normalize(join(dirname(doc), target!.replace(/#.*$/, '')));
        const inside = !relative(repo, join(repo, path)).startsWith('..');
        const isShipped = shipped.some((f) => path === f || path.startsWith(`${f}/`));
        if (!inside || !isShipped || !existsSync(join(repo, path)))
          problems.push(`${doc}: ${target} (${!inside ? 'outside the package' : !isShipped ? 'not shipped' : 'missing'})`);
      }
      if (/\.\.\/shared\/|\/work\//.test(text)) problems.push(`${doc}: names a path outside the package`);
    }
    expect(problems).toEqual([]);
  });
});
