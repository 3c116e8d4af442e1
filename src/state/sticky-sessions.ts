/** The endpoint a session is stuck to. */
export interface SessionEndpoint {
  model: string;
  provider: string;
}

/**
 * Sticky-routing state of one gateway (spec 2.1 `session_id`). A plain bounded Map: routing is a
 * synchronous pure decision, and every lookup is by key (docs/decisions/0037).
 */
export interface StickySessions {
  get(key: string): SessionEndpoint | undefined;
  set(key: string, endpoint: SessionEndpoint): void;
  delete(key: string): void;
  clear(): void;
  size(): number;
}

/**
 * A per-gateway session store; the oldest session is dropped past `limit` so a long-running
 * server stays flat.
 *
 * @example
 * const sessions = createStickySessions();
 * env.onReset(() => sessions.clear());
 */
export function createStickySessions(limit = 10_000): StickySessions {
  const map = new Map<string, SessionEndpoint>();
  return {
    get: (key) => map.get(key),
    set(key, endpoint) {
      map.delete(key);
      map.set(key, { ...endpoint });
      if (map.size > limit) map.delete(map.keys().next().value as string);
    },
    delete: (key) => void map.delete(key),
    clear: () => map.clear(),
    size: () => map.size,
  };
}

/** Sessions are per key and per requested model: one account's session id never steers another's. */
export function sessionKey(apiKey: string, sessionId: string, requested: string): string {
  return `${apiKey}\u0000${requested}\u0000${sessionId}`;
}
