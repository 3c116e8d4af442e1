import { GatewayError } from '../errors/gateway-error.ts';

/** spec 2.1 / 2.7 / 8: a session id is at most 256 characters, in the body or the header. */
export const SESSION_ID_MAX_CHARS = 256;

/**
 * The session id of a request, the same rule on every operation (spec 2.1, 2.7): the body's
 * `session_id` wins over the `x-session-id` header; a header longer than 256 characters (Unicode
 * code points, like every length rule) is a 400, as a body value would be.
 *
 * @example
 * sessionIdOf('abc', new Headers({ 'x-session-id': 'def' })); // 'abc'
 * sessionIdOf(undefined, new Headers({ 'x-session-id': 'def' })); // 'def'
 */
export function sessionIdOf(bodyValue: unknown, headers: Pick<Headers, 'get'>): string | undefined {
  const header = headers.get('x-session-id');
  if (header !== null) {
    let length = 0;
    for (const _ of header) length++;
    if (length > SESSION_ID_MAX_CHARS) throw new GatewayError(400, `x-session-id: at most ${SESSION_ID_MAX_CHARS} characters (got ${length}; spec 8)`);
  }
  return typeof bodyValue === 'string' ? bodyValue : (header ?? undefined);
}
