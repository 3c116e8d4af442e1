import type { ApiKey } from '../auth/api-key.ts';
import { parseWindow, RATE_LIMITED_DEMO_KEY } from '../auth/demo-keys.ts';
import { readKeysFile } from '../adapter/node/read-keys-file.ts';
import { printable } from '../replay/printable.ts';
import { missProxy } from '../adapter/node/proxy-miss.ts';
import { readCassettes } from '../adapter/node/read-cassettes.ts';
import type { ReplayOptions } from '../replay/replayer.ts';
import type { Clock } from '../clock/clock.ts';
import { stateFileOptions, type StateFileSetup } from '../adapter/node/state-file.ts';
import { readScriptsFile } from '../adapter/node/read-scripts-file.ts';
import type { ScriptRule } from '../scripts/script-rule.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { loadCatalogFile } from '../adapter/node/load-catalog-file.ts';
import type { ServeConfig } from './config-file.ts';
import type { ServeValues } from './serve-args.ts';

/** What `serve` reads from files named by its flags (flags over the config file). */
export interface ServeInputs {
  scripts: ScriptRule[];
  catalog?: Catalog;
  keys?: ApiKey[];
  /** The demo keys' rate-limited window; a user's own keys carry their own. */
  rateLimitWindowMs?: number;
  replay?: ReplayOptions;
  state?: StateFileSetup;
}

/** `io` lines a replay proxy prints as it records misses. */
export interface ServeIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Run `read`, prefixing a failure's message with the flag it came from (start-up then stops with exit 2). */
async function fromFlag<T>(flag: string, read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    throw new Error(`${flag} ${(e as Error).message}`);
  }
}

/** The replay options of `--replay DIR` and its companion flags (checked before: checkServeFlags). */
function replayOptions(values: ServeValues, dir: string, io: ServeIo): ReplayOptions {
  const upstream = values.upstream;
  return {
    cassettes: readCassettes(dir),
    miss: (values['replay-miss'] ?? 'simulate') as 'simulate' | 'error' | 'proxy',
    ignoreFields: (values['replay-ignore'] ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
    timing: values['replay-timing'] ?? false,
    ...(values['replay-base-path'] !== undefined ? { basePath: values['replay-base-path'] } : {}),
    ...(upstream !== undefined
      ? {
          onMiss: missProxy({
            upstream,
            out: dir,
            onRecorded: (file, c) => io.out(`  recorded miss: ${file}  ${c.request.method} ${printable(c.request.path)} -> ${c.response.status}`),
            onNotRecorded: io.err,
          }),
        }
      : {}),
  };
}

/** The window of the demo key sk-gw-rate-limited, refused beside keys of the user's own. */
async function rateLimitWindow(values: ServeValues, config: ServeConfig | undefined, keys: ApiKey[] | undefined): Promise<number | undefined> {
  const windowMs =
    values['rate-limit-window'] !== undefined
      ? await fromFlag('--rate-limit-window', () => parseWindow(values['rate-limit-window']!))
      : config?.rateLimitWindowMs;
  if (windowMs !== undefined && keys) {
    throw new Error(
      `--rate-limit-window sets the window of the demo key ${RATE_LIMITED_DEMO_KEY}; with keys of your own, set rateLimit.windowMs in your keys file (docs/keys.md)`,
    );
  }
  return windowMs;
}

/**
 * Every file `serve` reads before listening. A bad file throws, naming the flag, the file and the
 * problem, so start-up stops before the port opens.
 */
export async function loadServeInputs(values: ServeValues, config: ServeConfig | undefined, clock: Clock, io: ServeIo): Promise<ServeInputs> {
  const scripts = values.scripts !== undefined ? await fromFlag('--scripts', () => readScriptsFile(values.scripts!)) : (config?.scripts ?? []);
  const catalog = values.catalog !== undefined ? await fromFlag('--catalog', () => loadCatalogFile(values.catalog!)) : config?.catalog;
  const keys = values.keys !== undefined ? await fromFlag('--keys', () => readKeysFile(values.keys!)) : config?.keys;
  const rateLimitWindowMs = await rateLimitWindow(values, config, keys);
  const replay = values.replay !== undefined ? await fromFlag('--replay', () => replayOptions(values, values.replay!, io)) : undefined;
  // The state file last: it may open a log that must be closed when start-up fails later.
  const state = values['state-file'] !== undefined ? await fromFlag('--state-file', () => stateFileOptions(values['state-file']!, clock)) : undefined;
  return {
    scripts,
    ...(catalog ? { catalog } : {}),
    ...(keys ? { keys } : {}),
    ...(rateLimitWindowMs !== undefined ? { rateLimitWindowMs } : {}),
    ...(replay ? { replay } : {}),
    ...(state ? { state } : {}),
  };
}
