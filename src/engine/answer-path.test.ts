import { describe, expect, it } from 'vitest';
import { virtualClock } from '../clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../gateway/create-gateway.ts';

const BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Say something about the moon.' });

/** The answer memo's counts as `GET /__gatewaykit/metrics` reports them. */
async function memoCounts(gateway: Gateway): Promise<Record<string, number>> {
  const text = await (await gateway.fetch('/__gatewaykit/metrics')).text();
  const counts: Record<string, number> = {};
  for (const m of text.matchAll(/^gatewaykit_answer_memo_total\{outcome="(\w+)"\} (\d+)$/gm)) counts[m[1] as string] = Number(m[2]);
  return counts;
}

/** The same ordinary request four times within one second of the clock; the bodies as answered. */
async function fourTimes(gateway: Gateway): Promise<string[]> {
  const bodies: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await gateway.fetch('/responses', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: BODY,
    });
    bodies.push(await res.text());
  }
  return bodies;
}

describe('the answer path', () => {
  it('with fastPaths: false never consults the memo: every answer is made in full', async () => {
    const gateway = createGateway({ clock: virtualClock(), catalog: 'small', fastPaths: false });
    await fourTimes(gateway);
    expect(await memoCounts(gateway)).toEqual({ consulted: 0, replayed: 0 });
  });

  it('with the fast paths (the default) looks every request up and gives the third and fourth from the memo, the same bytes', async () => {
    const fast = createGateway({ clock: virtualClock(), catalog: 'small' });
    const full = createGateway({ clock: virtualClock(), catalog: 'small', fastPaths: false });
    const bodies = await fourTimes(fast);
    expect(await memoCounts(fast)).toEqual({ consulted: 4, replayed: 2 });
    expect(bodies).toEqual(await fourTimes(full));
  });
});
