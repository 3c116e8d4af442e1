import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseCassette, type Cassette } from './cassette.ts';

/**
 * The cassettes of a directory (`*.json`, in file-name order, i.e. recorded order), validated.
 * Throws an Error naming the file and the path of the first problem.
 *
 * @example
 * const gateway = createGateway({ replay: { cassettes: readCassettes('cassettes') } });
 */
export function readCassettes(dir: string): Cassette[] {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    names = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch (e) {
    throw new Error(`${dir}: cannot read the cassettes directory (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return names.map((name) => {
    const file = join(dir, name);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
    }
    return parseCassette(json, file);
  });
}
