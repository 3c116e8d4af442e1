import type { Catalog, CatalogInput } from './catalog.ts';
import { DEFAULT_CATALOG } from './default-catalog.ts';
import { parseCatalog } from './parse-catalog.ts';
import { smallCatalog } from './small-catalog.ts';

/** The embedded catalogues a name picks (`createGateway({ catalog: 'small' })`, `--catalog small`). */
export const CATALOG_NAMES = ['default', 'small'] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];

export function isCatalogName(value: unknown): value is CatalogName {
  return typeof value === 'string' && (CATALOG_NAMES as readonly string[]).includes(value);
}

/**
 * The catalogue of a `catalog` option: an embedded one by name, else the given catalogue
 * validated (throws CatalogError). No option: the default.
 *
 * @example
 * resolveCatalog('small').models.length; // 16
 */
export function resolveCatalog(option: Catalog | CatalogInput | CatalogName | undefined, source?: string): Catalog {
  if (option === undefined || option === 'default') return DEFAULT_CATALOG;
  if (option === 'small') return smallCatalog();
  return parseCatalog(option, source);
}
