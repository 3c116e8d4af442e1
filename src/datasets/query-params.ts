import { GatewayError } from '../errors/gateway-error.ts';

/**
 * One query parameter, given at most once: a parameter repeated is a 400 (the datasets' rule,
 * documented with GET /datasets/rankings-daily), absent is undefined.
 *
 * @example
 * oneParam(new URLSearchParams('sort=popular'), 'sort'); // 'popular'
 */
export function oneParam(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name);
  if (all.length > 1) throw new GatewayError(400, `${name}: given ${all.length} times (at most once)`);
  return all[0];
}

/** An enum parameter: one of `allowed`, else a 400 naming them. */
export function enumParam<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const raw = oneParam(params, name);
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new GatewayError(400, `${name}: must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')} (got ${JSON.stringify(raw)})`);
  }
  return raw as T;
}

/** An integer parameter within [min, max] (max optional), else a 400 naming the range. */
export function intParam(params: URLSearchParams, name: string, min: number, max?: number): number | undefined {
  const raw = oneParam(params, name);
  if (raw === undefined) return undefined;
  const n = /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || (max !== undefined && n > max)) {
    const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
    throw new GatewayError(400, `${name}: must be an integer ${range} (got ${JSON.stringify(raw)})`);
  }
  return n;
}

/** A boolean parameter: `true` or `false`, else a 400. */
export function boolParam(params: URLSearchParams, name: string): boolean | undefined {
  const raw = oneParam(params, name);
  if (raw === undefined) return undefined;
  if (raw !== 'true' && raw !== 'false') throw new GatewayError(400, `${name}: must be true or false (got ${JSON.stringify(raw)})`);
  return raw === 'true';
}
