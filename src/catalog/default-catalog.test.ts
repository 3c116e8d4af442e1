import { describe, expect, it } from 'vitest';
import catalogFile from '../../fixtures/catalog.json' with { type: 'json' };
import { CatalogSchema } from './catalog.ts';
import { DEFAULT_CATALOG } from './default-catalog.ts';
import { smallCatalog } from './small-catalog.ts';

describe('the embedded catalogues', () => {
  it('the default file is already the schema output: validating it changes nothing (start-up takes it as is)', () => {
    // After a catalogue schema change: `npx tsx scripts/build-catalog.ts --renormalize`.
    expect(CatalogSchema.parse(catalogFile)).toEqual(catalogFile);
    expect(DEFAULT_CATALOG).toBe(catalogFile);
  });

  it('the default holds the real gateway listing: hundreds of models of dozens of authors, each served', () => {
    expect(DEFAULT_CATALOG.models.length).toBeGreaterThan(300);
    expect(new Set(DEFAULT_CATALOG.models.map((m) => m.id.split('/')[0])).size).toBeGreaterThan(40);
    for (const m of DEFAULT_CATALOG.models) expect(m.endpoints.length).toBeGreaterThan(0);
  });

  it('aliases never shadow another model id', () => {
    const ids = new Set(DEFAULT_CATALOG.models.map((m) => m.id));
    expect(DEFAULT_CATALOG.models.flatMap((m) => m.aliases).filter((a) => ids.has(a))).toEqual([]);
  });

  it('the small catalogue stays the 16 hand-made models, parsed once', () => {
    expect(smallCatalog().models).toHaveLength(16);
    expect(smallCatalog()).toBe(smallCatalog());
  });
});
