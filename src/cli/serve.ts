import { demoKeys } from '../auth/demo-keys.ts';
import { systemClock } from '../clock/system-clock.ts';
import { virtualClock } from '../clock/virtual-clock.ts';
import type { Clock } from '../clock/clock.ts';
import { startServer, type RunningServer, type ServeOptions } from '../adapter/node/create-server.ts';
import { readServeConfig, type ServeConfig } from './config-file.ts';
import { optionError } from './did-you-mean.ts';
import { packageVersion } from './package-version.ts';
import { parseServeArgs, SERVE_OPTION_NAMES, type ServeValues } from './serve-args.ts';
import { checkServeFlags, serveSettings, type ServeSettings } from './serve-settings.ts';
import { loadServeInputs, type ServeInputs, type ServeIo } from './serve-inputs.ts';
import { serveBanner } from './serve-banner.ts';

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
  --no-fast-paths     turn off every memo and shortcut (answer, plan and route memos, tiered parsing,
                      light Fetch objects): the same bytes, the long way
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
                      keys, scripts, catalog, timing, faults, rateLimitWindow, acceptUnknownModels,
                      fastPaths; flags win over it (docs/cli.md)
  --version           the version
  -h, --help          this text`;

const SERVE_USAGE = 'Usage: gatewaykit serve [--port N] [--clock virtual] [--config FILE] ... (gatewaykit serve --help for all options)';

/** A start-up problem: printed after `gatewaykit serve: `, then exit with `code`. */
class StartupError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** The timing of the flags over the config file's. */
function timingOptions(values: ServeValues, config: ServeConfig | undefined) {
  const fromConfig = typeof config?.timing === 'string' ? { mode: config.timing } : (config?.timing ?? {});
  return {
    ...fromConfig,
    mode: (values.timing ?? fromConfig.mode ?? 'instant') as 'instant' | 'realistic',
    ...(values['first-token-timeout-ms'] !== undefined ? { firstTokenTimeoutMs: Number(values['first-token-timeout-ms']) } : {}),
    ...(values['generation-timeout-ms'] !== undefined ? { generationTimeoutMs: Number(values['generation-timeout-ms']) } : {}),
  };
}

/** Whether the flag or the config file turns the fast paths off (docs/decisions/0085-fast-paths-behind-one-seam.md). */
function fastPathsOff(values: ServeValues, config: ServeConfig | undefined): boolean {
  return values['no-fast-paths'] === true || config?.fastPaths === false;
}

/** What the state file, the video-job bound and the uploads flag give the gateway. */
function storageOptions(values: ServeValues, settings: ServeSettings, inputs: ServeInputs): Partial<ServeOptions> {
  const { state } = inputs;
  const bounds = settings.maxVideoJobs !== undefined ? { bounds: { maxJobs: settings.maxVideoJobs } } : {};
  const persisted =
    state || settings.maxVideoJobs !== undefined ? { videoJobs: { ...state?.videoJobs, ...bounds }, ...(state ? { management: state.management } : {}) } : {};
  const files = { ...state?.files, ...(values['downloadable-uploads'] ? { uploadsDownloadable: true } : {}) };
  return { ...persisted, files };
}

/** The server's options from the checked flags, the config file and the files they name. */
function serverOptions(values: ServeValues, config: ServeConfig | undefined, settings: ServeSettings, inputs: ServeInputs, clock: Clock): ServeOptions {
  const { maxUploadBytes, maxConnections, webhookConcurrency } = settings;
  const { keys, rateLimitWindowMs, catalog, replay } = inputs;
  return {
    port: settings.port,
    host: values.host ?? config?.host ?? '127.0.0.1',
    seed: settings.seed,
    clock,
    maxBodyBytes: settings.maxBodyBytes,
    ...(maxUploadBytes !== undefined ? { maxUploadBytes } : {}),
    ...(maxConnections ? { maxConnections } : {}),
    journalMaxBytes: settings.journalMaxBytes,
    ...settings.timeouts,
    webhooks: {
      secret: values['webhook-secret'],
      defaultCallbackUrl: values['webhook-url'],
      allowInsecureLocalhost: values['webhook-allow-insecure-localhost'] ?? false,
      ...(webhookConcurrency !== undefined ? { maxConcurrent: webhookConcurrency } : {}),
    },
    scripts: inputs.scripts,
    ...(catalog ? { catalog } : {}),
    ...(values['accept-unknown-models'] || config?.acceptUnknownModels ? { acceptUnknownModels: true } : {}),
    ...(fastPathsOff(values, config) ? { fastPaths: false } : {}),
    ...(keys ? { keys } : rateLimitWindowMs !== undefined ? { keys: demoKeys(rateLimitWindowMs) } : {}),
    ...(replay ? { replay } : {}),
    timing: timingOptions(values, config),
    ...storageOptions(values, settings, inputs),
  };
}

/** Provider faults of the config file, set once the gateway exists (an unknown provider is a mistake). */
function applyConfigFaults(running: RunningServer, config: ServeConfig | undefined): void {
  for (const [provider, fault] of Object.entries(config?.faults ?? {})) {
    try {
      running.gateway.control.failProvider(provider, fault.status, fault.count);
    } catch (e) {
      throw new StartupError(`${config!.file}: faults.${provider}: ${(e as Error).message}`, 2);
    }
  }
}

/** Resolve once SIGINT, SIGTERM or `POST /__gatewaykit/shutdown` stopped the server and closed the state log. */
function untilStopped(running: RunningServer, inputs: ServeInputs, io: ServeIo, bindShutdown: (stop: () => void) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      io.out(`\ngatewaykit: ${signal} received, shutting down`);
      void running
        .close()
        .then(() => inputs.state?.log.close())
        .then(resolve);
    };
    bindShutdown(() => stop('POST /__gatewaykit/shutdown'));
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

/** The flags, the config file, the settings and the files, checked; a problem is a StartupError with exit 2. */
async function prepare(values: ServeValues, io: ServeIo) {
  const config = (() => {
    try {
      return readServeConfig(values.config, process.cwd());
    } catch (e) {
      throw new StartupError(`${values.config ? '--config ' : ''}${(e as Error).message}`, 2);
    }
  })();
  try {
    const settings = serveSettings(values, config, process.env);
    checkServeFlags(values);
    const clock = (values.clock ?? config?.clock) === 'virtual' ? virtualClock() : systemClock();
    const inputs = await loadServeInputs(values, config, clock, io);
    return { config, settings, clock, inputs };
  } catch (e) {
    throw e instanceof StartupError ? e : new StartupError((e as Error).message, 2);
  }
}

/** Start the server; a failure closes what start-up opened. */
async function start(values: ServeValues, prepared: Awaited<ReturnType<typeof prepare>>, onShutdownRequest: () => void): Promise<RunningServer> {
  const { config, settings, inputs, clock } = prepared;
  let running: RunningServer;
  try {
    running = await startServer({ ...serverOptions(values, config, settings, inputs, clock), onShutdownRequest });
  } catch (e) {
    await inputs.state?.log.close();
    throw new StartupError(`cannot start: ${(e as Error).message}`, 1);
  }
  try {
    applyConfigFaults(running, config);
  } catch (e) {
    await running.close();
    await inputs.state?.log.close();
    throw e;
  }
  return running;
}

/** Parse `serve` arguments; returns an exit code once the server has shut down. */
export async function serve(argv: string[], io: ServeIo = { out: console.log, err: console.error }): Promise<number> {
  let values: ServeValues;
  try {
    values = parseServeArgs(argv);
  } catch (e) {
    // A short message with a suggestion, not the whole help.
    io.err(`gatewaykit serve: ${optionError(e as Error, SERVE_OPTION_NAMES)}\n${SERVE_USAGE}`);
    return 2;
  }
  if (values.help || values.version) {
    io.out(values.help ? SERVE_HELP : packageVersion());
    return 0;
  }
  // Bound once the server runs: what `POST /__gatewaykit/shutdown` does (the same as SIGTERM).
  let requestStop = () => {};
  try {
    const prepared = await prepare(values, io);
    const running = await start(values, prepared, () => requestStop());
    const { config, settings, clock, inputs } = prepared;
    const facts = {
      baseUrl: running.baseUrl,
      clockKind: clock.kind,
      seed: settings.seed,
      timingMode: timingOptions(values, config).mode,
      fastPaths: !fastPathsOff(values, config),
      videoJobs: running.gateway.videos.list().length,
    };
    for (const line of serveBanner(values, config, inputs, facts)) io.out(line);
    await untilStopped(running, inputs, io, (stop) => (requestStop = stop));
    return 0;
  } catch (e) {
    if (!(e instanceof StartupError)) throw e;
    io.err(`gatewaykit serve: ${e.message}`);
    return e.code;
  }
}
