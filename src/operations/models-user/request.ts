import { GatewayError } from '../../errors/gateway-error.ts';

/**
 * The `offset` and `limit` of `GET /models/user` (reference: offset >= 0, limit 1..1000, default
 * 500; both absent: the full list, undefined here). A bad value is a 400 naming the parameter.
 *
 * @example
 * pageOf(new URLSearchParams('limit=10')); // { offset: 0, limit: 10 }
 */
export function pageOf(params: URLSearchParams): { offset: number; limit: number } | undefined {
  const offset = params.get('offset');
  const limit = params.get('limit');
  if (offset === null && limit === null) return undefined;
  const int = (name: string, raw: string | null, min: number, max: number, fallback: number) => {
    if (raw === null) return fallback;
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isInteger(n) || n < min || n > max)
      throw new GatewayError(400, `${name}: must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`);
    return n;
  };
  return { offset: int('offset', offset, 0, Number.MAX_SAFE_INTEGER, 0), limit: int('limit', limit, 1, 1000, 500) };
}
