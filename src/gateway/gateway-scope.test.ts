import { describe, expect, it } from 'vitest';
import { virtualClock } from '../clock/virtual-clock.ts';
import { createGateway } from './create-gateway.ts';

const ask = (input: string) => ({
  method: 'POST',
  headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'openai/gpt-4o-mini', input }),
});

describe('gateway.scope(id)', () => {
  it('scripts, journal and credits of one scope stay in it', async () => {
    const gateway = createGateway({ clock: virtualClock(), catalog: 'small' });
    const one = gateway.scope('one');
    one.script({ match: { input: 'hi' }, reply: { type: 'text', text: 'Scoped hello.' } });
    one.control.setCredits({ totalCredits: 3 });
    const scoped = await one.fetch('/responses', ask('hi'));
    expect(JSON.stringify(await scoped.json())).toContain('Scoped hello.');
    const plain = await gateway.fetch('/responses', ask('hi'));
    expect(JSON.stringify(await plain.json())).not.toContain('Scoped hello.');
    expect(one.requests().map((e) => [e.scope, e.path])).toEqual([['one', '/api/v1/responses']]);
    expect(gateway.requests().map((e) => e.scope)).toEqual([undefined]);
    expect(one.control.credits().total_credits).toBe(3);
    expect(gateway.control.credits().total_credits).not.toBe(3);
    expect(gateway.scope('two').scripts()).toEqual([]);
    expect(one.headers()).toEqual({ 'x-test-id': 'one' });
  });

  it('a scope reset leaves the shared clock; the default reset rewinds it and forgets every scope', async () => {
    const clock = virtualClock();
    const gateway = createGateway({ clock, catalog: 'small' });
    const start = clock.now();
    await gateway.scope('one').fetch('/models', { headers: { authorization: 'Bearer sk-gw-test' } });
    await gateway.scope('one').control.advanceClock(5000);
    gateway.scope('one').control.reset();
    expect(clock.now()).toBe(start + 5000);
    expect(gateway.scope('one').requests()).toEqual([]);
    expect(gateway.scopeIds()).toEqual(['one']);
    gateway.control.reset();
    expect(clock.now()).toBe(start);
    expect(gateway.scopeIds()).toEqual([]);
  });

  it('refuses a malformed id with a TypeError that says why', () => {
    const gateway = createGateway({ catalog: 'small' });
    expect(() => gateway.scope('no spaces')).toThrow(TypeError);
    expect(() => gateway.scope('x'.repeat(500))).toThrow(/at most 128/);
  });
});
