import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Replay folders for the hostile-replay tests (issue 25.6), under a temporary folder of their own:
 * `cassette` is a good cassette as JSON (changed by `patch`), `folder` a folder with one good
 * cassette and `name` made by `make`; `remove` deletes them all.
 */
export function replayFolders(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const cassette = (patch: (c: Record<string, any>) => void = () => undefined) => {
    const c: Record<string, any> = {
      gatewaykit_cassette: 1,
      recorded_at: '2026-01-01T00:00:00.000Z',
      upstream: 'https://gateway.example/api/v1',
      request: { method: 'POST', path: '/responses', headers: {}, body: { json: { model: 'openai/gpt-4o-mini', input: 'hi' } } },
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: { json: { ok: true } }, first_byte_ms: 1, total_ms: 2 },
    };
    patch(c);
    return JSON.stringify(c);
  };
  let n = 0;
  const folder = (name: string, make: (file: string) => void): { dir: string; file: string } => {
    const dir = join(root, `case-${n++}`);
    mkdirSync(dir);
    writeFileSync(join(dir, '0001-good.json'), cassette());
    const file = join(dir, name);
    make(file);
    return { dir, file };
  };
  return { cassette, folder, remove: () => rmSync(root, { recursive: true, force: true }) };
}
