/**
 * Run by recheck-lazy.test.ts in a fresh process (a vitest worker may have loaded recheck already):
 * prints whether recheck is loaded after importing the package, after a plain-string script, and
 * after a regex script.
 */
import { createRequire } from 'node:module';
import { sep } from 'node:path';

const cache = createRequire(import.meta.url).cache;
const loaded = () => Object.keys(cache).some((file) => file.includes(`${sep}recheck${sep}`));

const { createGateway } = await import('gatewaykit');
const gateway = createGateway();
const afterImport = loaded();
gateway.script({ match: { input: 'weather' }, reply: { type: 'text', text: 'Sunny.' } });
const afterPlain = loaded();
let refused = '';
try {
  gateway.script({ match: { input: { regex: '^(a+)+$' } }, reply: { type: 'text', text: 'x' } });
} catch (error) {
  refused = (error as Error).message;
}
console.log(JSON.stringify({ afterImport, afterPlain, afterRegex: loaded(), refused }));
