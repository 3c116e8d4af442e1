import { readFile } from 'node:fs/promises';
import { parseScriptsFile, type ScriptRule } from '../../scripts/script-rule.ts';

/**
 * Read and validate a scripts file for `gatewaykit serve --scripts FILE` (node only; the core
 * never imports this). Throws an Error naming the file, the rule and the path of the problem.
 *
 * @example
 * const scripts = await readScriptsFile('fixtures/scripts.example.json');
 */
export async function readScriptsFile(path: string): Promise<ScriptRule[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new Error(`${path}: cannot read the scripts file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseScriptsFile(text, path);
}
