import { setupServer } from 'msw/node';
import { createGateway, type Gateway, type GatewayOptions } from '../src/gateway/create-gateway.ts';
import { startServer } from '../src/adapter/node/create-server.ts';

/**
 * One suite, many targets (hono's router tests): every behaviour test runs against the simulator
 * in-process through msw (the test-dependency use) and over a real port (the server use).
 */
export type TargetKind = 'msw' | 'http';
export const TARGET_KINDS: readonly TargetKind[] = ['msw', 'http'];

export interface Target {
  readonly kind: TargetKind;
  /** Base URL of the API, e.g. http://gateway.test/api/v1 or http://127.0.0.1:PORT/api/v1. */
  readonly baseUrl: string;
  /** Origin for the control API. */
  readonly origin: string;
  readonly gateway: Gateway;
  /** fetch relative to baseUrl: `target.fetch('/responses', init)`. Goes through the real network path. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Start a target. Port 0 (a free port) always: tests run in parallel. */
export async function startTarget(kind: TargetKind, options: GatewayOptions = {}): Promise<Target> {
  if (kind === 'msw') {
    const gateway = createGateway({ ...options, baseUrl: options.baseUrl ?? 'http://gateway.test/api/v1' });
    const server = setupServer(...gateway.handlers);
    server.listen({ onUnhandledRequest: 'bypass' });
    const origin = new URL(gateway.baseUrl).origin;
    return {
      kind,
      baseUrl: gateway.baseUrl,
      origin,
      gateway,
      fetch: (path, init) => fetch(path.startsWith('/__gatewaykit') ? `${origin}${path}` : `${gateway.baseUrl}${path}`, init),
      close: async () => server.close(),
    };
  }
  const running = await startServer({ ...options, port: 0 });
  const origin = new URL(running.baseUrl).origin;
  return {
    kind,
    baseUrl: running.baseUrl,
    origin,
    gateway: running.gateway,
    fetch: (path, init) => fetch(path.startsWith('/__gatewaykit') ? `${origin}${path}` : `${running.baseUrl}${path}`, init),
    close: () => running.close(),
  };
}

/** Headers of an ordinary authenticated JSON request. */
export function jsonHeaders(key = 'sk-gw-test', extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...extra };
}
