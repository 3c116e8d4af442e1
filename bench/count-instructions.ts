/**
 * User-space instructions per request of `npm start`'s server, counted by valgrind's callgrind:
 * a figure that does not move with the machine's load, for comparing two checkouts of gatewaykit.
 *
 *   npx tsx bench/count-instructions.ts [--row resp-json] [--warm 12000] [--requests 2000] [--windows 3] DIR [DIR...]
 *
 * Each DIR (a checkout, e.g. a git worktree) is started as `npm start` runs it, under callgrind
 * with its counting off. It is warmed up in three batches of new connections (node's stream code
 * is optimised again for the second batch's sockets), then counted in `--windows` windows of
 * `--requests` requests of the bench's default request for the row, and the lowest window is
 * reported. A window that holds one of V8's full collections (every few tens of thousands of
 * requests) or a late optimisation counts it whole, a third or more on top; the lowest window is
 * the steady state, and repeats within about half a percent. CPU time on a shared machine moves
 * by more than the changes worth measuring. This count leaves out the kernel (the socket write)
 * and cache misses: the bench's CPU rows stay the measure of record.
 * Needs valgrind (`apt-get install valgrind`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { AUTH, chatBody, messagesBody, responsesBody } from './default-requests.ts';
import { startScriptFlags } from './start-server.ts';

const ROWS: Record<string, { path: string; body: string }> = {
  'resp-json': { path: '/responses', body: responsesBody(false) },
  'resp-sse': { path: '/responses', body: responsesBody(true) },
  'chat-json': { path: '/chat/completions', body: chatBody(false) },
  'chat-sse': { path: '/chat/completions', body: chatBody(true) },
  'msg-json': { path: '/messages', body: messagesBody(false) },
  'msg-sse': { path: '/messages', body: messagesBody(true) },
};

interface Options {
  readonly row: string;
  readonly warm: number;
  readonly requests: number;
  readonly windows: number;
  readonly dirs: readonly string[];
}

function parseOptions(argv: readonly string[]): Options {
  const options = { row: 'resp-json', warm: 12000, requests: 2000, windows: 3, dirs: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--row') options.row = argv[++i] ?? '';
    else if (arg === '--warm') options.warm = Number(argv[++i]);
    else if (arg === '--requests') options.requests = Number(argv[++i]);
    else if (arg === '--windows') options.windows = Math.max(1, Number(argv[++i]));
    else options.dirs.push(resolve(arg));
  }
  if (!(options.row in ROWS)) throw new Error(`--row is one of ${Object.keys(ROWS).join(', ')}`);
  if (options.dirs.length === 0) throw new Error('name at least one checkout directory');
  return options;
}

/** `npm start`'s server in `dir` under callgrind, counting off; resolves once it listens. */
async function startCounted(dir: string, outDir: string): Promise<{ pid: number; url: string; stop: () => Promise<void> }> {
  execFileSync(process.execPath, ['scripts/start-bundle.mjs', 'serve'], { cwd: dir, stdio: 'ignore' });
  const args = ['--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', `--callgrind-out-file=${outDir}/callgrind.out`];
  const child = spawn('valgrind', [...args, process.execPath, ...startScriptFlags(dir), 'scripts/start.mjs', 'serve', '--port', '0'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((done, fail) => {
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(seen);
      if (found) done(found[1] as string);
    });
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the server in ${dir} exited (${code}) before listening`)));
  });
  const stop = () => new Promise<void>((done) => (child.once('exit', () => done()), child.kill()));
  return { pid: child.pid as number, url, stop };
}

async function send(url: string, row: string, amount: number): Promise<void> {
  const { path, body } = ROWS[row] as { path: string; body: string };
  const result = await autocannon({ url: url + path, method: 'POST', headers: AUTH, body, connections: 10, amount, timeout: 60 });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${url}${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

/** The instructions of each dump callgrind wrote on request (their `summary:` lines); each dump zeroes the count. */
function countedInstructions(outDir: string): number[] {
  const dumps = readdirSync(outDir).filter((file) => /\.\d+$/.test(file));
  if (dumps.length === 0) throw new Error('callgrind wrote no dump');
  return dumps.map((dump) => Number(/^(?:summary|totals): (\d+)/m.exec(readFileSync(join(outDir, dump), 'utf8'))?.[1] ?? NaN));
}

async function instructionsPerRequest(dir: string, options: Options): Promise<number> {
  const outDir = mkdtempSync(join(tmpdir(), 'gatewaykit-callgrind-'));
  const server = await startCounted(dir, outDir);
  try {
    for (let batch = 0; batch < 3; batch++) await send(server.url, options.row, Math.ceil(options.warm / 3));
    execFileSync('callgrind_control', ['-i', 'on', String(server.pid)], { stdio: 'ignore' });
    for (let window = 0; window < options.windows; window++) {
      await send(server.url, options.row, options.requests);
      execFileSync('callgrind_control', ['-d', String(server.pid)], { stdio: 'ignore' });
    }
    return Math.min(...countedInstructions(outDir)) / options.requests;
  } finally {
    await server.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

const options = parseOptions(process.argv.slice(2));
const counts: number[] = [];
for (const dir of options.dirs) {
  const count = await instructionsPerRequest(dir, options);
  counts.push(count);
  const against = counts.length > 1 ? `  (${((count / (counts[0] as number) - 1) * 100).toFixed(1)}% against the first)` : '';
  console.log(`${options.row}  ${dir}: ${Math.round(count).toLocaleString('en')} instructions per request${against}`);
}
