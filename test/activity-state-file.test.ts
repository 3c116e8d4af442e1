import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stateFileOptions } from '../src/adapter/node/state-file.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../src/gateway/create-gateway.ts';

/** The activity aggregate survives a restart with a state file (reference getUserActivity, queryAnalytics). */
const START = Date.UTC(2026, 10, 20, 9);
const DAY = 86_400_000;
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-activity-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A gateway on a state file, as `gatewaykit serve --state-file FILE` builds it (in-process), its clock at `at`. */
async function open(file: string, at: number) {
  const clock = virtualClock(at);
  const state = await stateFileOptions(file, clock);
  return { gw: createGateway({ clock, videoJobs: state.videoJobs, management: state.management, files: state.files }), state };
}

async function get(gw: Gateway, path: string, body?: unknown) {
  const init = body === undefined ? { headers: MANAGEMENT } : { method: 'POST', headers: MANAGEMENT, body: JSON.stringify(body) };
  const response = await gw.fetch(path, init);
  expect(response.status).toBe(200);
  return (await response.json()) as any;
}

async function paid(gw: Gateway, text: string): Promise<void> {
  const answer = await gw.fetch('/chat/completions', {
    method: 'POST',
    headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: text }], max_tokens: 16 }),
  });
  expect(answer.status).toBe(200);
  await answer.arrayBuffer();
}

describe('activity survives a restart with a state file', () => {
  it('the same /activity and /analytics/query after a restart; a control reset forgets it in the file too', async () => {
    const file = join(dir, 'state.log');
    const first = await open(file, START);
    for (const text of ['one', 'two', 'three']) await paid(first.gw, text);
    await first.gw.control.advanceClock(DAY);
    await paid(first.gw, 'next day');
    await first.gw.control.advanceClock(DAY);
    const before = await get(first.gw, '/activity');
    const query = { metrics: ['request_count', 'cost', 'prompt_tokens'], granularity: 'day' };
    const analyticsBefore = (await get(first.gw, '/analytics/query', query)).data.data;
    expect(before.data.map((i: any) => i.requests)).toEqual([3, 1]);
    await first.state.log.close();

    const second = await open(file, START + 2 * DAY);
    expect(await get(second.gw, '/activity')).toEqual(before);
    expect((await get(second.gw, '/analytics/query', query)).data.data).toEqual(analyticsBefore);
    // Counting goes on from the restored cells.
    await paid(second.gw, 'after the restart');
    expect((await get(second.gw, '/analytics/query', { metrics: ['request_count'] })).data.data).toEqual([{ request_count: 5 }]);
    second.gw.control.reset();
    await second.state.log.idle();
    await second.state.log.close();

    const third = await open(file, START + 2 * DAY);
    expect((await get(third.gw, '/activity')).data).toEqual([]);
    await third.state.log.close();
  });
});
