import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { isLoopback } from '../../src/http/dispatch.ts';
import { ErrorBodySchema } from '../../src/schemas/error-body.ts';

describe('limits: the control API answers loopback callers only', () => {
  it.each([undefined, '127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2'])('isLoopback(%j) is true', (address) => {
    expect(isLoopback(address)).toBe(true);
  });
  it.each(['10.0.0.5', '192.168.0.1', '0.0.0.0', '::', '::ffff:10.0.0.5', '2001:db8::1', '128.0.0.1', '1127.0.0.1', '', 'localhost', 'fe80::1'])(
    'isLoopback(%j) is false',
    (address) => {
      expect(isLoopback(address)).toBe(false);
    },
  );

  it('every control operation refuses remoteAddress 10.0.0.5 with the 403 envelope, and changes nothing', async () => {
    const clock = virtualClock();
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock });
    const control = gateway.routes.filter((r) => r.control);
    expect(control.length).toBeGreaterThan(0);
    const before = clock.now();
    for (const route of control) {
      const path = route.path.replace(/:[^/]+/g, 'openai');
      const init: RequestInit =
        route.method === 'GET' ? {} : { method: route.method, headers: { 'content-type': 'application/json' }, body: '{"ms":60000,"status":500}' };
      const res = await gateway.handle(new Request(`http://gw.test${path}`, init), { remoteAddress: '10.0.0.5' });
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      const body = ErrorBodySchema.parse(await res.json());
      expect(body.error.code).toBe(403);
      expect(body.error.message).toMatch(/loopback/);
    }
    expect(clock.now()).toBe(before);
    expect(Object.keys(gateway.control.providerFaults())).toEqual([]);
    // The same request from loopback is served.
    const ok = await gateway.handle(new Request('http://gw.test/__gatewaykit/requests', { headers: { host: '127.0.0.1:8080' } }), {
      remoteAddress: '127.0.0.1',
    });
    expect(ok.status).toBe(200);
  });
});
