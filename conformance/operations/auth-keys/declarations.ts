import { createHash } from 'node:crypto';
import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { OperationDeclaration, SampleFlow } from '../../kit/operation-declaration.ts';
import { malformedJson, wrongType } from '../../kit/refusals.ts';

/** An https callback the reference accepts (it only has to be https or localhost). */
const CALLBACK = { callback_url: 'https://localhost/gatewaykit-conformance' };
const UNISSUED_CODE = 'gatewaykit-conformance-never-issued';

/** The hash of a key as `/keys/{hash}` takes it: the SHA-256 of its secret, in hex. */
const keyHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * OAuth with PKCE, once (reference createAuthKeysCode, exchangeAuthCodeForAPIKey): make ONE code
 * with the management key, exchange it (no key) for ONE key, then delete that key by its hash with
 * the management key, so the run leaves none behind.
 */
export const codeExchange: SampleFlow = {
  key: 'kit.sample:auth-code-exchange',
  paid: 0,
  async make(client) {
    const code = await client.send({ method: 'POST', path: '/auth/keys/code', auth: 'management', body: CALLBACK });
    const id = (exchangeJson(code) as { data?: { id?: unknown } } | undefined)?.data?.id;
    if (code.status >= 300 || typeof id !== 'string') return {};
    const exchanged = await client.send({ method: 'POST', path: '/auth/keys', auth: 'none', body: { code: id } });
    const secret = (exchangeJson(exchanged) as { key?: unknown } | undefined)?.key;
    if (exchanged.status < 300 && typeof secret === 'string')
      await client.send({ method: 'DELETE', path: `/keys/${keyHash(secret)}`, auth: 'management' }).catch(() => undefined);
    return { 'auth.keys.exchange': exchanged };
  },
};

/** What a code exchanged by a wrongly served refusal made: its key, deleted by hash. */
const removeExchangedKey = (answer: Exchange) => {
  const secret = (exchangeJson(answer) as { key?: unknown } | undefined)?.key;
  return typeof secret === 'string' ? { method: 'DELETE' as const, path: `/keys/${keyHash(secret)}`, auth: 'management' as const } : undefined;
};

/** The kit's declarations of the auth-keys operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'auth.keys.code.create',
    request: () => ({ method: 'POST', path: '/auth/keys/code', body: CALLBACK }),
    creates: 'creates one authorization code, which makes no key until exchanged',
    badInput: () => [malformedJson('/auth/keys/code'), wrongType('/auth/keys/code', { callback_url: 42 }, 'callback_url')],
  },
  {
    endpoint: 'auth.keys.exchange',
    request: () => ({ method: 'POST', path: '/auth/keys', body: { code: UNISSUED_CODE } }),
    sample: codeExchange,
    creates: 'makes one code, exchanges it for one key and deletes that key, with the management key only',
    cleanup: removeExchangedKey,
    badInput: () => [malformedJson('/auth/keys'), wrongType('/auth/keys', { code: 42 }, 'code')],
    // It takes no key: the code is the credential (reference: 403 for a code that is not valid).
    auth: () => [
      {
        label: 'a code never issued',
        probe: { method: 'POST', path: '/auth/keys', auth: 'none', body: { code: UNISSUED_CODE } },
        statuses: [403],
        rule: 'auth-keys.unknown-code',
      },
    ],
  },
];
