/**
 * Run by optional-peers.test.ts in a fresh process: makes the optional peers (recheck,
 * junit-report-builder) unresolvable, as in a project that did not install them, then prints what
 * the package says when a feature needs one: a regex script, and `gatewaykit conform --junit`.
 */
import Module from 'node:module';

const hidden = new Set(['recheck', 'junit-report-builder']);
const resolver = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = resolver._resolveFilename;
resolver._resolveFilename = function (request: string, ...rest: unknown[]) {
  if (hidden.has(request)) throw Object.assign(new Error(`Cannot find module '${request}'`), { code: 'MODULE_NOT_FOUND' });
  return resolve.call(this, request, ...rest);
};

const { createGateway } = await import('gatewaykit');
const gateway = createGateway();
gateway.script({ match: { input: 'weather' }, reply: { type: 'text', text: 'Sunny.' } });
let regexRefused = '';
try {
  gateway.script({ match: { input: { regex: 'weather|forecast' } }, reply: { type: 'text', text: 'x' } });
} catch (error) {
  regexRefused = (error as Error).message;
}
const res = await gateway.fetch('/responses', {
  method: 'POST',
  headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'the weather?' }),
});
const plainScriptAnswer = ((await res.json()) as { output_text?: string; output?: Array<{ content?: Array<{ text?: string }> }> }).output?.[0]?.content?.[0]
  ?.text;

const errors: string[] = [];
const error = console.error;
console.error = (...args: unknown[]) => errors.push(args.join(' '));
const { main } = await import('../../src/cli/main.ts');
const conformExit = await main(['conform', '--base-url', 'http://127.0.0.1:9/api/v1', '--api-key', 'sk-gw-test', '--junit', '/dev/null']);
console.error = error;
console.log(JSON.stringify({ regexRefused, plainScriptAnswer, conformExit, conformError: errors.join('\n').split('\n')[0] }));
