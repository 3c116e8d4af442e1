import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonHeaders } from './targets.ts';
import { runCli } from './cli/run-cli.ts';

// `gatewaykit serve --scripts FILE`, started as a process: run with the other CLI processes in the
// e2e project. The scripted replies in process are in responses-scripts.test.ts.
const MODEL = 'openai/gpt-4o-mini';

describe('gatewaykit serve --scripts FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-scripts-'));
  const run = (args: string[]) => runCli(['serve', '--port', '0', ...args]);

  it('serves the scripted replies of a JSON file', async () => {
    const file = join(dir, 'good.json');
    writeFileSync(file, JSON.stringify([{ match: { input: 'ping' }, reply: { type: 'text', text: 'pong from file' } }]));
    const server = run(['--scripts', file]);
    try {
      const baseUrl = await server.listening();
      await server.waitForOutput(/scripted repl/);
      expect(server.out()).toContain(`1 scripted reply from ${file}`);
      const res = await fetch(`${baseUrl}/responses`, { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model: MODEL, input: 'ping?' }) });
      const body = (await res.json()) as { output: Array<{ content: Array<{ text: string }> }> };
      expect(body.output[0]?.content[0]?.text).toBe('pong from file');
    } finally {
      await server.stop();
    }
  });

  it('a bad file stops start-up with exit code 2, naming file, rule and path', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify([{ reply: { type: 'text', text: 'ok' } }, { id: 'broken', reply: { type: 'error', status: 999 } }]));
    const server = run(['--scripts', file]);
    expect(await server.exited).toBe(2);
    expect(server.err()).toContain(`${file}: scripts[1] ("broken"): reply.status: must be a documented status`);
    expect(server.out()).not.toContain('listening');
    // Every bad rule is named, not only the first.
    const several = join(dir, 'several-bad.json');
    writeFileSync(
      several,
      JSON.stringify([{ id: 'a', reply: { type: 'refusal' } }, { reply: { type: 'text', text: 'ok' } }, { id: 'c', reply: { type: 'error', status: 999 } }]),
    );
    const both = run(['--scripts', several]);
    expect(await both.exited).toBe(2);
    expect(both.err()).toContain(`${several}: scripts[0] ("a"): reply.refusal: required`);
    expect(both.err()).toContain(`${several}: scripts[2] ("c"): reply.status: must be a documented status`);
    const missing = run(['--scripts', join(dir, 'missing.json')]);
    expect(await missing.exited).toBe(2);
    expect(missing.err()).toContain('missing.json: cannot read the scripts file (ENOENT)');
  });
});
