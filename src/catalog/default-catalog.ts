import catalogFile from '../../fixtures/catalog.json' with { type: 'json' };
import type { Catalog } from './catalog.ts';
import { parseCatalog } from './parse-catalog.ts';

/** The embedded default catalogue (fixtures/catalog.json), validated once at load. */
export const DEFAULT_CATALOG: Catalog = parseCatalog(catalogFile, 'fixtures/catalog.json');
