import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { describe, expect, test } from 'vitest';
import { startServer } from '../src/adapter/node/create-server.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../src/gateway/create-gateway.ts';
import { LATENCY_BUCKETS_SECONDS } from '../src/state/metrics-tally.ts';

/**
 * `GET /__gatewaykit/metrics` (issue 41 item 7): the Prometheus text format, read back by a real
 * parser and compared with what the gateway's journal and answers say happened.
 */
const headers = (extra: Record<string, string> = {}) => ({ authorization: 'Bearer sk-gw-test', 'content-type': 'application/json', ...extra });
const post = (gateway: Gateway, path: string, body: unknown, extra: Record<string, string> = {}) =>
  gateway.fetch(path, { method: 'POST', headers: headers(extra), body: JSON.stringify(body) });

async function scrape(gateway: Gateway): Promise<Map<string, PrometheusFamily>> {
  const response = await gateway.fetch('/__gatewaykit/metrics');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Map(parsePrometheusTextFormat(await response.text()).map((family) => [family.name, family]));
}

const sample = (families: Map<string, PrometheusFamily>, name: string, labels: Record<string, string>) =>
  families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

describe('GET /__gatewaykit/metrics', () => {
  test('requests, statuses and latency per operation; tokens and cost per model; stream cuts and faults', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const chat = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
    const usages: Array<{ input_tokens: number; output_tokens: number; cost: number }> = [];
    for (const input of ['Tell me a joke', 'And another']) {
      const answer = (await (await post(gateway, '/responses', { model: 'openai/gpt-4o-mini', input })).json()) as {
        usage: { input_tokens: number; output_tokens: number; cost: number };
      };
      usages.push(answer.usage);
    }
    expect((await post(gateway, '/chat/completions', chat)).status).toBe(200);
    expect((await post(gateway, '/responses', { model: 'gpt-4o-mini', input: 'x' })).status).toBe(400);
    expect((await post(gateway, '/responses', { model: 'openai/gpt-4o-mini', input: 'x' }, { 'x-gatewaykit-fault': '503' })).status).toBe(503);
    const cut = await post(gateway, '/responses', { model: 'openai/gpt-4o-mini', input: 'cut me', stream: true }, { 'x-gatewaykit-fault': 'stream-cut' });
    await cut.text();
    gateway.control.failProvider('openai', 502, 1);
    expect((await post(gateway, '/responses', { model: 'openai/gpt-4o-mini', input: 'fall back', models: ['anthropic/claude-haiku-4.5'] })).status).toBe(200);

    const families = await scrape(gateway);
    expect(families.get('gatewaykit_requests_total')?.type).toBe('COUNTER');
    // Every answer the journal holds is counted once, under its operation and status.
    const journal = gateway.requests();
    const byKey = new Map<string, number>();
    for (const e of journal) byKey.set(`${e.operation} ${e.status}`, (byKey.get(`${e.operation} ${e.status}`) ?? 0) + 1);
    for (const [key, n] of byKey) {
      const [operation, status] = key.split(' ') as [string, string];
      expect(Number(sample(families, 'gatewaykit_requests_total', { operation, status })?.value), key).toBe(n);
    }
    expect(
      families.get('gatewaykit_requests_total')?.metrics.reduce((sum, m) => sum + Number(m.value), 0),
      JSON.stringify(families.get('gatewaykit_requests_total')),
    ).toBe(journal.length);

    expect(families.get('gatewaykit_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // At least the two plain answers of openai/gpt-4o-mini, as their usage said.
    const prompt = Number(sample(families, 'gatewaykit_tokens_total', { model: 'openai/gpt-4o-mini', kind: 'prompt' })?.value);
    expect(prompt).toBeGreaterThanOrEqual(usages[0]!.input_tokens + usages[1]!.input_tokens);
    const cost = Number(sample(families, 'gatewaykit_cost_usd_total', { model: 'openai/gpt-4o-mini' })?.value);
    expect(cost).toBeGreaterThanOrEqual(usages[0]!.cost + usages[1]!.cost - 1e-12);
    // Every paid answer (the 200s of /responses and /chat/completions; the cut stream too) is counted once.
    const paid = journal.filter((e) => e.status === 200 && (e.operation === 'responses.create' || e.operation === 'chat.completions.create')).length;
    expect(families.get('gatewaykit_paid_answers_total')?.metrics.reduce((sum, m) => sum + Number(m.value), 0)).toBe(paid);

    expect(Number(sample(families, 'gatewaykit_stream_faults_total', { operation: 'responses.create', fault: 'stream-cut' })?.value)).toBe(1);
    expect(Number(sample(families, 'gatewaykit_forced_faults_total', { operation: 'responses.create', status: '503' })?.value)).toBe(1);
    expect(families.get('gatewaykit_provider_faults_total')?.metrics.map((m) => [m.labels?.status, m.value])).toEqual([['502', '1']]);
  });

  test('two gateways in one process keep their own numbers; control reset starts them over', async () => {
    const one = createGateway({ clock: virtualClock() });
    const two = createGateway({ clock: virtualClock() });
    await post(one, '/responses', { model: 'openai/gpt-4o-mini', input: 'hi' });
    await post(one, '/responses', { model: 'openai/gpt-4o-mini', input: 'hi again' });
    await post(two, '/responses', { model: 'openai/gpt-4o-mini', input: 'hi' });
    expect(sample(await scrape(one), 'gatewaykit_requests_total', { operation: 'responses.create', status: '200' })?.value).toBe('2');
    const second = await scrape(two);
    expect(sample(second, 'gatewaykit_requests_total', { operation: 'responses.create', status: '200' })?.value).toBe('1');
    // One operation served: the latency histogram's buckets are its (the parser folds the buckets of
    // every label set into one, so a single operation is where they can be read back).
    const buckets = second.get('gatewaykit_request_duration_seconds')?.metrics[0]?.buckets ?? {};
    expect(buckets['+Inf']).toBe('1');
    expect(Object.keys(buckets)).toHaveLength(LATENCY_BUCKETS_SECONDS.length + 1);
    one.control.reset();
    expect((await scrape(one)).get('gatewaykit_requests_total')?.metrics ?? []).toEqual([]);
  });

  test('requests in flight: a stream counts under its operation until its end or until the client leaves it', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const inFlight = async () => {
      const family = (await scrape(gateway)).get('gatewaykit_requests_in_flight');
      expect(family?.type).toBe('GAUGE');
      return Object.fromEntries((family?.metrics ?? []).map((m) => [m.labels?.operation, Number(m.value)]));
    };
    const stream = (input: string) => post(gateway, '/responses', { model: 'openai/gpt-4o-mini', input, stream: true });
    // A whole answer and a path no route serves have gone out once answered.
    expect((await post(gateway, '/responses', { model: 'openai/gpt-4o-mini', input: 'whole' })).status).toBe(200);
    expect((await post(gateway, '/nowhere', {})).status).toBe(404);
    expect(await inFlight()).toEqual({});
    const read = (await stream('read to its end')).body!.getReader();
    const left = (await stream('left after one event')).body!.getReader();
    expect((await read.read()).done).toBe(false);
    expect((await left.read()).done).toBe(false);
    expect(await inFlight()).toEqual({ 'responses.create': 2 });
    await left.cancel();
    expect(await inFlight()).toEqual({ 'responses.create': 1 });
    while (!(await read.read()).done);
    expect(await inFlight()).toEqual({});
    // A chat stream paced by realistic timing goes through a tap: its end is heard there.
    const paced = await post(
      gateway,
      '/chat/completions',
      { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true },
      { 'x-gatewaykit-timing': 'realistic' },
    );
    const pacedReader = paced.body!.getReader();
    expect(await inFlight()).toEqual({ 'chat.completions.create': 1 });
    await pacedReader.cancel();
    expect(await inFlight()).toEqual({});
  });

  test('over a real port, for loopback callers like the rest of the control API', async () => {
    const running = await startServer({ port: 0 });
    try {
      await fetch(`${running.baseUrl}/models`, { headers: { authorization: 'Bearer sk-gw-test' } });
      const response = await fetch(`${new URL(running.baseUrl).origin}/__gatewaykit/metrics`);
      expect(response.status).toBe(200);
      const families = parsePrometheusTextFormat(await response.text());
      expect(families.find((f) => f.name === 'gatewaykit_requests_total')?.metrics).toContainEqual({
        labels: { operation: 'models.list', status: '200' },
        value: '1',
      });
      const foreign = await fetch(`${new URL(running.baseUrl).origin}/__gatewaykit/metrics`, { headers: { origin: 'https://evil.example' } });
      expect(foreign.status).toBe(403);
    } finally {
      await running.close();
    }
  });
});
