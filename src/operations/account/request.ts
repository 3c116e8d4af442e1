import { GatewayError } from '../../errors/gateway-error.ts';

/** A generation id is at most this long; anything longer cannot be one of ours (and is not echoed). */
const MAX_ID_CHARS = 256;

/**
 * The `id` query parameter of GET /generation (reference getGeneration: required), or the 400
 * that says what is wrong with it.
 *
 * @example
 * generationIdOf(new URL('http://x/generation?id=gen-1')); // 'gen-1'
 */
export function generationIdOf(url: URL): string {
  const id = url.searchParams.get('id');
  if (id === null || id === '') throw new GatewayError(400, 'id: required query parameter (the X-Generation-Id of an answer)');
  if (id.length > MAX_ID_CHARS) throw new GatewayError(400, `id: at most ${MAX_ID_CHARS} characters (got ${id.length})`);
  return id;
}
