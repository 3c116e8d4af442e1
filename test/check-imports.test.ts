import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { crossOperationProblems, folderOf, layerProblems, parseLayerTable } from '../scripts/check-imports.ts';

const table = parseLayerTable(readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8'));
const edges = (...list: Array<[string, string]>) => {
  const map = new Map<string, Map<string, string[]>>();
  for (const [from, to] of list) map.set(from, new Map([...(map.get(from) ?? []), [to, [`src/${from}/x.ts -> src/${to}/y.ts`]]]));
  return map;
};

describe('the layer rule of npm run check:cycles', () => {
  it('reads every row of the architecture table, operation folders as one entry for all', () => {
    expect(table.layers.get('bytes')).toBe(0);
    expect(table.layers.get('engine')).toBe(table.layers.get('control'));
    expect(table.layers.get('operations/*')).toBe((table.layers.get('operations') ?? 0) + 1);
    expect(table.layers.get('operations')).toBe((table.layers.get('engine') ?? 0) + 1);
    expect(table.layers.get('index')).toBeGreaterThan(table.layers.get('gateway') ?? Infinity);
    expect(folderOf('src/operations/chat/response.ts')).toBe('operations/chat');
    expect(folderOf('src/operations/operation.ts')).toBe('operations');
  });

  it('accepts imports down the table and refuses one up it, one across a layer, and an unlisted folder', () => {
    expect(
      layerProblems(edges(['operations/chat', 'engine'], ['operations/chat', 'operations'], ['engine', 'routing'], ['gateway', 'operations/chat']), table),
    ).toEqual([]);
    const up = layerProblems(edges(['routing', 'engine']), table);
    expect(up).toHaveLength(1);
    expect(up[0]).toMatch(/^layer rule: routing \(layer \d+\) imports engine \(layer \d+\)/);
    expect(layerProblems(edges(['engine', 'control']), table)).toHaveLength(1);
    expect(layerProblems(edges(['operations/chat', 'operations/responses']), table)).toHaveLength(1);
    expect(layerProblems(edges(['newthing', 'bytes']), table)).toEqual([
      'layer rule: src/newthing/ is not in the layer table of docs/architecture.md; add it to the layer it belongs to',
    ]);
  });

  it('keeps adapter/ for runtimes above gateway/: every adapter row is higher, and gateway/ importing one is refused', () => {
    const gateway = table.layers.get('gateway') ?? Infinity;
    const adapters = [...table.layers].filter(([folder]) => folder.startsWith('adapter/'));
    expect(adapters.length).toBeGreaterThan(0);
    for (const [folder, layer] of adapters) expect(layer, folder).toBeGreaterThan(gateway);
    expect(layerProblems(edges(['gateway', 'adapter/node']), table)).toHaveLength(1);
    // The msw handler factory gateway.handlers comes from sits below it (docs/architecture.md).
    expect(layerProblems(edges(['gateway', 'msw']), table)).toEqual([]);
    expect(table.layers.get('public-schemas')).toBe(table.layers.get('index'));
  });

  it('refuses an import from one operation folder of the suite into another, beyond the allowed ones', () => {
    const tree = {
      'conformance/operations/chat/checks.ts': [{ id: 'conformance/operations/messages/samples.ts' }, { id: 'conformance/property/run-property.ts' }],
      'conformance/operations/responses/usage-checks.ts': [{ id: 'conformance/operations/chat/checks.ts' }],
      'conformance/operations/messages/checks.ts': [{ id: 'conformance/operations/messages/samples.ts' }],
    } as unknown as Parameters<typeof crossOperationProblems>[0];
    expect(crossOperationProblems(tree)).toEqual([
      'operation rule: conformance/operations/chat/checks.ts imports conformance/operations/messages/samples.ts; an operation folder of the suite imports no other (move what they share into the machinery)',
    ]);
  });
});
