import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { clockAdvice } from '../../conformance/clock-advice.ts';
import { formatCheckLine, formatReport, formatRuleList } from '../../conformance/format-report.ts';
import { ALL_CHECKS } from '../../conformance/registry.ts';
import {
  DEFAULT_MAX_REQUESTS,
  DEFAULT_MAX_SPEND,
  DEFAULT_RUNS,
  runConformance,
  SIMULATOR_MAX_REQUESTS,
  type ConformanceOptions,
} from '../../conformance/run-conformance.ts';
import { junitWriterMissing, toJunitXml } from '../../conformance/to-junit-xml.ts';
import { toMarkdownReport } from '../../conformance/to-markdown-report.ts';
import { optionError } from './did-you-mean.ts';
import { paidEndpoints } from '../gateway/operations-table.ts';

/** `items` joined by commas into lines of at most `width` characters, each after the first indented by `indent` spaces. */
function wrapped(items: readonly string[], width: number, indent: number): string {
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 2 + item.length <= width) lines[last] += `, ${item}`;
    else lines.push(item);
  }
  return lines.join(`,\n${' '.repeat(indent)}`);
}

export const CONFORM_HELP = `gatewaykit conform: check a Gateway API implementation against the spec

Usage: gatewaykit conform --base-url URL [options]
       gatewaykit conform --list

Options:
  --base-url URL        base URL of the API, e.g. http://127.0.0.1:8080/api/v1 (required)
  --api-key KEY         an ordinary API key with credits (default: $GATEWAY_API_KEY)
  --management-key KEY  a management key for the checks of /keys, /credits and /auth/keys/code
                        (default: $GATEWAY_MANAGEMENT_KEY; the demo key against the simulator; else
                        those checks are skipped). The key checks create one key and delete it.
  --header 'Name: value'  a header sent with every request (repeatable), e.g. a proxy's routing headers
  --timeout-ms N        connect + read deadline of each request (default 30000)
  --max-requests N      hard cap on requests to paid operations, served or rejected, preflight included
                        (default ${DEFAULT_MAX_REQUESTS}; ${SIMULATOR_MAX_REQUESTS} against the simulator; 0 sends none); paid:
                        ${wrapped(
                          paidEndpoints().map((e) => `${e.method} ${e.path}`),
                          60,
                          24,
                        )}
  --max-spend USD       hard cap on what the paid requests may cost, each weighed before it is sent at
                        its worst case (body bytes as input tokens, its output cap, at the listed price
                        of its model; a video job at its SKUs' price per second) (default $${DEFAULT_MAX_SPEND};
                        no cap against the simulator). The report prints what was weighed and the
                        smallest --max-requests that probes every rule
  --include-videos      allow requests to /videos (a submit is paid on a live gateway;
                        default: only against the simulator)
  --no-include-videos   never send a request to /videos
  --seed N              fast-check seed (default: random; always printed)
  --runs N              runs per property (default ${DEFAULT_RUNS})
  --only IDS            comma-separated check ids or group prefixes (stream. or stream)
  --skip IDS            comma-separated check ids or group prefixes to leave out
  --replay PATH         replay one counterexample: with --only <id> --seed S
  --model SLUG          model for generations (default: openai/gpt-4o-mini when listed, else the cheapest of GET /models)
  --reasoning-model SLUG  model for the reasoning answer shape (default: the cheapest reasoning model listed)
  --video-model SLUG    model for video jobs (default: from GET /videos/models)
  --simulator MODE      auto (default: probe GET /__gatewaykit/clock), yes, no
  --strict              inferred rules fail the run too (default: they are advice)
  --junit FILE          write a JUnit XML report (time per check)
  --json FILE           write the report as JSON (payloads whole, observed answers on failures)
  --report FILE.md      write a Markdown report to paste into an issue
  --list                print every rule (section, source, checks) and exit
  -h, --help            this text

Verdicts: PASS, FAIL, SKIP (with the reason), ERROR (no answer: transport failure or timeout,
with the cause), INCONCLUSIVE (a precondition did not hold; names the check that owns it),
ADVICE (an inferred rule failed).

Exit status: 0 every check passed (skips, inconclusive and advice allowed); 1 a check failed;
2 usage error; 3 could not test (the preflight failed: unreachable, not an API, key refused,
no generation), or a check got no answer.`;

type Io = { out: (line: string) => void; err: (line: string) => void };

const CONFORM_USAGE = 'Usage: gatewaykit conform --base-url URL [--api-key KEY] [--only IDS] ... (gatewaykit conform --help for all options)';
const CONFORM_OPTIONS = [
  'base-url',
  'api-key',
  'management-key',
  'header',
  'timeout-ms',
  'seed',
  'runs',
  'only',
  'skip',
  'replay',
  'model',
  'reasoning-model',
  'video-model',
  'max-requests',
  'max-spend',
  'include-videos',
  'no-include-videos',
  'simulator',
  'strict',
  'junit',
  'json',
  'report',
  'list',
  'help',
];

function list(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

function integer(name: string, value: string | undefined, min: number): number | undefined | Error {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min) return new Error(`--${name} must be an integer >= ${min} (got "${value}")`);
  return Number(value);
}

/** `--header 'Name: value'` values as a record, or the first malformed one. */
function usdAmount(name: string, value: string | undefined): number | undefined | Error {
  if (value === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(value)) return new Error(`--${name} must be an amount of USD >= 0 such as 0.50 (got "${value}")`);
  return Number(value);
}

function headers(values: readonly string[]): Record<string, string> | Error {
  const out: Record<string, string> = {};
  for (const value of values) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s?(.*)$/.exec(value);
    if (!match) return new Error(`--header must be 'Name: value' (got "${value}")`);
    out[match[1]!] = match[2]!;
  }
  return out;
}

/** The options `gatewaykit conform` takes (node:util parseArgs). */
const CONFORM_PARSE_OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'management-key': { type: 'string' },
  header: { type: 'string', multiple: true },
  'timeout-ms': { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  only: { type: 'string' },
  skip: { type: 'string' },
  replay: { type: 'string' },
  model: { type: 'string' },
  'reasoning-model': { type: 'string' },
  'video-model': { type: 'string' },
  'max-requests': { type: 'string' },
  'max-spend': { type: 'string' },
  'include-videos': { type: 'boolean' },
  'no-include-videos': { type: 'boolean' },
  simulator: { type: 'string' },
  strict: { type: 'boolean' },
  junit: { type: 'string' },
  json: { type: 'string' },
  report: { type: 'string' },
  list: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Live progress on the terminal: the start line (with clock advice), each check's line, heartbeats of long checks, a preflight that could not test. */
function progressPrinter(io: Io): NonNullable<ConformanceOptions['onProgress']> {
  return (event) => {
    if (event.kind === 'preflight') {
      if (!event.preflight.ok) io.err(`gatewaykit conform: could not test: ${event.preflight.cause}`);
    } else if (event.kind === 'start') {
      if (event.total === 0) return;
      io.out(
        `gatewaykit conform: ${event.total} checks against ${event.target.baseUrl} ` +
          `(${event.target.simulator ? `the gatewaykit simulator, ${event.target.clock} clock` : 'not the simulator'}; model ${event.target.model}; seed ${event.seed})`,
      );
      const advice = clockAdvice(event.target);
      if (advice) io.out(advice);
    } else if (event.kind === 'heartbeat')
      io.out(`  ... ${event.id} still running: ${Math.round(event.elapsedMs / 1000)} s, ${event.requests} requests so far`);
    else io.out(formatCheckLine(event.result, event.index, event.total));
  };
}

/**
 * `gatewaykit conform`: run the suite with live progress (and heartbeats of long checks), print
 * the table and the failures, write the optional JUnit/JSON/Markdown reports, return the exit code.
 *
 * @example
 * process.exitCode = await conform(['--base-url', 'http://127.0.0.1:8080/api/v1', '--api-key', 'sk-gw-test']);
 */
export async function conform(
  argv: string[],
  io: Io = { out: console.log, err: console.error },
  overrides: Partial<ConformanceOptions> = {},
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: CONFORM_PARSE_OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    // One line with a suggestion, not the whole help.
    io.err(`gatewaykit conform: ${optionError(e as Error, CONFORM_OPTIONS)}\n${CONFORM_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(CONFORM_HELP);
    return 0;
  }
  if (values.list) {
    io.out(formatRuleList(ALL_CHECKS));
    return 0;
  }
  const usage = (message: string) => {
    io.err(`gatewaykit conform: ${message}\n${CONFORM_USAGE}`);
    return 2;
  };
  const baseUrl = values['base-url'];
  const apiKey = values['api-key'] ?? env.GATEWAY_API_KEY;
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
  const maxSpend = usdAmount('max-spend', values['max-spend']);
  const timeoutMs = integer('timeout-ms', values['timeout-ms'], 1);
  const extraHeaders = headers(values.header ?? []);
  for (const v of [seed, runs, maxRequests, maxSpend, timeoutMs, extraHeaders]) if (v instanceof Error) return usage(v.message);
  const simulator = values.simulator ?? 'auto';
  if (!['auto', 'yes', 'no'].includes(simulator)) return usage(`--simulator must be auto, yes or no (got "${simulator}")`);
  if (values['include-videos'] && values['no-include-videos']) return usage('--include-videos and --no-include-videos exclude each other');
  if (values.replay !== undefined && (values.seed === undefined || values.only === undefined)) return usage('--replay needs --seed and --only');
  const junitMissing = values.junit ? junitWriterMissing() : undefined;
  if (junitMissing) return usage(`--junit ${junitMissing}`);

  const managementKey = values['management-key'] ?? env.GATEWAY_MANAGEMENT_KEY;
  const report = await runConformance({
    baseUrl,
    apiKey,
    ...(managementKey ? { managementKey } : {}),
    headers: extraHeaders as Record<string, string>,
    ...(timeoutMs !== undefined ? { timeoutMs: timeoutMs as number } : {}),
    seed: seed as number | undefined,
    runs: runs as number | undefined,
    maxRequests: maxRequests as number | undefined,
    ...(maxSpend !== undefined ? { maxSpend: maxSpend as number } : {}),
    only: list(values.only),
    skip: list(values.skip),
    replay: values.replay,
    model: values.model,
    reasoningModel: values['reasoning-model'],
    videoModel: values['video-model'],
    includeVideos: values['include-videos'] ? true : values['no-include-videos'] ? false : undefined,
    simulator: simulator === 'auto' ? 'auto' : simulator === 'yes',
    strict: values.strict ?? false,
    onProgress: progressPrinter(io),
    ...overrides,
  });
  if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  if (values.junit) writeFileSync(values.junit, toJunitXml(report));
  if (values.report) writeFileSync(values.report, toMarkdownReport(report));
  if (!report.preflight.ok) return 3;
  if (report.checks.length === 0) return usage(`no check matches --only ${values.only ?? ''} --skip ${values.skip ?? ''}`);
  io.out(formatReport(report));
  if (report.summary.failed > 0) return 1;
  return report.summary.error > 0 ? 3 : 0;
}
