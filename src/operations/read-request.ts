import type { z } from 'zod';
import { GatewayError } from '../errors/gateway-error.ts';
import { formatZodError } from '../errors/format-zod-error.ts';
import { parseRequest } from '../validation/parse-request.ts';

/** A body or query parsed against `schema`, or the 400 naming the field and the rule (spec 7). */
export function readRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = parseRequest(schema, value);
  if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
  return parsed.data;
}

/** The query parameters as an object; a parameter given twice is a 400 (which one would count?). */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [name, value] of url.searchParams) {
    if (name in out) throw new GatewayError(400, `${name}: given more than once`);
    out[name] = value;
  }
  return out;
}
