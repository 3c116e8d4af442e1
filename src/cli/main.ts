import { conform } from './conform.ts';
import { openapi } from './openapi.ts';
import { serve } from './serve.ts';

const HELP = `gatewaykit: a simulated Gateway API and a conformance suite

Usage:
  gatewaykit serve [options]      run the simulator over HTTP (see: gatewaykit serve --help)
  gatewaykit conform --base-url URL --api-key KEY [options]
                                  check an implementation against the spec (see: gatewaykit conform --help)
  gatewaykit openapi [--out FILE] print the OpenAPI 3.1 description (see: gatewaykit openapi --help)
  gatewaykit help                 this text`;

type Command = (argv: string[]) => Promise<number>;

/** The command list; each command lives in its own file. */
const COMMANDS: Record<string, Command> = {
  serve,
  conform,
  openapi,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(HELP);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`gatewaykit: unknown command "${name}"\n\n${HELP}`);
    return 2;
  }
  return command(rest);
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
