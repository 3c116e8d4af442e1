import type { Endpoint } from '../../src/operations/operation.ts';
import { successProblems } from '../kit/answer-problems.ts';
import { answerComponents, type AnswerComponents } from '../kit/answer-validator.ts';
import { OPERATION_DECLARATIONS } from '../kit/declarations/index.ts';
import { LISTING_CONTEXT } from '../kit/operation-checks.ts';
import type { OperationDeclaration } from '../kit/operation-declaration.ts';
import { endpointOf, kitCheckPrefix } from '../kit/operation-sample.ts';
import { SHAPE_RULE } from '../kit/shape-check.ts';
import { reachesEndpoint } from './endpoint-pattern.ts';
import type { Mutant } from './mutant.ts';
import { onRequest, onResponse, type SeenResponse } from './rewrite.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first top-level member whose absence breaks the answer's schema (a required one), or undefined. */
function requiredMember(endpointId: string, response: SeenResponse, json: Record<string, unknown>, components: AnswerComponents): string | undefined {
  return Object.keys(json).find((key) => {
    const { [key]: _dropped, ...rest } = json;
    return successProblems(endpointId, { ...response, headers: Object.fromEntries(response.headers), text: JSON.stringify(rest) }, components).length > 0;
  });
}

/** The served answers of the endpoint lose a required member (JSON), or are labelled octet-stream (binary). */
function dropsMember(endpoint: Endpoint): Mutant {
  return {
    id: `${endpoint.id}-answer-off-schema`,
    breaks: `reference ${endpoint.referenceId || endpoint.id}: a served answer of ${endpoint.method} ${endpoint.path} lacks a required member, or is labelled application/octet-stream`,
    rules: [SHAPE_RULE],
    caughtBy: `${kitCheckPrefix(endpoint)}.shape`,
    wrap: (fetch) => {
      let components: AnswerComponents | undefined;
      return onResponse(fetch, (response, request) => {
        if (response.status >= 300 || !reachesEndpoint(endpoint, request.url.pathname, request.method)) return;
        const type = response.headers.get('content-type') ?? '';
        if (!type.includes('json')) return void response.headers.set('content-type', 'application/octet-stream');
        const json: unknown = JSON.parse(response.text);
        if (!isObject(json)) return;
        const member = requiredMember(endpoint.id, response, json, (components ??= answerComponents()));
        if (member !== undefined) delete json[member];
        response.text = JSON.stringify(json);
      });
    },
  };
}

/** The endpoint's refusals (other than 401 and 403) carry `{error: "<message>"}`, a string, not the error body. */
function stringError(endpoint: Endpoint, declaration: OperationDeclaration): Mutant {
  return {
    id: `${endpoint.id}-error-as-string`,
    breaks: `spec 7: the 4xx answers of ${endpoint.path} carry error as a string, not the error object`,
    rules: [...new Set(declaration.badInput(LISTING_CONTEXT).map((r) => r.rule))],
    caughtBy: `${kitCheckPrefix(endpoint)}.errors`,
    wrap: (fetch) =>
      onResponse(fetch, (response, request) => {
        if (response.status < 400 || response.status === 401 || response.status === 403 || !reachesEndpoint(endpoint, request.url.pathname)) return;
        response.headers.set('content-type', 'application/json');
        response.text = JSON.stringify({ error: `request refused (${response.status})` });
      }),
  };
}

/** The endpoint serves any request as if it carried the right key: no key, a wrong key, an ordinary key on a management endpoint. */
function skipsAuth(endpoint: Endpoint): Mutant {
  const management = endpoint.auth === 'management';
  return {
    id: `${endpoint.id}-skips-auth`,
    breaks: `spec 5.2${management ? ', 5.3' : ''}: ${endpoint.method} ${endpoint.path} serves requests without valid credentials`,
    rules: management ? ['auth.no-credentials', 'auth.invalid-credentials', 'auth.management-key'] : ['auth.no-credentials', 'auth.invalid-credentials'],
    caughtBy: `${kitCheckPrefix(endpoint)}.auth`,
    wrap: (fetch, { apiKey }) =>
      onRequest(fetch, (request) => {
        if (reachesEndpoint(endpoint, request.url.pathname, request.method))
          request.headers.set('authorization', `Bearer ${management ? 'sk-gw-management' : apiKey}`);
      }),
  };
}

/** POST /auth/keys exchanges any code: a code never issued gets a key. */
const exchangesAnyCode: Mutant = {
  id: 'auth-keys.exchange-any-code',
  breaks: 'reference exchangeAuthCodeForAPIKey: a code never issued is exchanged for a key (200), not refused with 403',
  rules: ['auth-keys.unknown-code'],
  caughtBy: 'auth-keys.exchange.auth',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (response.status !== 403 || !reachesEndpoint({ method: 'POST', path: '/auth/keys' }, request.url.pathname, request.method)) return;
      response.status = 200;
      response.text = JSON.stringify({ key: `sk-gw-v1-${'0'.repeat(64)}`, user_id: null });
    }),
};

/** POST /credits/coinbase serves a charge without credentials, where the reference says it is gone. */
const servesCoinbase: Mutant = {
  id: 'credits.coinbase-served',
  breaks: 'reference createCoinbaseCharge: the deprecated operation answers 200 without credentials, not 410 Gone',
  rules: ['credits.coinbase-gone'],
  caughtBy: 'credits.coinbase.create.auth',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (response.status !== 410 || !reachesEndpoint({ method: 'POST', path: '/credits/coinbase' }, request.url.pathname, request.method)) return;
      if (request.headers.has('authorization')) return;
      response.status = 200;
      response.text = JSON.stringify({ data: { id: 'charge' } });
    }),
};

/** Auth mutants of the endpoints that take no key, by endpoint id. */
const NO_KEY_MUTANTS: Readonly<Record<string, Mutant>> = { 'auth.keys.exchange': exchangesAnyCode, 'credits.coinbase.create': servesCoinbase };

/** GET /files/{id}/content serves an upload's bytes though its metadata says it is not downloadable. */
const servesUploadContent: Mutant = {
  id: 'files.content-serves-uploads',
  breaks: 'reference downloadFileContent: the content of an uploaded file (downloadable: false) is served (200), not refused with 400',
  rules: [SHAPE_RULE],
  caughtBy: 'files.content.shape',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (
        response.status !== 400 ||
        !reachesEndpoint({ method: 'GET', path: '/files/:file_id/content' }, request.url.pathname, request.method) ||
        !/downloadable/.test(response.text)
      )
        return;
      response.status = 200;
      response.headers.set('content-type', 'application/octet-stream');
      response.text = 'gatewaykit conformance\n';
    }),
};

/** POST /credits/coinbase answers its gone operation with a body that is not the envelope. */
const coinbaseGoneOffEnvelope: Mutant = {
  id: 'credits.coinbase-gone-off-envelope',
  breaks: 'reference createCoinbaseCharge: the 410 answer is not the GoneResponse envelope (error.code missing)',
  rules: [SHAPE_RULE],
  caughtBy: 'credits.coinbase.create.shape',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (response.status !== 410 || !reachesEndpoint({ method: 'POST', path: '/credits/coinbase' }, request.url.pathname, request.method)) return;
      response.text = JSON.stringify({ error: { message: 'gone' } });
    }),
};

/** Shape mutants of endpoints whose documented answer depends on their flow, or is an error. */
const SHAPE_MUTANTS: Readonly<Record<string, Mutant>> = { 'files.content': servesUploadContent, 'credits.coinbase.create': coinbaseGoneOffEnvelope };

/** The mutants of one declaration: one per kit check it makes. */
function declarationMutants(declaration: OperationDeclaration): Mutant[] {
  const endpoint = endpointOf(declaration);
  const made = declaration.handWritten ?? {};
  return [
    ...(made.shape ? [] : [SHAPE_MUTANTS[endpoint.id] ?? dropsMember(endpoint)]),
    ...(made.errors ? [] : [stringError(endpoint, declaration)]),
    ...(made.auth ? [] : [endpoint.auth === 'none' ? (NO_KEY_MUTANTS[endpoint.id] ?? exchangesAnyCode) : skipsAuth(endpoint)]),
  ];
}

/** A plausible bug of every kit check: an answer off its schema, an error body that is not the envelope, auth skipped. */
export const KIT_MUTANTS: readonly Mutant[] = OPERATION_DECLARATIONS.flatMap(declarationMutants);
