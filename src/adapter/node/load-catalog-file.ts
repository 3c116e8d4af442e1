import { readFileSync } from 'node:fs';
import { CatalogError, parseCatalog } from '../../catalog/parse-catalog.ts';
import type { Catalog } from '../../catalog/catalog.ts';
import { isCatalogName, resolveCatalog } from '../../catalog/named-catalog.ts';

/**
 * Read and validate a catalogue file (`gatewaykit serve --catalog FILE`). Node only. Every failure
 * (unreadable file, bad JSON, schema rule) is a CatalogError naming the file. The names of the
 * embedded catalogues (`default`, `small`) pick those instead of a file.
 *
 * @example
 * const catalog = loadCatalogFile('./my-catalog.json');
 */
export function loadCatalogFile(file: string): Catalog {
  if (isCatalogName(file)) return resolveCatalog(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CatalogError(file, [{ path: '(file)', message: `cannot read: ${(e as Error).message}` }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CatalogError(file, [{ path: '(file)', message: `not valid JSON: ${(e as Error).message}` }]);
  }
  return parseCatalog(json, file);
}
