import { readFile } from 'node:fs/promises';
import { parseApiKeys, type ApiKey } from './api-key.ts';

/**
 * Read and validate a keys file for `gatewaykit serve --keys FILE` (node only; the core never
 * imports this): `{"keys": [{"key": "sk-...", "rateLimit": {...}, ...}]}` or a bare array.
 * Throws an Error naming the file and the path of the problem.
 *
 * @example
 * const keys = await readKeysFile('keys.json');
 */
export async function readKeysFile(path: string): Promise<ApiKey[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new Error(`${path}: cannot read the keys file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${path}: not valid JSON (${(e as Error).message})`);
  }
  return parseApiKeys(json, path);
}
