import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJournal, type JournalHandle, type JournalRecord } from './journal.ts';
import { parseJournalQuery, type JournalQuery } from './journal-query.ts';

const rec = (path: string, extra: Partial<JournalRecord> = {}): JournalRecord => ({
  receivedAt: Date.parse('2026-01-01T00:00:00.000Z'),
  method: 'GET',
  path,
  operation: 'x',
  headers: {},
  response: { status: 200, headers: {} },
  ...extra,
});
const q = (text: string): JournalQuery => {
  const parsed = parseJournalQuery(new URLSearchParams(text));
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
};
const enc = (s: string) => new TextEncoder().encode(s);

describe('journal', () => {
  it('shows an answer held as text as its parsed body and UTF-8 size, whatever the characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const json = JSON.stringify({ text });
        const j = createJournal({ now: () => 0 });
        j.record(rec('/a', { response: { status: 200, headers: {}, text: json } }));
        const [entry] = j.list();
        expect(entry?.response.body).toEqual({ text });
        expect(entry?.response.body_bytes).toBe(enc(json).byteLength);
      }),
    );
  });

  it('keeps a text that is not well-formed as it is, its size counting a lone surrogate as 3 bytes', () => {
    const j = createJournal({ now: () => 0 });
    j.record(rec('/a', { response: { status: 200, headers: {}, text: 'a\ud800b' } }));
    expect(j.list()[0]?.response.body_excerpt).toBe('a\ud800b');
    expect(j.list()[0]?.response.body_bytes).toBe(5);
  });

  it('keeps the newest `maxEntries` entries and counts all of them', () => {
    const j = createJournal({ maxEntries: 3, now: () => 0 });
    for (let i = 0; i < 5; i++) j.record(rec(`/${i}`));
    expect(j.list().map((e) => e.path)).toEqual(['/2', '/3', '/4']);
    expect(j.list().map((e) => e.seq)).toEqual([2, 3, 4]);
    expect(j.count()).toBe(5);
    j.clear();
    expect(j.list()).toEqual([]);
    expect(j.record(rec('/a')).seq).toBe(0);
  });

  it('is bounded in bytes: 1,000 bodies of 64 KiB in a 1 MiB journal keep about 1 MiB', () => {
    const j = createJournal({ maxBytes: 1024 * 1024, now: () => 0 });
    const body = new Uint8Array(64 * 1024).fill(0x61);
    for (let i = 0; i < 1000; i++) j.record(rec(`/${i}`, { method: 'POST', body }));
    const page = j.query(q('limit=1000'));
    expect(page.kept_bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(page.kept).toBeGreaterThan(3);
    expect(page.kept).toBeLessThan(100);
    expect(page.total).toBe(1000);
    // A quarter of the budget at most per body: kept as an excerpt with the full size.
    const last = page.data.at(-1)!;
    expect(last.path).toBe('/999');
    expect(last.body_bytes).toBe(64 * 1024);
    expect(last.body).toBeUndefined();
    expect(last.body_excerpt?.length).toBe(64 * 1024);
  });

  it('keeps raw bytes and parses them only when read: JSON, text, and JSON nested too deep to show', () => {
    const j = createJournal({ now: () => 0 });
    j.record(rec('/json', { body: enc('{"input":"hi"}') }));
    j.record(rec('/text', { body: enc('not json') }));
    j.record(rec('/deep', { body: enc('['.repeat(5000) + ']'.repeat(5000)) }));
    const [json, text, deep] = j.list();
    expect(json).toMatchObject({ body: { input: 'hi' }, body_bytes: 14 });
    expect(text).toMatchObject({ body_excerpt: 'not json', body_bytes: 8 });
    expect(deep?.body).toBeUndefined();
    expect(deep?.body_excerpt).toHaveLength(10000);
    expect(() => JSON.stringify(j.list())).not.toThrow();
  });

  it('the copy it keeps does not hold on to the caller buffer', () => {
    const j = createJournal({ maxBytes: 4096, now: () => 0 });
    const big = new Uint8Array(1 << 20);
    j.record(rec('/big', { body: big }));
    big.fill(0x62);
    const [entry] = j.list();
    expect(entry?.body_bytes).toBe(1 << 20);
    expect(entry?.body_excerpt).toBe('\u0000'.repeat(1024));
  });

  it('records the answer: status, headers, body (whole JSON or an excerpt)', () => {
    const j = createJournal({ now: () => 0 });
    j.record(rec('/a', { response: { status: 404, headers: { 'content-type': 'application/json' }, text: '{"error":{"code":404,"message":"no"}}' } }));
    j.record(rec('/b', { response: { status: 200, headers: {}, text: 'é'.repeat(20000) } }));
    const [a, b] = j.list();
    expect(a?.response).toEqual({
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: { error: { code: 404, message: 'no' } },
      body_bytes: 37,
    });
    expect(b?.response.body_excerpt).toHaveLength(16 * 1024);
    expect(b?.response.body_bytes).toBe(40000);
  });

  it('records stream events with their time offsets, bounded in count', () => {
    let now = 1000;
    const j = createJournal({ now: () => now });
    const handle = j.record(rec('/s', { receivedAt: 1000 }));
    handle.sent([enc('data: {"a":1}\n\n')]);
    now = 1250;
    handle.sent([enc('data: [DONE]\n\n')]);
    for (let i = 0; i < 300; i++) handle.sent([enc('data: x\n\n')]);
    const [entry] = j.list();
    expect(entry?.response.events?.slice(0, 2)).toEqual([
      { offset_ms: 0, data: 'data: {"a":1}\n\n' },
      { offset_ms: 250, data: 'data: [DONE]\n\n' },
    ]);
    expect(entry?.response.events).toHaveLength(256);
    expect(entry?.response.events_dropped).toBe(302 - 256);
  });

  it('a character split across two stream pieces is shown whole', () => {
    const j = createJournal({ now: () => 0 });
    const handle = j.record(rec('/s'));
    const bytes = enc('data: é\n\n');
    handle.sent([bytes.subarray(0, 7)]);
    handle.sent([bytes.subarray(7)]);
    expect(
      j
        .list()[0]
        ?.response.events?.map((e) => e.data)
        .join(''),
    ).toBe('data: é\n\n');
  });

  it('pages and filters by method, path, status, since, model, key and operation', () => {
    const j = createJournal({ now: () => 0 });
    for (let i = 0; i < 30; i++) {
      j.record(
        rec(i % 2 ? '/api/v1/responses' : '/api/v1/models', {
          receivedAt: i * 1000,
          method: i % 2 ? 'POST' : 'GET',
          operation: i % 2 ? 'responses.create' : 'models.list',
          ...(i % 3 === 0 ? { model: 'openai/gpt-4o' } : {}),
          key: i % 5 === 0 ? 'sk…aaaa' : 'sk…bbbb',
          response: { status: i % 4 === 0 ? 429 : 200, headers: {} },
        }),
      );
    }
    const seqs = (text: string) => j.query(q(text)).data.map((e) => e.seq);
    expect(seqs('method=post&limit=3')).toEqual([1, 3, 5]);
    expect(seqs('path=/api/v1/models&status=4xx')).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    expect(seqs('path=/api/v1/r*&since=25000')).toEqual([25, 27, 29]);
    expect(seqs('since=1970-01-01T00:00:27.000Z')).toEqual([27, 28, 29]);
    expect(seqs('model=openai/gpt-4o&key=sk…aaaa')).toEqual([0, 15]);
    expect(seqs('operation=models.list&status=200,429&order=desc&limit=2')).toEqual([28, 26]);
    // Paging: each page continues where the last stopped, in both orders.
    const all: number[] = [];
    let cursor: number | null = null;
    do {
      const page = j.query(q(`limit=7&status=200${cursor === null ? '' : `&cursor=${cursor}`}`));
      all.push(...page.data.map((e) => e.seq));
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
    } while (cursor !== null);
    expect(all).toEqual(Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 4 !== 0));
    const desc = j.query(q('order=desc&limit=5'));
    expect(desc.data.map((e) => e.seq)).toEqual([29, 28, 27, 26, 25]);
    expect(j.query(q(`order=desc&limit=5&cursor=${desc.next_cursor}`)).data.map((e) => e.seq)).toEqual([24, 23, 22, 21, 20]);
  });

  it('shows the conformance check that sent each request and filters by it, exactly or by prefix', () => {
    const j = createJournal({ now: () => 0 });
    j.record(rec('/a', { headers: { 'x-gatewaykit-check': 'validation.store' } }));
    j.record(rec('/b', { headers: new Headers({ 'X-Gatewaykit-Check': 'validation.user-length' }) }));
    j.record(rec('/c'));
    j.record(rec('/d', { headers: { 'X-GATEWAYKIT-CHECK': 'auth.missing-key', authorization: 'Bearer sk-1' } }));
    expect(j.list().map((e) => e.check)).toEqual(['validation.store', 'validation.user-length', undefined, 'auth.missing-key']);
    // Only entries that had the header carry the field: the others read as before.
    expect('check' in j.list()[2]!).toBe(false);
    const paths = (text: string) => j.query(q(text)).data.map((e) => e.path);
    expect(paths('check=validation.store')).toEqual(['/a']);
    expect(paths('check=validation.*')).toEqual(['/a', '/b']);
    expect(paths('check=validation')).toEqual([]);
    expect(paths('check=auth.missing-key&method=GET&order=desc')).toEqual(['/d']);
    expect(paths('check=*')).toEqual(['/a', '/b', '/d']);
  });

  it('refuses bad query parameters, naming them', () => {
    for (const [text, message] of [
      ['stauts=200', /Unknown query parameter "stauts"/],
      ['status=abc', /status: expected/],
      ['since=yesterday', /since: expected/],
      ['limit=0', /limit: expected/],
      ['limit=1001', /limit: expected/],
      ['order=up', /order: expected/],
      ['cursor=-1', /cursor: expected/],
      [`path=${'x'.repeat(5000)}`, /path: at most/],
      [`check=${'x'.repeat(5000)}`, /check: at most/],
    ] as const) {
      const parsed = parseJournalQuery(new URLSearchParams(text));
      expect('error' in parsed && parsed.error, text).toMatch(message);
    }
  });
});

/**
 * Two journals given the same stream of `count` pieces: one a piece at a time, the other in
 * batches cut at `cuts`, the clock moving between batches. What each keeps of its entry's answer.
 */
function keptBoth(
  maxBytes: number,
  count: number,
  cuts: readonly number[],
  oneByOne: (handle: JournalHandle, k: number) => void,
  inBatches: (handle: JournalHandle, from: number, to: number) => void,
) {
  let now = 0;
  const one = createJournal({ maxBytes, now: () => now });
  const many = createJournal({ maxBytes, now: () => now });
  const a = one.record(rec('/s'));
  const b = many.record(rec('/s'));
  let i = 0;
  for (const cut of [...cuts, count]) {
    const to = Math.min(count, i + cut);
    for (let k = i; k < to; k++) oneByOne(a, k);
    inBatches(b, i, to);
    i = to;
    now += 5;
  }
  return { oneByOne: one.list()[0]?.response, inBatches: many.list()[0]?.response };
}

describe('stream pieces handed over together', () => {
  it('are kept exactly as the same pieces handed over one by one (views of one buffer or not, past the bounds too)', () => {
    const plan = fc.record({
      sizes: fc.array(fc.nat(300), { maxLength: 300 }),
      copies: fc.array(fc.boolean(), { maxLength: 300 }),
      cuts: fc.array(fc.nat(40), { maxLength: 20 }),
      maxBytes: fc.constantFrom(16 * 1024, 64 * 1024, 1 << 20),
    });
    fc.assert(
      fc.property(plan, ({ sizes, copies, cuts, maxBytes }) => {
        const buffer = Uint8Array.from({ length: sizes.reduce((a, b) => a + b, 0) }, (_, i) => 97 + (i % 26));
        let at = 0;
        const pieces = sizes.map((n, i) => {
          const view = buffer.subarray(at, (at += n));
          return copies[i] ? view.slice() : view;
        });
        const kept = keptBoth(
          maxBytes,
          pieces.length,
          cuts,
          (a, k) => a.sent([pieces[k]!]),
          (b, from, to) => b.sent(pieces, from, to),
        );
        expect(kept.inBatches).toEqual(kept.oneByOne);
      }),
      { numRuns: 150 },
    );
  });
});

describe('stream frames handed over as text', () => {
  it('are kept exactly as their UTF-8 pieces handed over one by one (non-ASCII, past the bounds too)', () => {
    const frame = fc.string({ unit: fc.constantFrom('a', 'b', '\n', 'é', '✨', '🙂'), maxLength: 400 });
    const plan = fc.record({
      frames: fc.array(frame, { maxLength: 300 }),
      cuts: fc.array(fc.nat(40), { maxLength: 20 }),
      maxBytes: fc.constantFrom(16 * 1024, 64 * 1024, 1 << 20),
    });
    fc.assert(
      fc.property(plan, ({ frames, cuts, maxBytes }) => {
        const text = frames.join('');
        const kept = keptBoth(
          maxBytes,
          frames.length,
          cuts,
          (a, k) => a.sent([enc(frames[k]!)]),
          (b, from, to) => b.sentFrames(frames, text, from, to),
        );
        expect(kept.inBatches).toEqual(kept.oneByOne);
      }),
      { numRuns: 150 },
    );
  });
});
