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

  it('a path no route serves is heard too, as operation unknown, in its family’s error shape', async () => {
    const gateway = createGateway();
    const res = await gateway.fetch(new Request(`${gateway.baseUrl}/messages/nope`, { method: 'POST', headers: { authorization: 'Bearer sk-gw-test' } }));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    const [entry] = gateway.requests();
    expect(entry).toMatchObject({ operation: 'unknown', path: '/api/v1/messages/nope' });
  });
});
