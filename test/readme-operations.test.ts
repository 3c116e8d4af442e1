import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { paidEndpoints, tableEndpoints } from '../src/gateway/operations-table.ts';

/**
 * The README's "Operations" table against the operations table (src/gateway/operations-table.ts):
 * every endpoint the gateway serves is named there, and nothing else is. The gateway's own
 * description (`GET /openapi.json`) is served beside the table.
 */
const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const GATEWAY_ONLY = ['GET /openapi.json'];

/** The README section that starts with `## title`, up to the next `## `. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README has no "## ${title}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** `METHOD /path` of each endpoint as the README writes it: `{param}` for `:param`, no query. */
const readmeForm = (method: string, path: string) => `${method} ${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;

describe('the README operations table is the operations table', () => {
  const rows = section('Operations')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  // The first cell of each row: one or more `METHOD /path` names, a query after `?` left out.
  const named = rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z]+) ([^`?]+)(?:\?[^`]*)?`/g)].map((m) => `${m[1]} ${m[2]}`));

  test('names every endpoint of the table', () => {
    const missing = tableEndpoints()
      .map((e) => readmeForm(e.method, e.path))
      .filter((name) => !named.includes(name));
    expect(missing, 'endpoints of the operations table missing from README "## Operations"').toEqual([]);
  });

  test('names nothing the gateway does not serve', () => {
    const served = new Set([...tableEndpoints().map((e) => readmeForm(e.method, e.path)), ...GATEWAY_ONLY]);
    expect(
      named.filter((name) => !served.has(name)),
      'README rows the operations table does not serve',
    ).toEqual([]);
    expect(named.length).toBeGreaterThanOrEqual(tableEndpoints().length);
  });

  test('the 402 row names every paid operation', () => {
    const row = section('How to make the simulator answer each documented status')
      .split('\n')
      .find((line) => line.startsWith('| 402 |'));
    expect(row).toBeDefined();
    const paid = paidEndpoints().map((e) => e.path);
    expect(paid.length).toBeGreaterThan(0);
    expect(
      paid.filter((path) => !row!.includes(`\`${path}\``)),
      'paid operations the 402 row does not name',
    ).toEqual([]);
  });
});
