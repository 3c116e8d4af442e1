import catalogFile from '../../fixtures/catalog.json' with { type: 'json' };
import type { Catalog } from './catalog.ts';

/**
 * The embedded default catalogue (fixtures/catalog.json): the real gateway's text models from a
 * public snapshot of its `GET /models` answer (docs/catalog.md). The file is written as the
 * catalogue schema's output (scripts/build-catalog.ts; default-catalog.test.ts checks that parsing
 * it changes nothing), so start-up takes it as it is instead of validating 300-odd models.
 */
export const DEFAULT_CATALOG: Catalog = catalogFile as unknown as Catalog;
