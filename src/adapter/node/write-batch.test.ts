import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { writeBatch } from './write-batch.ts';

const response = (name: string) => ({ name }) as unknown as ServerResponse;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('writeBatch: the answers of one turn written together at its end', () => {
  it('writes nothing during the turn, then every write in the order added', async () => {
    const written: string[] = [];
    const batch = writeBatch(() => written.push('failed'));
    batch.add(response('a'), () => written.push('a'));
    batch.add(response('b'), () => written.push('b'));
    batch.add(response('c'), () => written.push('c'));
    expect(written).toEqual([]);
    await nextTurn();
    expect(written).toEqual(['a', 'b', 'c']);
    // A later turn has a batch of its own.
    batch.add(response('d'), () => written.push('d'));
    expect(written).toEqual(['a', 'b', 'c']);
    await nextTurn();
    expect(written).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a write that throws goes to `failed` with its response; the others are still written', async () => {
    const written: string[] = [];
    const failures: Array<[string, string]> = [];
    const batch = writeBatch((error, res) => failures.push([(error as Error).message, (res as unknown as { name: string }).name]));
    batch.add(response('a'), () => written.push('a'));
    batch.add(response('b'), () => {
      throw new Error('bad header');
    });
    batch.add(response('c'), () => written.push('c'));
    await nextTurn();
    expect(written).toEqual(['a', 'c']);
    expect(failures).toEqual([['bad header', 'b']]);
  });
});
