import { parseArgs } from 'node:util';
import type { ApiKey } from '../auth/api-key.ts';
import { demoKeys, parseWindow, RATE_LIMITED_DEMO_KEY } from '../auth/demo-keys.ts';
import { readKeysFile } from '../adapter/node/read-keys-file.ts';
import { printable } from '../replay/printable.ts';
import { missProxy } from '../adapter/node/proxy-miss.ts';
import { readCassettes } from '../adapter/node/read-cassettes.ts';
import type { ReplayOptions } from '../replay/replayer.ts';
import { systemClock } from '../clock/system-clock.ts';
import { virtualClock } from '../clock/virtual-clock.ts';
import { startServer } from '../adapter/node/create-server.ts';
import { stateFileOptions, type StateFileSetup } from '../adapter/node/state-file.ts';
import { readScriptsFile } from '../adapter/node/read-scripts-file.ts';
import type { ScriptRule } from '../scripts/script-rule.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { loadCatalogFile } from '../adapter/node/load-catalog-file.ts';
import { DEFAULT_JOURNAL_BYTES } from '../state/journal.ts';
import { readServeConfig, type ServeConfig } from './config-file.ts';
import { optionError } from './did-you-mean.ts';
import { packageVersion } from './package-version.ts';

export const SERVE_HELP = `gatewaykit serve: run the simulated Gateway API over HTTP

Options:
  --port N            port (default: $PORT or 8080; 0 picks a free one)
  --host HOST         interface (default 127.0.0.1)
  --seed N            seed of every simulated choice (default 0)
  --clock KIND        system (default) or virtual (moves only via POST /__gatewaykit/clock/advance)
  --max-body-bytes N  request-size limit, 413 past it (default 10485760)
  --max-connections N       open connections at most; further ones are closed at once (default: no limit)
  --max-upload-bytes N      audio bytes a multipart /audio/transcriptions upload may carry, 413 past it (default 26214400)
  --journal-max-bytes N     bytes the request journal may hold, oldest dropped first (default 16777216)
  --request-timeout-ms N    whole-request limit for slow clients, 408 past it (default 30000)
  --headers-timeout-ms N    limit for receiving the request headers (default min(request timeout, 20000))
  --keep-alive-timeout-ms N how long an idle keep-alive connection stays open (default 5000)
  --state-file FILE   keep video jobs (and pending webhooks) in FILE across restarts
  --downloadable-uploads  serve uploaded files back from GET /files/{file_id}/content (the reference answers 400; docs/files.md)
  --max-video-jobs N  video jobs kept at most; the oldest finished ones are forgotten past it (default 10000)
  --webhook-secret S  signing secret of X-Gateway-Signature (default whsec_gatewaykit_test)
  --webhook-url URL   default callback URL for jobs submitted without callback_url (HTTPS)
  --webhook-concurrency N   webhook deliveries in flight at once, the rest queue (default 16)
  --webhook-allow-insecure-localhost
                      also deliver to http://localhost / 127.0.0.1 receivers
  --catalog FILE      model/provider catalogue replacing the default ("extends": "default" to layer; docs/catalog.md);
                      "small" picks the embedded 16-model catalogue, "default" the real gateway's models
  --accept-unknown-models
                      an unknown vendor/model id gets a synthesized catalogue entry instead of the 400
  --scripts FILE      scripted replies of POST /responses (JSON array of rules; docs/responses.md)
  --timing MODE       instant (default) or realistic: answers at the routed endpoint's latency and throughput (docs/timing.md)
  --first-token-timeout-ms N   realistic timing: 524 when the first token would come later (default 100000)
  --generation-timeout-ms N    realistic timing: 408 when the whole answer would take longer (default 300000)
  --replay DIR        answer recorded requests from the cassettes of \`gatewaykit record\` (docs/record-replay.md)
  --replay-miss M     a request no cassette matches: simulate (default; marked X-Gatewaykit-Replay: miss),
                      error (404 naming it) or proxy (to --upstream, recorded as a new cassette in DIR)
  --upstream URL      with --replay-miss proxy: base URL of the real gateway, e.g. https://gateway.example/api/v1
  --replay-base-path P  also answer under P, the recorded upstream's path (e.g. /v1), besides /api/v1
  --replay-ignore F   comma-separated body fields left out of matching (e.g. metadata.trace_id)
  --replay-timing     send recorded answers at their recorded times (gateway clock)
  --keys FILE         accepted API keys with credits, rate limits, retry delays ({"keys": [...]}; docs/keys.md)
  --rate-limit-window D  the window of the demo key sk-gw-rate-limited (1 request per D, then 429): 500ms, 2s, 1m
                      or milliseconds (default 2s)
  --config FILE       settings file (default: ./gatewaykit.config.json when present): port, host, seed, clock,
                      keys, scripts, catalog, timing, faults, rateLimitWindow; flags win over it (docs/cli.md)
  --version           the version
  -h, --help          this text`;

const SERVE_USAGE = 'Usage: gatewaykit serve [--port N] [--clock virtual] [--config FILE] ... (gatewaykit serve --help for all options)';

const SERVE_OPTIONS = [
  'port',
  'host',
  'seed',
  'clock',
  'max-body-bytes',
  'journal-max-bytes',
  'request-timeout-ms',
  'headers-timeout-ms',
  'keep-alive-timeout-ms',
  'catalog',
  'accept-unknown-models',
  'state-file',
  'max-video-jobs',
  'downloadable-uploads',
  'webhook-secret',
  'webhook-url',
  'webhook-allow-insecure-localhost',
  'scripts',
  'keys',
  'timing',
  'replay',
  'replay-miss',
  'replay-ignore',
  'replay-timing',
  'replay-base-path',
  'upstream',
  'max-upload-bytes',
  'max-connections',
  'webhook-concurrency',
  'first-token-timeout-ms',
  'generation-timeout-ms',
  'rate-limit-window',
  'config',
  'version',
  'help',
];

/** Parse `serve` arguments; returns an exit code once the server has shut down. */
export async function serve(argv: string[], io = { out: console.log, err: console.error }): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        clock: { type: 'string' },
        'max-body-bytes': { type: 'string' },
        'journal-max-bytes': { type: 'string' },
        'max-upload-bytes': { type: 'string' },
        'max-connections': { type: 'string' },
        'request-timeout-ms': { type: 'string' },
        'headers-timeout-ms': { type: 'string' },
        'keep-alive-timeout-ms': { type: 'string' },
        catalog: { type: 'string' },
        'accept-unknown-models': { type: 'boolean' },
        'state-file': { type: 'string' },
        'max-video-jobs': { type: 'string' },
        'webhook-secret': { type: 'string' },
        'webhook-url': { type: 'string' },
        'webhook-allow-insecure-localhost': { type: 'boolean' },
        'downloadable-uploads': { type: 'boolean' },
        'webhook-concurrency': { type: 'string' },
        scripts: { type: 'string' },
        keys: { type: 'string' },
        timing: { type: 'string' },
        replay: { type: 'string' },
        'replay-miss': { type: 'string' },
        'replay-ignore': { type: 'string' },
        'replay-timing': { type: 'boolean' },
        'replay-base-path': { type: 'string' },
        upstream: { type: 'string' },
        'first-token-timeout-ms': { type: 'string' },
        'generation-timeout-ms': { type: 'string' },
        'rate-limit-window': { type: 'string' },
        config: { type: 'string' },
        version: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (e) {
    // A short message with a suggestion, not the whole help.
    io.err(`gatewaykit serve: ${optionError(e as Error, SERVE_OPTIONS)}\n${SERVE_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(SERVE_HELP);
    return 0;
  }
  if (values.version) {
    io.out(packageVersion());
    return 0;
  }
  let config: ServeConfig | undefined;
  try {
    config = readServeConfig(values.config, process.cwd());
  } catch (e) {
    io.err(`gatewaykit serve: ${values.config ? '--config ' : ''}${(e as Error).message}`);
    return 2;
  }
  const int = (name: string, raw: string | undefined, fallback: number) => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number >= 0 (got "${raw}")`);
    return n;
  };
  let port: number, seed: number, maxBodyBytes: number, journalMaxBytes: number;
  let webhookConcurrency: number | undefined;
  let maxUploadBytes: number | undefined;
  let maxConnections: number | undefined;
  let maxVideoJobs: number | undefined;
  const timeouts: { requestTimeoutMs?: number; headersTimeoutMs?: number; keepAliveTimeoutMs?: number } = {};
  try {
    port = int('port', values.port ?? process.env.PORT, config?.port ?? 8080);
    seed = int('seed', values.seed, config?.seed ?? 0);
    maxBodyBytes = int('max-body-bytes', values['max-body-bytes'], 10 * 1024 * 1024);
    journalMaxBytes = int('journal-max-bytes', values['journal-max-bytes'], DEFAULT_JOURNAL_BYTES);
    if (values['max-video-jobs'] !== undefined) {
      maxVideoJobs = int('max-video-jobs', values['max-video-jobs'], 0);
      if (maxVideoJobs < 1) throw new Error(`--max-video-jobs must be at least 1 (got "${values['max-video-jobs']}")`);
    }
    if (values['max-connections'] !== undefined) maxConnections = int('max-connections', values['max-connections'], 0);
    if (values['max-upload-bytes'] !== undefined) maxUploadBytes = int('max-upload-bytes', values['max-upload-bytes'], 0);
    if (values['webhook-concurrency'] !== undefined) {
      webhookConcurrency = int('webhook-concurrency', values['webhook-concurrency'], 16);
      if (webhookConcurrency < 1) throw new Error(`--webhook-concurrency must be at least 1 (got "${values['webhook-concurrency']}")`);
    }
    for (const [flag, key] of [
      ['request-timeout-ms', 'requestTimeoutMs'],
      ['headers-timeout-ms', 'headersTimeoutMs'],
      ['keep-alive-timeout-ms', 'keepAliveTimeoutMs'],
    ] as const) {
      const raw = values[flag];
      if (raw === undefined) continue;
      const ms = int(flag, raw, 0);
      if (ms < 1) throw new Error(`--${flag} must be at least 1 (got "${raw}")`);
      timeouts[key] = ms;
    }
    if (values['replay-miss'] !== undefined && !['simulate', 'error', 'proxy'].includes(values['replay-miss'])) {
      throw new Error(`--replay-miss must be simulate, error or proxy (got "${values['replay-miss']}")`);
    }
    if (
      values.replay === undefined &&
      (values['replay-miss'] !== undefined ||
        values['replay-ignore'] !== undefined ||
        values['replay-timing'] ||
        values['replay-base-path'] !== undefined ||
        values.upstream !== undefined)
    ) {
      throw new Error('--replay-miss, --replay-ignore, --replay-timing, --replay-base-path and --upstream need --replay DIR');
    }
    if ((values['replay-miss'] === 'proxy') !== (values.upstream !== undefined)) {
      throw new Error(values.upstream === undefined ? '--replay-miss proxy needs --upstream URL (the real gateway)' : '--upstream is for --replay-miss proxy');
    }
    if (values.upstream !== undefined && !/^https?:\/\/[^/]/i.test(values.upstream)) {
      throw new Error(`--upstream must be an http(s) URL (got "${values.upstream}")`);
    }
    if (values['replay-base-path'] !== undefined && !/^\/[^?#]*$/.test(values['replay-base-path'])) {
      throw new Error(`--replay-base-path must be a path starting with / (got "${values['replay-base-path']}")`);
    }
    if (values.timing !== undefined && values.timing !== 'instant' && values.timing !== 'realistic') {
      throw new Error(`--timing must be instant or realistic (got "${values.timing}")`);
    }
    for (const flag of ['first-token-timeout-ms', 'generation-timeout-ms'] as const) {
      const raw = values[flag];
      if (raw !== undefined && int(flag, raw, 0) < 1) throw new Error(`--${flag} must be at least 1 (got "${raw}")`);
    }
    if (values.clock !== undefined && values.clock !== 'system' && values.clock !== 'virtual') {
      throw new Error(`--clock must be system or virtual (got "${values.clock}")`);
    }
  } catch (e) {
    io.err(`gatewaykit serve: ${(e as Error).message}`);
    return 2;
  }
  let scripts: ScriptRule[] = config?.scripts ?? [];
  if (values.scripts !== undefined) {
    // A bad scripts file stops start-up before listening (exit 2), naming file, rule and path.
    try {
      scripts = await readScriptsFile(values.scripts);
    } catch (e) {
      io.err(`gatewaykit serve: --scripts ${(e as Error).message}`);
      return 2;
    }
  }
  let catalog: Catalog | undefined = config?.catalog;
  if (values.catalog !== undefined) {
    // A bad catalogue stops start-up before listening (exit 2), naming the file, the path and the rule.
    try {
      catalog = loadCatalogFile(values.catalog);
    } catch (e) {
      io.err(`gatewaykit serve: --catalog ${(e as Error).message}`);
      return 2;
    }
  }
  let keys: ApiKey[] | undefined = config?.keys;
  if (values.keys !== undefined) {
    // A bad keys file stops start-up before listening (exit 2), naming the file and the path.
    try {
      keys = await readKeysFile(values.keys);
    } catch (e) {
      io.err(`gatewaykit serve: --keys ${(e as Error).message}`);
      return 2;
    }
  }
  // The demo keys' rate-limited window (flag over config); a user's own keys carry their own.
  let rateLimitWindowMs = config?.rateLimitWindowMs;
  if (values['rate-limit-window'] !== undefined) {
    try {
      rateLimitWindowMs = parseWindow(values['rate-limit-window']);
    } catch (e) {
      io.err(`gatewaykit serve: --rate-limit-window ${(e as Error).message}`);
      return 2;
    }
  }
  if (rateLimitWindowMs !== undefined && keys) {
    io.err(
      `gatewaykit serve: --rate-limit-window sets the window of the demo key ${RATE_LIMITED_DEMO_KEY}; with keys of your own, set rateLimit.windowMs in your keys file (docs/keys.md)`,
    );
    return 2;
  }
  let replay: ReplayOptions | undefined;
  if (values.replay !== undefined) {
    // Unreadable or invalid cassettes stop start-up before listening (exit 2), naming the file.
    try {
      replay = {
        cassettes: readCassettes(values.replay),
        miss: (values['replay-miss'] ?? 'simulate') as 'simulate' | 'error' | 'proxy',
        ignoreFields: (values['replay-ignore'] ?? '')
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
        timing: values['replay-timing'] ?? false,
        ...(values['replay-base-path'] !== undefined ? { basePath: values['replay-base-path'] } : {}),
        ...(values.upstream !== undefined
          ? {
              onMiss: missProxy({
                upstream: values.upstream,
                out: values.replay,
                onRecorded: (file, c) => io.out(`  recorded miss: ${file}  ${c.request.method} ${printable(c.request.path)} -> ${c.response.status}`),
                onNotRecorded: io.err,
              }),
            }
          : {}),
      };
    } catch (e) {
      io.err(`gatewaykit serve: --replay ${(e as Error).message}`);
      return 2;
    }
  }
  const clock = (values.clock ?? config?.clock) === 'virtual' ? virtualClock() : systemClock();
  const fromConfig = typeof config?.timing === 'string' ? { mode: config.timing } : (config?.timing ?? {});
  const timing = {
    ...fromConfig,
    mode: (values.timing ?? fromConfig.mode ?? 'instant') as 'instant' | 'realistic',
    ...(values['first-token-timeout-ms'] !== undefined ? { firstTokenTimeoutMs: Number(values['first-token-timeout-ms']) } : {}),
    ...(values['generation-timeout-ms'] !== undefined ? { generationTimeoutMs: Number(values['generation-timeout-ms']) } : {}),
  };

  // A state file that cannot be used stops start-up before listening (exit 2), naming it and the problem.
  let state: StateFileSetup | undefined;
  if (values['state-file'] !== undefined) {
    try {
      state = await stateFileOptions(values['state-file'], clock);
    } catch (e) {
      io.err(`gatewaykit serve: --state-file ${(e as Error).message}`);
      return 2;
    }
  }

  let running;
  // Bound once the server runs: what `POST /__gatewaykit/shutdown` does (the same as SIGTERM).
  let requestStop = () => {};
  try {
    const webhooks = {
      secret: values['webhook-secret'],
      defaultCallbackUrl: values['webhook-url'],
      allowInsecureLocalhost: values['webhook-allow-insecure-localhost'] ?? false,
      ...(webhookConcurrency !== undefined ? { maxConcurrent: webhookConcurrency } : {}),
    };
    const bounds = maxVideoJobs !== undefined ? { bounds: { maxJobs: maxVideoJobs } } : {};
    const persisted =
      state || maxVideoJobs !== undefined ? { videoJobs: { ...state?.videoJobs, ...bounds }, ...(state ? { management: state.management } : {}) } : {};
    const files = { ...state?.files, ...(values['downloadable-uploads'] ? { uploadsDownloadable: true } : {}) };
    running = await startServer({
      onShutdownRequest: () => requestStop(),
      port,
      host: values.host ?? config?.host ?? '127.0.0.1',
      seed,
      clock,
      maxBodyBytes,
      ...(maxUploadBytes !== undefined ? { maxUploadBytes } : {}),
      ...(maxConnections ? { maxConnections } : {}),
      journalMaxBytes,
      ...timeouts,
      webhooks,
      scripts,
      ...(catalog ? { catalog } : {}),
      ...(values['accept-unknown-models'] || config?.acceptUnknownModels ? { acceptUnknownModels: true } : {}),
      ...(keys ? { keys } : rateLimitWindowMs !== undefined ? { keys: demoKeys(rateLimitWindowMs) } : {}),
      ...(replay ? { replay } : {}),
      timing,
      ...persisted,
      files,
    });
  } catch (e) {
    await state?.log.close();
    io.err(`gatewaykit serve: cannot start: ${(e as Error).message}`);
    return 1;
  }
  // Provider faults of the config file, set once the gateway exists (an unknown provider is a mistake).
  for (const [provider, fault] of Object.entries(config?.faults ?? {})) {
    try {
      running.gateway.control.failProvider(provider, fault.status, fault.count);
    } catch (e) {
      io.err(`gatewaykit serve: ${config!.file}: faults.${provider}: ${(e as Error).message}`);
      await running.close();
      await state?.log.close();
      return 2;
    }
  }
  io.out(`gatewaykit simulator listening on ${running.baseUrl}`);
  if (state) {
    io.out(
      `  state file: ${values['state-file']} (${running.gateway.videos.list().length} video jobs, ${state.management?.restore?.keys.length ?? 0} saved keys, ${state.files?.restore?.files.length ?? 0} saved files)`,
    );
    for (const note of state.repaired) io.out(`    repaired: ${note}`);
  }
  if (config) io.out(`  config: ${config.file}`);
  io.out(`  clock: ${clock.kind}, seed: ${seed}, timing: ${timing.mode}`);
  const scriptsFrom = values.scripts ?? config?.scriptsFrom;
  if (scriptsFrom !== undefined) io.out(`  scripts: ${scripts.length} scripted repl${scripts.length === 1 ? 'y' : 'ies'} from ${scriptsFrom}`);
  const faults = Object.entries(config?.faults ?? {});
  if (faults.length > 0)
    io.out(
      `  provider faults (from ${config!.file}): ${faults.map(([provider, f]) => `${provider} ${f.status}${f.count !== undefined ? ` x${f.count}` : ' (all)'}`).join(', ')}`,
    );
  if (replay) {
    const under = replay.basePath ? ` (also under ${replay.basePath})` : '';
    io.out(
      `  replay: ${replay.cassettes.length} cassette(s) from ${values.replay}${under}, misses: ${replay.miss}${values.upstream ? ` to ${values.upstream}, recorded` : ''}`,
    );
  }
  if (keys) {
    // The keys are the user's own: show only enough of each to tell them apart.
    io.out(`  keys: ${keys.length} from ${values.keys ?? config?.keysFrom ?? config?.file}`);
    for (const k of keys) io.out(`    ${maskKey(k.key).padEnd(20)} ${k.label ?? ''}`);
  } else {
    io.out('  demo keys:');
    for (const k of demoKeys(rateLimitWindowMs))
      io.out(`    ${k.key.padEnd(20)} ${k.label ?? ''}${k.key === RATE_LIMITED_DEMO_KEY ? ' (--rate-limit-window)' : ''}`);
  }
  io.out(`  inspector:   ${new URL(running.baseUrl).origin}/__gatewaykit/ (open it in a browser on this machine)`);
  io.out(`  control API: ${new URL(running.baseUrl).origin}/__gatewaykit/ (reset, requests, clock/advance, providers/<slug>/faults, scripts, videos)`);

  await new Promise<void>((resolve) => {
    requestStop = () => stop('POST /__gatewaykit/shutdown');
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      io.out(`\ngatewaykit: ${signal} received, shutting down`);
      void running
        .close()
        .then(() => state?.log.close())
        .then(resolve);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  return 0;
}

/** `sk-abc…` : the first 6 characters of a key, for start-up output. */
function maskKey(key: string): string {
  return key.length <= 6 ? `${key.slice(0, 2)}…` : `${key.slice(0, 6)}…`;
}
