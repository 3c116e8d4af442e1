import type { z } from 'zod';

/** `metadata.foo` / `input[2].content` / `(root)` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out || '(root)';
}

/**
 * One line per issue, each naming the field path and the rule broken, e.g.
 * `metadata: at most 16 pairs (got 17)`. The first issue leads; the rest follow after "; ".
 */
export function formatZodError(error: z.ZodError, maxIssues = 5): string {
  const parts = error.issues.slice(0, maxIssues).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  const more = error.issues.length - maxIssues;
  return parts.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
