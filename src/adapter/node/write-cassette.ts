import { openSync, readdirSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Write `text` as the next numbered cassette `NNNN-<slug>.json` in `dir`, never over an existing
 * file: the number starts after the highest one there, and the file is created exclusively
 * (`wx`), so another recorder writing the same folder makes this one take the next number.
 *
 * @example
 * writeNumberedCassette('cassettes', 'post-responses', '{...}'); // '0001-post-responses.json'
 */
export function writeNumberedCassette(dir: string, slug: string, text: string): string {
  let next = highestNumber(dir) + 1;
  for (;;) {
    const file = `${String(next).padStart(4, '0')}-${slug}.json`;
    let fd: number;
    try {
      fd = openSync(join(dir, file), 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        next = Math.max(next + 1, highestNumber(dir) + 1);
        continue;
      }
      throw error;
    }
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    return file;
  }
}

function highestNumber(dir: string): number {
  let highest = 0;
  for (const name of readdirSync(dir)) {
    const m = /^(\d+)-/.exec(name);
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  return highest;
}
