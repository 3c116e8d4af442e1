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
  constructor(source: string, issues: ReadonlyArray<{ path: string; message: string }>) {
    const lines = issues.slice(0, 10).map((i) => `  ${i.path}: ${i.message}`);
    if (issues.length > 10) lines.push(`  ... and ${issues.length - 10} more`);
    super(`Invalid catalog ${source}:\n${lines.join('\n')}`);
    this.name = 'CatalogError';
    this.source = source;
    this.issues = issues;
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
    throw new CatalogError(
      source,
      parsed.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })),
    );
  }
  return parsed.data;
}
