import { parseArgs } from 'node:util';
import { startRecorder } from '../adapter/node/record-proxy.ts';
import { optionError } from './did-you-mean.ts';

export const RECORD_HELP = `gatewaykit record: a recording proxy in front of a real gateway

Usage: gatewaykit record --upstream URL --out DIR [--port N] [--host HOST]

Forwards every request, with the caller's credentials, to the upstream gateway, answers with
the upstream's bytes as they arrive (streams chunk by chunk), and writes one readable cassette
per exchange into DIR, every credential redacted. Replay them with
\`gatewaykit serve --replay DIR\`; compare the simulator with them with \`gatewaykit diff --cassettes DIR\`.

Options:
  --upstream URL   base URL of the gateway to record, e.g. https://gateway.example/api/v1
  --out DIR        directory for the cassettes (created if missing)
  --port N         port of the proxy (default 8081; 0 picks a free one)
  --host HOST      interface (default 127.0.0.1)
  -h, --help       this text`;

/**
 * `gatewaykit record`: run the recording proxy until SIGINT/SIGTERM.
 *
 * @example
 * await record(['--upstream', 'http://127.0.0.1:8080/api/v1', '--out', 'cassettes', '--port', '0']);
 */
export async function record(argv: string[], io = { out: console.log, err: console.error }): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        upstream: { type: 'string' },
        out: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (e) {
    io.err(
      `gatewaykit record: ${optionError(e as Error, ['upstream', 'out', 'port', 'host', 'help'])}\nUsage: gatewaykit record --upstream URL --out DIR [--port N] (gatewaykit record --help)`,
    );
    return 2;
  }
  if (values.help) {
    io.out(RECORD_HELP);
    return 0;
  }
  const usage = 'Usage: gatewaykit record --upstream URL --out DIR [--port N] (gatewaykit record --help)';
  if (!values.upstream || !values.out) {
    io.err(`gatewaykit record: ${!values.upstream ? '--upstream URL' : '--out DIR'} is required\n${usage}`);
    return 2;
  }
  let upstream: URL;
  try {
    upstream = new URL(values.upstream);
    if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    io.err(`gatewaykit record: --upstream must be an http(s) URL (got "${values.upstream}")\n${usage}`);
    return 2;
  }
  const port = values.port === undefined ? 8081 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`gatewaykit record: --port must be a whole number from 0 to 65535 (got "${values.port}")\n${usage}`);
    return 2;
  }
  let recorder;
  try {
    recorder = await startRecorder({
      upstream: upstream.href.replace(/\/+$/, ''),
      out: values.out,
      port,
      host: values.host,
      onRecorded: (file, c) => io.out(`  ${file}  ${c.request.method} ${c.request.path} -> ${c.response.status}`),
      onNotRecorded: io.err,
    });
  } catch (e) {
    io.err(`gatewaykit record: cannot start: ${(e as Error).message}`);
    return 1;
  }
  io.out(`gatewaykit recording proxy listening on ${recorder.baseUrl}`);
  io.out(`  upstream: ${upstream.origin}${upstream.pathname.replace(/\/+$/, '')}`);
  io.out(`  cassettes: ${values.out}`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      io.out(`\ngatewaykit: ${signal} received, ${recorder.recorded()} cassette(s) written`);
      void recorder.close().then(resolve);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  return 0;
}
