/** The scopes of one gateway by id, each made on first use; the least recently used goes past the cap. */
export interface ScopeMap<T> {
  /** The scope `id`, made now if new (evicting the least recently used one past the cap). */
  get(id: string): T;
  /** The scope `id` if it exists, without making it or counting it as a use. */
  peek(id: string): T | undefined;
  /** The live ids, least recently used first. */
  ids(): string[];
  readonly size: number;
  /** Forget every scope (each is handed to `evicted` first). */
  clear(): void;
}

export interface ScopeMapOptions<T> {
  /** Most scopes kept at once (at least 1). */
  max: number;
  make(id: string): T;
  /** Told of a scope that is dropped (evicted or cleared), to release what it holds (timers). */
  evicted?(scope: T, id: string): void;
}

/**
 * A bounded map scope id -> state: a Map keeps insertion order, so moving a used id to the end
 * makes its first key the least recently used one.
 *
 * @example
 * const scopes = createScopeMap({ max: 2, make: (id) => ({ id }) });
 * scopes.get('a'); scopes.get('b'); scopes.get('c'); // 'a' is evicted
 */
export function createScopeMap<T>(options: ScopeMapOptions<T>): ScopeMap<T> {
  const max = Math.max(1, Math.floor(options.max));
  const scopes = new Map<string, T>();
  const drop = (id: string, scope: T) => {
    scopes.delete(id);
    options.evicted?.(scope, id);
  };
  return {
    get(id) {
      const known = scopes.get(id);
      if (known !== undefined) {
        scopes.delete(id);
        scopes.set(id, known);
        return known;
      }
      while (scopes.size >= max) {
        const [oldest, scope] = scopes.entries().next().value as [string, T];
        drop(oldest, scope);
      }
      const made = options.make(id);
      scopes.set(id, made);
      return made;
    },
    peek: (id) => scopes.get(id),
    ids: () => [...scopes.keys()],
    get size() {
      return scopes.size;
    },
    clear() {
      for (const [id, scope] of [...scopes]) drop(id, scope);
    },
  };
}
