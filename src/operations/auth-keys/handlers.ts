import type { OperationHandlers } from '../operation.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { createKey, knownWorkspace } from '../../management/create-key.ts';
import { ACCOUNT_USER_ID, isoSeconds } from '../../management/key-entry.ts';
import type { OAuthCodeRecord } from '../../management/oauth-code-record.ts';
import { authCodeId } from '../../management/secret-material.ts';
import { readRequest } from '../read-request.ts';
import { checkVerifier } from './pkce.ts';
import { CreateAuthCodeRequestSchema, ExchangeAuthCodeRequestSchema } from './request.ts';

/** An authorization code is exchanged within this time of its creation, on the gateway clock. */
const AUTH_CODE_TTL_MS = 10 * 60_000;
/** The app every code of the simulated account belongs to (reference `app_id`). */
const APP_ID = 1;
/** The name of a key made from a code without `key_label` (reference: "Defaults to the app name"). */
const APP_NAME = 'gatewaykit app';

/** Room for one more code: expired codes are forgotten first, then it is the reference's 409. */
function makeRoom(env: GatewayEnv, now: number): void {
  const store = env.management;
  if (store.counts().codes < store.bounds.maxCodes) return;
  for (const code of store.snapshot().codes) if (now >= code.expires_at_ms) store.takeCode(code.id)?.saved.catch((error) => env.reportError(error));
  if (store.counts().codes >= store.bounds.maxCodes) {
    throw new GatewayError(409, `Resource conflict. Please try again later: ${store.bounds.maxCodes} authorization codes are waiting for their exchange`);
  }
}

async function createCode(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const body = readRequest(CreateAuthCodeRequestSchema, await ctx.json());
  const now = env.clock.now();
  makeRoom(env, now);
  const seq = env.management.nextSeq();
  const record: OAuthCodeRecord = {
    id: authCodeId(env.seed, seq),
    app_id: APP_ID,
    callback_url: body.callback_url,
    code_challenge: body.code_challenge ?? null,
    // RFC 7636 4.3: without a method, a challenge is `plain`.
    code_challenge_method: body.code_challenge === undefined ? null : (body.code_challenge_method ?? 'plain'),
    limit: body.limit ?? null,
    usage_limit_type: body.usage_limit_type ?? null,
    key_expires_at: body.expires_at ?? null,
    key_label: body.key_label ?? null,
    workspace_id: knownWorkspace(env.management, body.workspace_id),
    created_at: isoSeconds(now),
    expires_at_ms: now + AUTH_CODE_TTL_MS,
    seq,
  };
  await env.management.putCode(record);
  return jsonResponse({ data: { id: record.id, app_id: record.app_id, created_at: record.created_at } });
}

const INVALID_CODE = 'Invalid code: unknown, already exchanged, or expired';

async function exchangeCode(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const body = readRequest(ExchangeAuthCodeRequestSchema, await ctx.json());
  const code = env.management.code(body.code);
  if (!code) throw new GatewayError(403, INVALID_CODE);
  if (env.clock.now() >= code.expires_at_ms) {
    env.management.takeCode(code.id)?.saved.catch((error) => env.reportError(error));
    throw new GatewayError(403, INVALID_CODE);
  }
  await checkVerifier(code, body);
  // Single use: taken now, after the only await; a concurrent exchange of the same code finds none.
  const taken = env.management.takeCode(code.id);
  if (!taken) throw new GatewayError(403, INVALID_CODE);
  await taken.saved.catch((error: Error) => {
    throw new GatewayError(503, `The exchange could not be saved to the state file (${error.message}); ask for a new code`);
  });
  const { secret } = await createKey(env.management, env.seed, env.clock.now(), {
    name: code.key_label ?? APP_NAME,
    source: 'oauth',
    limit: code.limit,
    limit_reset: code.usage_limit_type,
    expires_at: code.key_expires_at,
    workspace_id: code.workspace_id,
  });
  return jsonResponse({ key: secret, user_id: ACCOUNT_USER_ID });
}

/** The auth-keys operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'auth.keys.code.create': (ctx) => createCode(env, ctx),
  'auth.keys.exchange': (ctx) => exchangeCode(env, ctx),
});
