import { constantTimeEqual } from '../../auth/constant-time-equal.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { OAuthCodeRecord } from '../../management/oauth-code-record.ts';
import { sha256Base64Url } from '../../management/secret-material.ts';
import type { ExchangeAuthCodeRequest } from './request.ts';

/**
 * RFC 7636 4.6: whether the exchange's verifier meets the code's challenge. A code made without a
 * challenge needs none; one made with a challenge needs its verifier (400 without one), hashed
 * with the code's method (`S256`: base64url of SHA-256; `plain`: itself). A method named in the
 * exchange must be the code's (400). A verifier that does not match is the reference's 403.
 */
export async function checkVerifier(code: OAuthCodeRecord, exchange: ExchangeAuthCodeRequest): Promise<void> {
  if (code.code_challenge === null) return;
  const method = code.code_challenge_method ?? 'plain';
  if (exchange.code_challenge_method != null && exchange.code_challenge_method !== method) {
    throw new GatewayError(400, `code_challenge_method: the code was created with ${method}, not ${exchange.code_challenge_method}`);
  }
  if (exchange.code_verifier === undefined) throw new GatewayError(400, 'code_verifier: required (the code was created with a code_challenge)');
  const derived = method === 'S256' ? await sha256Base64Url(exchange.code_verifier) : exchange.code_verifier;
  if (!constantTimeEqual(derived, code.code_challenge))
    throw new GatewayError(403, `Invalid code_verifier: it does not match the code's ${method} code_challenge`);
}
