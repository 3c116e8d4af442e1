import type { SimulatorInfo } from './check.ts';
import type { GatewayClient } from './client/gateway-client.ts';
import { exchangeJson } from './client/exchange.ts';

/**
 * Is the target the gatewaykit simulator? It is when `GET {origin}/__gatewaykit/clock` answers
 * its clock (`{kind: 'virtual' | 'system', now}`); a real gateway answers 404 (or nothing useful).
 * Costs one free request. Network errors mean "not the simulator".
 *
 * @example
 * const info = await detectSimulator(client); // { origin, clock: 'virtual' } or undefined
 */
export async function detectSimulator(client: GatewayClient): Promise<SimulatorInfo | undefined> {
  try {
    const exchange = await client.send({ method: 'GET', path: '/__gatewaykit/clock', auth: 'none' });
    if (exchange.status !== 200) return undefined;
    const body = exchangeJson(exchange) as { kind?: unknown; now?: unknown } | undefined;
    if ((body?.kind === 'virtual' || body?.kind === 'system') && typeof body.now === 'number') {
      return { origin: new URL(client.baseUrl).origin, clock: body.kind };
    }
    return undefined;
  } catch {
    return undefined;
  }
}
