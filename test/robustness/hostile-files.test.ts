import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readKeysFile } from '../../src/adapter/node/read-keys-file.ts';
import { readServeConfig } from '../../src/cli/config-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('robustness: hostile scripts files', () => {
  describe('issue 25.11 smaller', () => {
    it.each([
      ['surrounding spaces', ' sk-spaced '],
      ['a trailing tab', 'sk-tab\t'],
      ['non-ASCII', 'sk-clé'],
      ['a control character', 'sk-a\u0000b'],
    ])('a keys file with a key that can never authenticate (%s) is refused naming the entry and the line', async (_name, key) => {
      const file = join(dir, `keys-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(file, `{\n  "keys": [\n    { "key": "sk-fine" },\n    { "key": ${JSON.stringify(key)} }\n  ]\n}\n`);
      await expect(readKeysFile(file)).rejects.toThrow(
        new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: keys\\[1\\]\\.key: must be printable ASCII without surrounding spaces.* \\(line 4\\)$`),
      );
    });

    it('a key with inner spaces still authenticates (Bearer takes the rest of the header)', async () => {
      const file = join(dir, 'keys-inner.json');
      writeFileSync(file, JSON.stringify({ keys: [{ key: 'sk inner' }] }));
      expect((await readKeysFile(file)).map((k) => k.key)).toEqual(['sk inner']);
    });

    it('faults.__proto__ in a config file is refused, not silently dropped', () => {
      const file = join(dir, 'proto.config.json');
      writeFileSync(file, '{"faults": {"__proto__": {"status": 503}}}');
      expect(() => readServeConfig(file, dir)).toThrow(/proto\.config\.json: faults\.__proto__: not a provider slug/);
    });
  });
});
