import { parseArgs } from 'node:util';

/** The options `gatewaykit serve` takes (their meanings: SERVE_HELP). */
export const SERVE_ARG_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  clock: { type: 'string' },
  'max-body-bytes': { type: 'string' },
  'journal-max-bytes': { type: 'string' },
  'request-timeout-ms': { type: 'string' },
  'headers-timeout-ms': { type: 'string' },
  'keep-alive-timeout-ms': { type: 'string' },
  catalog: { type: 'string' },
  'accept-unknown-models': { type: 'boolean' },
  'no-fast-paths': { type: 'boolean' },
  'state-file': { type: 'string' },
  'max-video-jobs': { type: 'string' },
  'downloadable-uploads': { type: 'boolean' },
  'webhook-secret': { type: 'string' },
  'webhook-url': { type: 'string' },
  'webhook-allow-insecure-localhost': { type: 'boolean' },
  scripts: { type: 'string' },
  keys: { type: 'string' },
  timing: { type: 'string' },
  replay: { type: 'string' },
  'replay-miss': { type: 'string' },
  'replay-ignore': { type: 'string' },
  'replay-timing': { type: 'boolean' },
  'replay-base-path': { type: 'string' },
  upstream: { type: 'string' },
  'max-upload-bytes': { type: 'string' },
  'max-connections': { type: 'string' },
  'webhook-concurrency': { type: 'string' },
  'first-token-timeout-ms': { type: 'string' },
  'generation-timeout-ms': { type: 'string' },
  'rate-limit-window': { type: 'string' },
  config: { type: 'string' },
  version: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The option names, for "did you mean" suggestions (in this order: the first of two equally close wins). */
export const SERVE_OPTION_NAMES = Object.keys(SERVE_ARG_OPTIONS);

/** The parsed flags of one `serve` command line. */
export type ServeValues = ReturnType<typeof parseServeArgs>;

/** Parse `serve` arguments strictly (an unknown option throws, with node's message). */
export function parseServeArgs(argv: string[]) {
  return parseArgs({ args: argv, options: SERVE_ARG_OPTIONS, strict: true }).values;
}
