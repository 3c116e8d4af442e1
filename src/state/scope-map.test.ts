import { describe, expect, it } from 'vitest';
import { createScopeMap } from './scope-map.ts';

describe('createScopeMap', () => {
  it('makes a scope once, on first use', () => {
    const made: string[] = [];
    const scopes = createScopeMap({ max: 4, make: (id) => (made.push(id), { id }) });
    const a = scopes.get('a');
    expect(scopes.get('a')).toBe(a);
    expect(made).toEqual(['a']);
    expect(scopes.peek('b')).toBeUndefined();
    expect(scopes.size).toBe(1);
  });

  it('evicts the least recently used scope past the cap, and says so', () => {
    const evicted: string[] = [];
    const scopes = createScopeMap({ max: 2, make: (id) => ({ id }), evicted: (_scope, id) => evicted.push(id) });
    scopes.get('a');
    scopes.get('b');
    scopes.get('a'); // 'b' is now the least recently used
    scopes.get('c');
    expect(evicted).toEqual(['b']);
    expect(scopes.ids()).toEqual(['a', 'c']);
  });

  it('peek does not count as a use', () => {
    const scopes = createScopeMap({ max: 2, make: (id) => ({ id }) });
    scopes.get('a');
    scopes.get('b');
    scopes.peek('a');
    scopes.get('c');
    expect(scopes.ids()).toEqual(['b', 'c']);
  });

  it('clear hands every scope to evicted and forgets them', () => {
    const evicted: string[] = [];
    const scopes = createScopeMap({ max: 3, make: (id) => ({ id }), evicted: (scope) => evicted.push(scope.id) });
    scopes.get('x');
    scopes.get('y');
    scopes.clear();
    expect(evicted).toEqual(['x', 'y']);
    expect(scopes.size).toBe(0);
  });

  it('never keeps more than the cap, however many ids arrive', () => {
    const scopes = createScopeMap({ max: 5, make: (id) => ({ id }) });
    for (let i = 0; i < 1000; i++) scopes.get(`t${i}`);
    expect(scopes.size).toBe(5);
    expect(scopes.ids()).toEqual(['t995', 't996', 't997', 't998', 't999']);
  });
});
