import smallFile from '../../fixtures/catalog-small.json' with { type: 'json' };
import type { Catalog } from './catalog.ts';
import { parseCatalog } from './parse-catalog.ts';

let parsed: Catalog | undefined;

/**
 * The small catalogue (fixtures/catalog-small.json): 16 hand-made text models of 7 vendors over
 * 17 providers, with benchmarks, categories and spend shares; `catalog: 'small'` picks it. Tests
 * whose expectations are written against a short fixed model list use it. Validated on first
 * use, once (the same value every time), so a gateway on the default does not pay for it.
 *
 * @example
 * const gateway = createGateway({ catalog: smallCatalog() }); // the same as { catalog: 'small' }
 */
export function smallCatalog(): Catalog {
  parsed ??= parseCatalog(smallFile, 'fixtures/catalog-small.json');
  return parsed;
}
