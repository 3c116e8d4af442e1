import { GatewayError } from '../errors/gateway-error.ts';

/**
 * The request header that picks a scope of one gateway: each test of a parallel run sends its own
 * id and gets its own journal, scripts, faults, sessions and credits (the name aimock uses).
 */
export const SCOPE_HEADER = 'x-test-id';
/** The longest scope id accepted: long enough for a readable test name plus a hash. */
export const MAX_SCOPE_ID_LENGTH = 128;
// Letters, digits and a few separators a test path or name may need; no spaces, quotes or controls,
// so an id is safe to show, log and put in a URL as it is.
const SCOPE_ID = /^[A-Za-z0-9][A-Za-z0-9._:/@+=~-]*$/;

/**
 * The scope id a request's `X-Test-Id` names, or the 400 that says why the value is refused.
 *
 * @example
 * parseScopeId('checkout.test.ts/pays-once'); // 'checkout.test.ts/pays-once'
 * parseScopeId('a b'); // GatewayError 400
 */
export function parseScopeId(value: string): string | GatewayError {
  if (value.length === 0) return new GatewayError(400, 'X-Test-Id is empty; send a test id, or leave the header out for the default scope');
  if (value.length > MAX_SCOPE_ID_LENGTH) {
    return new GatewayError(400, `X-Test-Id is ${value.length} characters long; at most ${MAX_SCOPE_ID_LENGTH} are accepted`);
  }
  if (!SCOPE_ID.test(value)) {
    return new GatewayError(
      400,
      `X-Test-Id ${JSON.stringify(value.slice(0, 40))} has a character outside A-Z a-z 0-9 . _ : / @ + = ~ - (or does not start with a letter or digit)`,
    );
  }
  return value;
}
