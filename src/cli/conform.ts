import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatCheckLine, formatReport } from '../../conformance/format-report.ts';
import { runConformance, type ConformanceOptions } from '../../conformance/run-conformance.ts';
import { toJunitXml } from '../../conformance/to-junit-xml.ts';

export const CONFORM_HELP = `gatewaykit conform: check a Gateway API implementation against the spec

Usage: gatewaykit conform --base-url URL --api-key KEY [options]

Options:
  --base-url URL        base URL of the API, e.g. http://127.0.0.1:8080/api/v1 (required)
  --api-key KEY         an ordinary API key with credits (required; or $GATEWAY_API_KEY)
  --seed N              fast-check seed (default: random; always printed)
  --runs N              runs per property (default 25)
  --only IDS            comma-separated check ids or group prefixes (stream. or stream)
  --skip IDS            comma-separated check ids or group prefixes to leave out
  --replay PATH         replay one counterexample: with --only <id> --seed S
  --model SLUG          model for generations (default: the cheapest of GET /models)
  --video-model SLUG    model for video jobs (default: from GET /videos/models)
  --max-requests N      budget of paid requests for the run (default 40; 5000 against the simulator)
  --include-videos      submit video jobs (paid on a live gateway; default only against the simulator)
  --no-include-videos   never submit video jobs
  --simulator MODE      auto (default: probe GET /__gatewaykit/clock), yes, no
  --junit FILE          write a JUnit XML report
  --json FILE           write the report as JSON
  -h, --help            this text

Exit status: 0 when every check passed (skips allowed), 1 when any failed, 2 for usage errors.`;

type Io = { out: (line: string) => void; err: (line: string) => void };

function list(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);
}

function integer(name: string, value: string | undefined, min: number): number | undefined | Error {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min) return new Error(`--${name} must be an integer >= ${min} (got "${value}")`);
  return Number(value);
}

/**
 * `gatewaykit conform`: run the suite with live progress, print the table and failures, write
 * the optional JUnit/JSON reports, and return the exit code.
 *
 * @example
 * process.exitCode = await conform(['--base-url', 'http://127.0.0.1:8080/api/v1', '--api-key', 'sk-gw-test']);
 */
export async function conform(argv: string[], io: Io = { out: console.log, err: console.error }, overrides: Partial<ConformanceOptions> = {}): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        seed: { type: 'string' },
        runs: { type: 'string' },
        only: { type: 'string' },
        skip: { type: 'string' },
        replay: { type: 'string' },
        model: { type: 'string' },
        'video-model': { type: 'string' },
        'max-requests': { type: 'string' },
        'include-videos': { type: 'boolean' },
        'no-include-videos': { type: 'boolean' },
        simulator: { type: 'string' },
        junit: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    io.err(`gatewaykit conform: ${(e as Error).message}\n\n${CONFORM_HELP}`);
    return 2;
  }
  if (values.help) {
    io.out(CONFORM_HELP);
    return 0;
  }
  const usage = (message: string) => {
    io.err(`gatewaykit conform: ${message}\n\n${CONFORM_HELP}`);
    return 2;
  };
  const baseUrl = values['base-url'];
  const apiKey = values['api-key'] ?? process.env.GATEWAY_API_KEY;
  if (!baseUrl) return usage('--base-url is required');
  try {
    new URL(baseUrl);
  } catch {
    return usage(`--base-url is not a URL: ${baseUrl}`);
  }
  if (!apiKey) return usage('--api-key (or $GATEWAY_API_KEY) is required');
  const seed = integer('seed', values.seed, -(2 ** 31));
  const runs = integer('runs', values.runs, 1);
  const maxRequests = integer('max-requests', values['max-requests'], 0);
  for (const v of [seed, runs, maxRequests]) if (v instanceof Error) return usage(v.message);
  const simulator = values.simulator ?? 'auto';
  if (!['auto', 'yes', 'no'].includes(simulator)) return usage(`--simulator must be auto, yes or no (got "${simulator}")`);
  if (values['include-videos'] && values['no-include-videos']) return usage('--include-videos and --no-include-videos exclude each other');
  if (values.replay !== undefined && (values.seed === undefined || values.only === undefined)) return usage('--replay needs --seed and --only');

  const report = await runConformance({
    baseUrl,
    apiKey,
    seed: seed as number | undefined,
    runs: runs as number | undefined,
    maxRequests: maxRequests as number | undefined,
    only: list(values.only),
    skip: list(values.skip),
    replay: values.replay,
    model: values.model,
    videoModel: values['video-model'],
    includeVideos: values['include-videos'] ? true : values['no-include-videos'] ? false : undefined,
    simulator: simulator === 'auto' ? 'auto' : simulator === 'yes',
    onProgress: (event) => {
      if (event.kind === 'start') {
        io.out(
          `gatewaykit conform: ${event.total} checks against ${event.target.baseUrl} ` +
            `(${event.target.simulator ? `the gatewaykit simulator, ${event.target.clock} clock` : 'not the simulator'}; model ${event.target.model}; seed ${event.seed})`,
        );
      } else io.out(formatCheckLine(event.result, event.index, event.total));
    },
    ...overrides,
  });
  if (report.checks.length === 0) return usage(`no check matches --only ${values.only ?? ''} --skip ${values.skip ?? ''}`);
  io.out(formatReport(report));
  if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  if (values.junit) writeFileSync(values.junit, toJunitXml(report));
  return report.summary.ok ? 0 : 1;
}
