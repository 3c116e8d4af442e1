import type { Operation } from '../operation.ts';

const MAX_BODY_BYTES = 16 * 1024;

/**
 * The reference's OAuth PKCE operations: a management key creates an authorization code carrying
 * the key's limit, reset interval, expiry and workspace (`POST /auth/keys/code`); the app exchanges
 * it once, with its verifier, for the key (`POST /auth/keys`, no Authorization: the code is the
 * credential). Codes expire on the gateway clock (docs/management.md).
 */
export const authKeysOperation: Operation = {
  name: 'auth-keys',
  endpoints: [
    {
      method: 'POST',
      path: '/auth/keys/code',
      id: 'auth.keys.code.create',
      referenceId: 'createAuthKeysCode',
      summary: 'Create an authorization code for the PKCE flow',
      auth: 'management',
      faults: [400, 401, 403, 409, 500],
      maxBodyBytes: MAX_BODY_BYTES,
      // The answer is the code itself, and a `plain` challenge is the verifier: together they are a key.
      secretBodies: true,
    },
    {
      method: 'POST',
      path: '/auth/keys',
      id: 'auth.keys.exchange',
      referenceId: 'exchangeAuthCodeForAPIKey',
      summary: 'Exchange an authorization code (and its PKCE verifier) for an API key',
      auth: 'none',
      faults: [400, 403, 500],
      maxBodyBytes: MAX_BODY_BYTES,
      secretBodies: true,
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
