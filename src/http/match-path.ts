/**
 * Match `/videos/gen-vid-1-abc` against `/videos/:jobId`. Returns the params, or undefined.
 * Segments are compared literally; `:name` captures one decoded segment.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const p = pattern.split('/');
  const s = path.split('/');
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
}
