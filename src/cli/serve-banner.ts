import { demoKeys, RATE_LIMITED_DEMO_KEY } from '../auth/demo-keys.ts';
import type { ServeConfig } from './config-file.ts';
import type { ServeInputs } from './serve-inputs.ts';
import type { ServeValues } from './serve-args.ts';

/** What the start-up lines describe, besides the flags and the config file. */
export interface ServeBannerFacts {
  baseUrl: string;
  clockKind: string;
  seed: number;
  timingMode: string;
  fastPaths: boolean;
  videoJobs: number;
}

/** `sk-abc…` : the first 6 characters of a key, for start-up output. */
export function maskKey(key: string): string {
  return key.length <= 6 ? `${key.slice(0, 2)}…` : `${key.slice(0, 6)}…`;
}

/** The lines about the state file, the config, the clock, scripts and faults. */
function settingsLines(values: ServeValues, config: ServeConfig | undefined, inputs: ServeInputs, facts: ServeBannerFacts): string[] {
  const lines: string[] = [];
  const { state, scripts } = inputs;
  if (state) {
    const keys = state.management?.restore?.keys.length ?? 0;
    const files = state.files?.restore?.files.length ?? 0;
    lines.push(`  state file: ${values['state-file']} (${facts.videoJobs} video jobs, ${keys} saved keys, ${files} saved files)`);
    for (const note of state.repaired) lines.push(`    repaired: ${note}`);
  }
  if (config) lines.push(`  config: ${config.file}`);
  lines.push(`  clock: ${facts.clockKind}, seed: ${facts.seed}, timing: ${facts.timingMode}${facts.fastPaths ? '' : ', fast paths: off'}`);
  const scriptsFrom = values.scripts ?? config?.scriptsFrom;
  if (scriptsFrom !== undefined) lines.push(`  scripts: ${scripts.length} scripted repl${scripts.length === 1 ? 'y' : 'ies'} from ${scriptsFrom}`);
  const faults = Object.entries(config?.faults ?? {});
  if (faults.length > 0) {
    const listed = faults.map(([provider, f]) => `${provider} ${f.status}${f.count !== undefined ? ` x${f.count}` : ' (all)'}`).join(', ');
    lines.push(`  provider faults (from ${config!.file}): ${listed}`);
  }
  return lines;
}

/** The lines about replay and the keys (a user's own keys masked: show only enough to tell them apart). */
function sourceLines(values: ServeValues, config: ServeConfig | undefined, inputs: ServeInputs): string[] {
  const lines: string[] = [];
  const { replay, keys } = inputs;
  if (replay) {
    const under = replay.basePath ? ` (also under ${replay.basePath})` : '';
    const misses = `${replay.miss}${values.upstream ? ` to ${values.upstream}, recorded` : ''}`;
    lines.push(`  replay: ${replay.cassettes.length} cassette(s) from ${values.replay}${under}, misses: ${misses}`);
  }
  if (keys) {
    lines.push(`  keys: ${keys.length} from ${values.keys ?? config?.keysFrom ?? config?.file}`);
    for (const k of keys) lines.push(`    ${maskKey(k.key).padEnd(20)} ${k.label ?? ''}`);
  } else {
    lines.push('  demo keys:');
    for (const k of demoKeys(inputs.rateLimitWindowMs)) {
      lines.push(`    ${k.key.padEnd(20)} ${k.label ?? ''}${k.key === RATE_LIMITED_DEMO_KEY ? ' (--rate-limit-window)' : ''}`);
    }
  }
  return lines;
}

/** The start-up output of `serve`, once it listens. */
export function serveBanner(values: ServeValues, config: ServeConfig | undefined, inputs: ServeInputs, facts: ServeBannerFacts): string[] {
  const origin = new URL(facts.baseUrl).origin;
  return [
    `gatewaykit simulator listening on ${facts.baseUrl}`,
    ...settingsLines(values, config, inputs, facts),
    ...sourceLines(values, config, inputs),
    `  inspector:   ${origin}/__gatewaykit/ (open it in a browser on this machine)`,
    `  control API: ${origin}/__gatewaykit/ (reset, requests, clock/advance, providers/<slug>/faults, scripts, videos)`,
  ];
}
