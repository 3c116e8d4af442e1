import { didYouMean } from './did-you-mean.ts';
import { packageVersion } from './package-version.ts';
import { tuneV8ForShortRun } from './tune-v8.ts';

const HELP = `gatewaykit: a simulated Gateway API and a conformance suite

Usage:
  gatewaykit serve [options]      run the simulator over HTTP (see: gatewaykit serve --help)
  gatewaykit conform --base-url URL --api-key KEY [options]
                                  check an implementation against the spec (see: gatewaykit conform --help)
  gatewaykit openapi [--out FILE] print the OpenAPI 3.1 description (see: gatewaykit openapi --help)
  gatewaykit record --upstream URL --out DIR [--port N]
                                  a recording proxy in front of a real gateway (see: gatewaykit record --help)
  gatewaykit diff --cassettes DIR how the simulator differs from recorded answers (see: gatewaykit diff --help)
  gatewaykit --version            the installed version
  gatewaykit help                 this text`;

type Command = (argv: string[]) => Promise<number>;

/**
 * The command list; each command lives in its own file and is loaded only when run, so
 * `gatewaykit serve` does not pay for the conformance suite's imports at start-up.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve.ts')).serve,
  // A conformance run is short and owns its process: V8 is tuned for it before its code loads.
  conform: async () => {
    tuneV8ForShortRun();
    return (await import('./conform.ts')).conform;
  },
  openapi: async () => (await import('./openapi.ts')).openapi,
  record: async () => (await import('./record.ts')).record,
  diff: async () => (await import('./diff.ts')).diff,
};

/**
 * Run the command named by `argv[0]`; resolves with the exit code (2: usage error).
 *
 * @example
 * process.exitCode = await main(['serve', '--port', '0']);
 */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(HELP);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    console.log(packageVersion());
    return 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    // A short message with a suggestion, not the whole help.
    const suggestion = didYouMean(name, Object.keys(COMMANDS));
    console.error(
      `gatewaykit: unknown command "${name}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}\nCommands: ${Object.keys(COMMANDS).join(', ')}. Run gatewaykit help for more.`,
    );
    return 2;
  }
  return (await load())(rest);
}

const isEntry = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntry) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
