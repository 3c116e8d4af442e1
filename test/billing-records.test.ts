import { describe, expect, test } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../src/gateway/create-gateway.ts';
import { catalog as paceCatalog, MODEL } from './support/pace-model.ts';

/**
 * Billing records match what the client got (issue 40 item 3): one record and one charge per
 * answer, whatever happens to the generation store meanwhile.
 */
const catalog = paceCatalog(0.8, 20);
const HEADERS = { 'x-api-key': 'sk-gw-test', 'content-type': 'application/json' };

/** Settles `promise` by moving the virtual clock on in steps. */
async function onClock<T>(clock: ReturnType<typeof virtualClock>, promise: Promise<T>): Promise<T> {
  let settled = false;
  void promise.finally(() => (settled = true)).catch(() => undefined);
  for (let i = 0; i < 10_000 && !settled; i++) {
    for (let j = 0; j < 3; j++) await new Promise((resolve) => setImmediate(resolve));
    if (!settled) await clock.advance(100);
  }
  return promise;
}

async function keyUsage(gateway: Gateway): Promise<number> {
  const res = await gateway.fetch('/key', { headers: { authorization: 'Bearer sk-gw-test' } });
  return ((await res.json()) as { data: { usage: number } }).data.usage;
}

describe('one record and one charge per answer', () => {
  test('Messages answers cut by a stop sequence are charged what they carried, once, though the store forgot them meanwhile', async () => {
    const clock = virtualClock();
    // A store of one generation: every answer's record is gone by the time the other one ends.
    const gateway = createGateway({ clock, catalog, timing: 'realistic', generationsLimit: 1 });
    const ask = (topic: string) =>
      gateway.fetch('/messages', {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify({ model: MODEL, max_tokens: 200, stop_sequences: ['e'], messages: [{ role: 'user', content: `Tell me about ${topic}.` }] }),
      });
    const answers = await onClock(clock, Promise.all([ask('rivers'), ask('mountains'), ask('deserts')]));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as Array<{ stop_reason: string; usage: { cost: number } }>;
    for (const body of bodies) expect(body.stop_reason).toBe('stop_sequence');
    const billed = bodies.reduce((sum, b) => sum + b.usage.cost, 0);
    expect(await keyUsage(gateway)).toBeCloseTo(billed, 12);
  });
});
