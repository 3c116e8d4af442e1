import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { virtualClock } from '../clock/virtual-clock.ts';
import { createGateway } from '../gateway/create-gateway.ts';
import { cassetteRequest, diffCassette, formatDiffReport, type CassetteDiff } from '../replay/diff-cassette.ts';
import { readCassettes } from '../replay/read-cassettes.ts';

export const DIFF_HELP = `gatewaykit diff: how the simulator differs from a recorded gateway

Usage: gatewaykit diff --cassettes DIR [--seed N] [--api-key KEY] [--json]

Sends each recorded request (cassettes of \`gatewaykit record\`) to an in-process simulator and
reports how its answer differs in shape: status, fields present, absent or typed differently,
and for streams the sequence of event types. Values are not compared.

Options:
  --cassettes DIR  the recorded exchanges
  --seed N         seed of the simulator (default 0)
  --api-key KEY    key the simulator receives where a credential was redacted (default sk-gw-test)
  --json           the report as JSON
  -h, --help       this text`;

/**
 * `gatewaykit diff --cassettes DIR`: exit 0 with the report, 2 on bad usage or unreadable cassettes.
 *
 * @example
 * await diff(['--cassettes', 'cassettes']);
 */
export async function diff(argv: string[], io = { out: console.log, err: console.error }): Promise<number> {
  const usage = 'Usage: gatewaykit diff --cassettes DIR [--seed N] [--json] (gatewaykit diff --help)';
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { cassettes: { type: 'string' }, seed: { type: 'string' }, 'api-key': { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (e) {
    io.err(`gatewaykit diff: ${(e as Error).message}\n${usage}`);
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
  let cassettes;
  try {
    cassettes = readCassettes(values.cassettes);
  } catch (e) {
    io.err(`gatewaykit diff: ${(e as Error).message}`);
    return 2;
  }
  const names = readdirSync(values.cassettes).filter((f) => f.endsWith('.json')).sort();
  if (cassettes.length === 0) {
    io.err(`gatewaykit diff: ${values.cassettes} holds no cassettes (*.json); record some with gatewaykit record`);
    return 2;
  }
  const gateway = createGateway({ seed, clock: virtualClock() });
  const entries: Array<[string, CassetteDiff]> = [];
  for (const [i, cassette] of cassettes.entries()) {
    const answer = await gateway.fetch(cassetteRequest(cassette, gateway.baseUrl, values['api-key'] ?? 'sk-gw-test'));
    entries.push([names[i]!, await diffCassette(cassette, answer)]);
  }
  io.out(values.json ? JSON.stringify(entries.map(([file, d]) => ({ file, ...d })), null, 2) : formatDiffReport(entries));
  return 0;
}
