import { readFile } from 'node:fs/promises';
import { parseApiKeys, type ApiKey } from '../../auth/api-key.ts';

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
  try {
    return parseApiKeys(json, path);
  } catch (e) {
    throw new Error(withLine((e as Error).message, json, text));
  }
}

/** A key's problem with the line it is on (`keys[2].key: ...` names the entry; the line finds it in the file). */
function withLine(message: string, json: unknown, text: string): string {
  const index = /: (?:keys)?\[(\d+)\]\.key: /.exec(message)?.[1];
  if (index === undefined) return message;
  const list = Array.isArray(json) ? json : (json as { keys?: unknown })?.keys;
  const key = Array.isArray(list) ? (list[Number(index)] as { key?: unknown } | undefined)?.key : undefined;
  if (typeof key !== 'string') return message;
  const at = text.indexOf(JSON.stringify(key));
  return at < 0 ? message : `${message} (line ${text.slice(0, at).split('\n').length})`;
}
