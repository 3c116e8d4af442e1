import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { jsonDepthExceeds } from '../../json/json-depth.ts';
import { MAX_CASSETTE_JSON_DEPTH, parseCassette, type Cassette } from '../../replay/cassette.ts';

/** The largest cassette file read (a recorded body is at most the body limit, 10 MiB by default). */
export const MAX_CASSETTE_FILE_BYTES = 64 * 1024 * 1024;

/** The envelope around a body in a cassette file: the body's own depth limit plus these levels. */
const CASSETTE_ENVELOPE_DEPTH = 8;

/**
 * One cassette file's text. Only a regular file of at most {@link MAX_CASSETTE_FILE_BYTES} is
 * read: it is opened without blocking (a FIFO would wait for a writer forever) and judged by what
 * was opened (a symbolic link to /dev/zero is a device, refused before a byte is read).
 */
function readCassetteFile(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new Error(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      const kind = stat.isFIFO()
        ? 'a FIFO'
        : stat.isCharacterDevice() || stat.isBlockDevice()
          ? 'a device'
          : stat.isSocket()
            ? 'a socket'
            : stat.isDirectory()
              ? 'a directory'
              : 'not a file';
      throw new Error(`${file}: not a regular file (${kind}); a cassette is a JSON file written by gatewaykit record`);
    }
    if (stat.size > MAX_CASSETTE_FILE_BYTES) throw new Error(`${file}: ${stat.size} bytes, more than the ${MAX_CASSETTE_FILE_BYTES} a cassette may have`);
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.toString('utf8', 0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * The cassettes of a directory (`*.json`, in file-name order, i.e. recorded order), validated to
 * what the server can send: a final status, header names and values HTTP allows, valid base64,
 * JSON bodies it can serialise. Throws an Error naming the file and the problem (path included).
 *
 * @example
 * const gateway = createGateway({ replay: { cassettes: readCassettes('cassettes') } });
 */
export function readCassettes(dir: string): Cassette[] {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    names = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch (e) {
    throw new Error(`${dir}: cannot read the cassettes directory (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return names.map((name) => {
    const file = join(dir, name);
    const text = readCassetteFile(file);
    // Before parsing: a body nested 200,000 deep parses, then overflows whatever walks it.
    if (jsonDepthExceeds(text, MAX_CASSETTE_JSON_DEPTH + CASSETTE_ENVELOPE_DEPTH)) {
      throw new Error(`${file}: nests arrays/objects deeper than ${MAX_CASSETTE_JSON_DEPTH} levels`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
    }
    return parseCassette(json, file);
  });
}
