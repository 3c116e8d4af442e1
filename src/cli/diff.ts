import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Catalog } from '../catalog/catalog.ts';
import { loadCatalogFile } from '../adapter/node/load-catalog-file.ts';
import { virtualClock } from '../clock/virtual-clock.ts';
import { createGateway } from '../gateway/create-gateway.ts';
import { cassetteRequest, diffCassette, formatDiffReport, withModelMap, type CassetteDiff } from '../replay/diff-cassette.ts';
import { printable } from '../replay/printable.ts';
import { readCassettes } from '../adapter/node/read-cassettes.ts';
import { optionError } from './did-you-mean.ts';

export const DIFF_HELP = `gatewaykit diff: how the simulator differs from a recorded gateway

Usage: gatewaykit diff --cassettes DIR [--catalog FILE] [--model-map FROM=TO]... [--seed N] [--api-key KEY] [--json]

Sends each recorded request (cassettes of \`gatewaykit record\`) to an in-process simulator and
reports how its answer differs in shape: status (with each side's error message), fields
present, absent or typed differently (in a stream, one line per field with the event types it
differs in), and for streams the sequence of event types. Values are not compared.
Exit 0 when every answer has the recorded status and shape, 1 when one differs, 2 on bad usage.

Options:
  --cassettes DIR       the recorded exchanges
  --catalog FILE        catalogue of the simulator, so it serves the recording's models
  --model-map FROM=TO   send model TO where the recording asked for FROM (repeatable),
                        e.g. --model-map gpt-4o-mini=openai/gpt-4o-mini
  --seed N              seed of the simulator (default 0)
  --api-key KEY         key the simulator receives where a credential was redacted (default sk-gw-test)
  --json                the report as JSON
  -h, --help            this text`;

const DIFF_OPTIONS = ['cassettes', 'catalog', 'model-map', 'seed', 'api-key', 'json', 'help'];

/**
 * `gatewaykit diff --cassettes DIR`: exit 0 when every answer has the recorded status and shape,
 * 1 when one differs, 2 on bad usage or unreadable cassettes.
 *
 * @example
 * await diff(['--cassettes', 'cassettes']);
 */
export async function diff(argv: string[], io = { out: console.log, err: console.error }): Promise<number> {
  const usage = 'Usage: gatewaykit diff --cassettes DIR [--catalog FILE] [--model-map FROM=TO] [--json] (gatewaykit diff --help)';
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        cassettes: { type: 'string' },
        catalog: { type: 'string' },
        'model-map': { type: 'string', multiple: true },
        seed: { type: 'string' },
        'api-key': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (e) {
    io.err(`gatewaykit diff: ${optionError(e as Error, DIFF_OPTIONS)}\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.out(DIFF_HELP);
    return 0;
  }
  if (!values.cassettes) {
    io.err(`gatewaykit diff: --cassettes DIR is required\n${usage}`);
    return 2;
  }
  const seed = values.seed === undefined ? 0 : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) {
    io.err(`gatewaykit diff: --seed must be a whole number >= 0 (got "${values.seed}")\n${usage}`);
    return 2;
  }
  const models: Record<string, string> = {};
  for (const pair of values['model-map'] ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1) {
      io.err(`gatewaykit diff: --model-map takes FROM=TO, e.g. gpt-4o-mini=openai/gpt-4o-mini (got "${printable(pair)}")\n${usage}`);
      return 2;
    }
    models[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  let catalog: Catalog | undefined;
  if (values.catalog !== undefined) {
    try {
      catalog = loadCatalogFile(values.catalog);
    } catch (e) {
      io.err(`gatewaykit diff: --catalog ${printable((e as Error).message)}`);
      return 2;
    }
  }
  let cassettes;
  try {
    cassettes = readCassettes(values.cassettes);
  } catch (e) {
    io.err(`gatewaykit diff: ${printable((e as Error).message)}`);
    return 2;
  }
  const names = readdirSync(values.cassettes)
    .filter((f) => f.endsWith('.json'))
    .sort();
  if (cassettes.length === 0) {
    io.err(`gatewaykit diff: ${values.cassettes} holds no cassettes (*.json); record some with gatewaykit record`);
    return 2;
  }
  const gateway = createGateway({ seed, clock: virtualClock(), ...(catalog ? { catalog } : {}) });
  const entries: Array<[string, CassetteDiff]> = [];
  for (const [i, cassette] of cassettes.entries()) {
    const answer = await gateway.fetch(cassetteRequest(withModelMap(cassette, models), gateway.baseUrl, values['api-key'] ?? 'sk-gw-test'));
    entries.push([names[i]!, await diffCassette(cassette, answer)]);
  }
  io.out(
    values.json
      ? JSON.stringify(
          entries.map(([file, d]) => ({ file, ...d })),
          null,
          2,
        )
      : formatDiffReport(entries),
  );
  return entries.every(([, d]) => d.identicalShape) ? 0 : 1;
}
