/**
 * Match `/videos/gen-vid-1-abc` against `/videos/:jobId`. Returns the params, or undefined.
 * Segments are compared literally; `:name` captures one decoded segment.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  return pathMatcher(pattern)(path, () => path.split('/'));
}

/**
 * {@link matchPath} for one pattern, prepared once: a pattern without parameters is a string
 * comparison, and a parametrised one splits only the path (or takes the segments the caller
 * already split: `segments` splits it once for every route a dispatcher tries for one request).
 *
 * @example
 * const match = pathMatcher('/videos/:jobId');
 * match('/videos/gen-vid-1', () => '/videos/gen-vid-1'.split('/')); // { jobId: 'gen-vid-1' }
 */
export function pathMatcher(pattern: string): (path: string, segments: () => readonly string[]) => Record<string, string> | undefined {
  if (!pattern.includes('/:')) return (path) => (path === pattern ? {} : undefined);
  const p = pattern.split('/');
  return (path, segments) => {
    const s = segments();
    if (p.length !== s.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < p.length; i++) {
      const seg = p[i] as string;
      const actual = s[i] as string;
      if (seg.startsWith(':')) {
        if (actual === '') return undefined;
        try {
          params[seg.slice(1)] = decodeURIComponent(actual);
        } catch {
          return undefined;
        }
      } else if (seg !== actual) return undefined;
    }
    return params;
  };
}
