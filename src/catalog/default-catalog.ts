import catalogFile from '../../fixtures/catalog.json' with { type: 'json' };
import { CatalogSchema, type Catalog } from './catalog.ts';

/** The embedded default catalogue (fixtures/catalog.json), validated once at load. */
export const DEFAULT_CATALOG: Catalog = CatalogSchema.parse(catalogFile);
