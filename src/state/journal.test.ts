import { describe, expect, it } from 'vitest';
import { createJournal, journalHeaders } from './journal.ts';

const entry = (path: string) => ({ received_at: '2026-01-01T00:00:00.000Z', method: 'GET', path, operation: 'x', status: 200, headers: {} });

describe('journal', () => {
  it('keeps the newest `limit` entries and counts all of them', () => {
    const j = createJournal(3);
    for (let i = 0; i < 5; i++) j.record(entry(`/${i}`));
    expect(j.list().map((e) => e.path)).toEqual(['/2', '/3', '/4']);
    expect(j.list().map((e) => e.seq)).toEqual([2, 3, 4]);
    expect(j.count()).toBe(5);
    j.clear();
    expect(j.list()).toEqual([]);
    expect(j.record(entry('/a')).seq).toBe(0);
  });
  it('masks the bearer token', () => {
    const h = journalHeaders(new Headers({ authorization: 'Bearer sk-gw-test-secret-value', 'x-a': '1' }));
    expect(h.authorization).not.toContain('secret');
    expect(h['x-a']).toBe('1');
  });
});
