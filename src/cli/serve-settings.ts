import { DEFAULT_JOURNAL_BYTES } from '../state/journal.ts';
import type { ServeConfig } from './config-file.ts';
import type { ServeValues } from './serve-args.ts';

/** The numeric settings of `serve`, checked (flags over the config file over defaults). */
export interface ServeSettings {
  port: number;
  seed: number;
  maxBodyBytes: number;
  journalMaxBytes: number;
  webhookConcurrency?: number;
  maxUploadBytes?: number;
  maxConnections?: number;
  maxVideoJobs?: number;
  timeouts: { requestTimeoutMs?: number; headersTimeoutMs?: number; keepAliveTimeoutMs?: number };
}

/** A whole number >= 0 from a flag, or `fallback` when the flag is absent. */
function whole(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number >= 0 (got "${raw}")`);
  return n;
}

/** A whole number >= 1 from a flag, or undefined when the flag is absent. */
function positive(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = whole(name, raw, 0);
  if (n < 1) throw new Error(`--${name} must be at least 1 (got "${raw}")`);
  return n;
}

const TIMEOUT_FLAGS = [
  ['request-timeout-ms', 'requestTimeoutMs'],
  ['headers-timeout-ms', 'headersTimeoutMs'],
  ['keep-alive-timeout-ms', 'keepAliveTimeoutMs'],
] as const;

/**
 * The numeric settings, or a thrown Error naming the flag and the rule it breaks.
 *
 * @example
 * serveSettings({ port: '0' }, undefined, {}).port; // 0
 */
export function serveSettings(values: ServeValues, config: ServeConfig | undefined, env: { PORT?: string }): ServeSettings {
  const base = {
    port: whole('port', values.port ?? env.PORT, config?.port ?? 8080),
    seed: whole('seed', values.seed, config?.seed ?? 0),
    maxBodyBytes: whole('max-body-bytes', values['max-body-bytes'], 10 * 1024 * 1024),
    journalMaxBytes: whole('journal-max-bytes', values['journal-max-bytes'], DEFAULT_JOURNAL_BYTES),
  };
  const optional = {
    maxVideoJobs: positive('max-video-jobs', values['max-video-jobs']),
    maxConnections: values['max-connections'] === undefined ? undefined : whole('max-connections', values['max-connections'], 0),
    maxUploadBytes: values['max-upload-bytes'] === undefined ? undefined : whole('max-upload-bytes', values['max-upload-bytes'], 0),
    webhookConcurrency: positive('webhook-concurrency', values['webhook-concurrency']),
  };
  const timeouts: ServeSettings['timeouts'] = {};
  for (const [flag, key] of TIMEOUT_FLAGS) {
    const ms = positive(flag, values[flag]);
    if (ms !== undefined) timeouts[key] = ms;
  }
  return {
    ...base,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    timeouts,
  };
}

/** The replay flags that only mean something with `--replay DIR`. */
function checkReplayFlags(values: ServeValues): void {
  if (values['replay-miss'] !== undefined && !['simulate', 'error', 'proxy'].includes(values['replay-miss'])) {
    throw new Error(`--replay-miss must be simulate, error or proxy (got "${values['replay-miss']}")`);
  }
  const replayOnly =
    values['replay-miss'] !== undefined ||
    values['replay-ignore'] !== undefined ||
    values['replay-timing'] ||
    values['replay-base-path'] !== undefined ||
    values.upstream !== undefined;
  if (values.replay === undefined && replayOnly) {
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
}

/** The flags with a fixed set of words or a lower bound that no setting above reads. */
export function checkServeFlags(values: ServeValues): void {
  checkReplayFlags(values);
  if (values.timing !== undefined && values.timing !== 'instant' && values.timing !== 'realistic') {
    throw new Error(`--timing must be instant or realistic (got "${values.timing}")`);
  }
  for (const flag of ['first-token-timeout-ms', 'generation-timeout-ms'] as const) positive(flag, values[flag]);
  if (values.clock !== undefined && values.clock !== 'system' && values.clock !== 'virtual') {
    throw new Error(`--clock must be system or virtual (got "${values.clock}")`);
  }
}
