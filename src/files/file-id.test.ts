import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seeded-random.ts';
import { fileId } from './file-id.ts';

describe('fileId', () => {
  it('has the reference form, sorts in upload order and depends on the seed only past its prefix', () => {
    const ids = [0, 1, 61, 62, 3843, 3844, 1e6].map((n) => fileId(n, seededRandom(0, 'file', String(n))));
    for (const id of ids) expect(id).toMatch(/^or_file_[0-9A-Za-z]{24}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(fileId(5, seededRandom(1, 'file', '5')).slice(0, 14)).toBe(fileId(5, seededRandom(0, 'file', '5')).slice(0, 14));
    expect(fileId(5, seededRandom(0, 'file', '5'))).toBe(fileId(5, seededRandom(0, 'file', '5')));
  });
});
