import type { z } from 'zod';

/**
 * Every problem of a failed schema parse, each with its path (`output.0.content.1.text: expected
 * string`), prefixed by what was parsed. Pure.
 *
 * @example
 * schemaProblems('spec 2.2 result', ResponsesResultSchema.safeParse({}).error!);
 * // ['spec 2.2 result at id: Invalid input: expected string, received undefined', ...]
 */
export function schemaProblems(what: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => `${what} at ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
}
