import catalogFile from '../../fixtures/catalog.json' with { type: 'json' };
import { formatPath } from '../errors/format-zod-error.ts';
import { CatalogSchema, type Catalog, type CatalogInput } from './catalog.ts';
import { mergeCatalogInputs } from './merge-catalog-inputs.ts';

/**
 * A catalogue that does not validate: names the source, the path and the rule of every issue.
 *
 * @example
 * try { parseCatalog(input); } catch (e) { if (e instanceof CatalogError) console.error(e.message); }
 */
export class CatalogError extends Error {
  readonly source: string;
  readonly issues: ReadonlyArray<{ path: string; message: string }>;
  /** Problems in all (the issues listed, and those only counted). */
  readonly total: number;
  constructor(source: string, issues: ReadonlyArray<{ path: string; message: string }>, total = issues.length) {
    // The first 10 and a count: the output stays small however broken the catalogue is.
    const lines = issues.slice(0, 10).map((i) => `  ${i.path}: ${i.message}`);
    if (total > 10) lines.push(`  ... and ${total - 10} more (${total} problems in all)`);
    super(`Invalid catalog ${source}:\n${lines.join('\n')}`);
    this.name = 'CatalogError';
    this.source = source;
    this.issues = issues;
    this.total = total;
  }
}

/**
 * Validate a catalogue (an object, e.g. `createGateway({ catalog })` or a parsed file). With
 * `"extends": "default"` it is layered over the embedded catalogue first. Throws CatalogError.
 *
 * @example
 * const catalog = parseCatalog({ extends: 'default', providers: [], models: [myModel] }, 'my-catalog.json');
 */
export function parseCatalog(input: unknown, source = 'catalog option'): Catalog {
  let candidate = input;
  if (candidate !== null && typeof candidate === 'object' && (candidate as { extends?: unknown }).extends === 'default') {
    candidate = mergeCatalogInputs(catalogFile as CatalogInput, candidate as CatalogInput);
  }
  const parsed = CatalogSchema.safeParse(candidate);
  if (!parsed.success) {
    // Schema issues (zod stops at none, but each is short) plus the cross-reference count.
    const listed = parsed.error.issues.filter((i) => !(i.code === 'custom' && typeof (i as { params?: { unlisted?: unknown } }).params?.unlisted === 'number'));
    const unlisted = parsed.error.issues.reduce((n, i) => n + (((i as { params?: { unlisted?: number } }).params?.unlisted as number | undefined) ?? 0), 0);
    throw new CatalogError(
      source,
      listed.slice(0, 100).map((i) => ({ path: formatPath(i.path), message: i.message })),
      listed.length + unlisted,
    );
  }
  return parsed.data;
}
