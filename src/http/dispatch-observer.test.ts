import { describe, expect, it } from 'vitest';
import { createGateway } from '../gateway/create-gateway.ts';

describe('observers of the dispatcher', () => {
  it('the journal hears a streamed answer as it goes out: its entry holds every event the client read', async () => {
    const gateway = createGateway();
    const res = await gateway.fetch(
      new Request(`${gateway.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true }),
      }),
    );
    const read = await res.text();
    const [entry] = gateway.requests();
    expect(entry?.operation).toBe('chat.completions.create');
    expect(entry?.response.status).toBe(200);
    const events = entry?.response.events ?? [];
    expect(events.length).toBeGreaterThan(2);
    // Every event the journal heard is in what the client read, in order.
    let at = 0;
    for (const event of events) {
      const found = read.indexOf(event.data, at);
      expect(found).toBeGreaterThanOrEqual(at);
      at = found + event.data.length;
    }
  });

  it('the journal hears where a stream ended: a stream the client left says how many of its events it was handed', async () => {
    const gateway = createGateway();
    const stream = (content: string) =>
      gateway.fetch(
        new Request(`${gateway.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }], stream: true }),
        }),
      );
    await (await stream('read to its end')).text();
    const reader = (await stream('left after the first event')).body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const [whole, left] = gateway.requests();
    expect(whole?.response.client_left).toBeUndefined();
    const { events_sent, events } = left!.response.client_left!;
    expect(events_sent).toBeGreaterThanOrEqual(1);
    expect(events_sent).toBeLessThan(events);
    // What the journal kept of the stream is what was handed over, no more.
    expect(left!.response.events!.length).toBeLessThanOrEqual(events_sent);
  });

  it('a path no route serves is heard too, as operation unknown, in its family’s error shape', async () => {
    const gateway = createGateway();
    const res = await gateway.fetch(new Request(`${gateway.baseUrl}/messages/nope`, { method: 'POST', headers: { authorization: 'Bearer sk-gw-test' } }));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    const [entry] = gateway.requests();
    expect(entry).toMatchObject({ operation: 'unknown', path: '/api/v1/messages/nope' });
  });
});
