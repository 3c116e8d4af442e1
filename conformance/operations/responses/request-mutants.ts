import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onRequest } from '../../mutants/rewrite.ts';

/** Mutants that "accept" what must be rejected: they repair or drop the field before the real gateway sees it. */

const onBody = (change: (body: Record<string, unknown>, path: string) => void) => (fetch: Parameters<Mutant['wrap']>[0]) =>
  onRequest(fetch, (request) => {
    if (request.method === 'POST' && isObject(request.body)) change(request.body, request.url.pathname);
  });
const responsesOnly = (change: (body: Record<string, unknown>) => void) => onBody((body, path) => path.endsWith('/responses') && change(body));

export const noAuthRequired: Mutant = {
  id: 'no-auth-required',
  breaks: 'spec 5.2: a request without credentials is served',
  caughtBy: 'auth.missing-key',
  wrap: (fetch, { apiKey }) => onRequest(fetch, (r) => void (r.headers.has('authorization') || r.headers.set('authorization', `Bearer ${apiKey}`))),
};

export const invalidKeyAccepted: Mutant = {
  id: 'invalid-key-accepted',
  breaks: 'spec 5.2: a request with invalid credentials is served',
  caughtBy: 'auth.invalid-key',
  wrap: (fetch, { apiKey }) =>
    onRequest(fetch, (r) => {
      if (r.headers.has('authorization')) r.headers.set('authorization', `Bearer ${apiKey}`);
    }),
};

export const previousResponseIdAccepted: Mutant = {
  id: 'previous-response-id-accepted',
  breaks: 'spec 2.1, 7: a non-null previous_response_id is accepted (ignored)',
  caughtBy: 'validation.previous-response-id',
  wrap: responsesOnly((b) => delete b.previous_response_id),
};

export const metadata17PairsAccepted: Mutant = {
  id: 'metadata-17-pairs-accepted',
  breaks: 'spec 2.1, 8: more than 16 metadata pairs accepted (extras dropped)',
  caughtBy: 'validation.metadata-pairs',
  wrap: responsesOnly((b) => {
    if (isObject(b.metadata)) b.metadata = Object.fromEntries(Object.entries(b.metadata).slice(0, 16));
  }),
};

export const sessionId257Accepted: Mutant = {
  id: 'session-id-257-accepted',
  breaks: 'spec 2.1, 8: a session_id over 256 characters is accepted (truncated)',
  caughtBy: 'validation.session-id-length',
  wrap: responsesOnly((b) => {
    if (typeof b.session_id === 'string') b.session_id = b.session_id.slice(0, 256);
  }),
};

export const user257Accepted: Mutant = {
  id: 'user-257-accepted',
  breaks: 'spec 2.1, 8: a user over 256 characters is accepted (truncated)',
  caughtBy: 'validation.user-length',
  wrap: responsesOnly((b) => {
    if (typeof b.user === 'string') b.user = b.user.slice(0, 256);
  }),
};

export const metadataKey65Accepted: Mutant = {
  id: 'metadata-key-65-accepted',
  breaks: 'spec 2.1, 8: metadata keys over 64 characters accepted (truncated)',
  caughtBy: 'validation.metadata-key-length',
  wrap: responsesOnly((b) => {
    if (isObject(b.metadata)) b.metadata = Object.fromEntries(Object.entries(b.metadata).map(([k, v]) => [k.slice(0, 64), v]));
  }),
};

export const metadataValue513Accepted: Mutant = {
  id: 'metadata-value-513-accepted',
  breaks: 'spec 2.1, 8: metadata values over 512 characters accepted (truncated)',
  caughtBy: 'validation.metadata-value-length',
  wrap: responsesOnly((b) => {
    if (isObject(b.metadata)) b.metadata = Object.fromEntries(Object.entries(b.metadata).map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 512) : v]));
  }),
};

export const metadataKeyBracketsAccepted: Mutant = {
  id: 'metadata-key-brackets-accepted',
  breaks: 'spec 2.1, 8: metadata keys with brackets accepted (brackets stripped)',
  caughtBy: 'validation.metadata-key-brackets',
  wrap: responsesOnly((b) => {
    if (isObject(b.metadata)) b.metadata = Object.fromEntries(Object.entries(b.metadata).map(([k, v]) => [k.replace(/[[\]]/g, '') || 'k', v]));
  }),
};

export const maxToolCalls31Accepted: Mutant = {
  id: 'max-tool-calls-31-accepted',
  breaks: 'spec 2.1, 8: max_tool_calls over 30 accepted (clamped)',
  caughtBy: 'validation.max-tool-calls',
  wrap: responsesOnly((b) => {
    if (typeof b.max_tool_calls === 'number') b.max_tool_calls = Math.min(30, Math.round(b.max_tool_calls));
    else if (b.max_tool_calls !== undefined) delete b.max_tool_calls;
  }),
};

export const providerUnknownPropertyAccepted: Mutant = {
  id: 'provider-unknown-property-accepted',
  breaks: 'spec 2.4: unknown provider properties accepted (ignored)',
  caughtBy: 'validation.provider-properties',
  wrap: responsesOnly((b) => {
    if (isObject(b.provider))
      for (const k of Object.keys(b.provider))
        if (k.startsWith('x_') || !/^(allow_fallbacks|data_collection|sort|order|only|ignore)$/.test(k)) delete b.provider[k];
  }),
};

export const pluginsIgnored: Mutant = {
  id: 'plugins-ignored',
  breaks: 'spec 2.5, 8: plugin bounds not checked (plugins ignored)',
  caughtBy: 'validation.plugin-bounds',
  wrap: responsesOnly((b) => delete b.plugins),
};

export const storeTrueAccepted: Mutant = {
  id: 'store-true-accepted',
  breaks: 'spec 2.1: store: true accepted',
  caughtBy: 'validation.store',
  wrap: responsesOnly((b) => delete b.store),
};

export const legacyMetadataHeaderIgnored: Mutant = {
  id: 'legacy-metadata-header-ignored',
  breaks: 'spec 2.1: X-Gateway-Experimental-Metadata not honoured',
  caughtBy: 'metadata.legacy-header',
  wrap: (fetch) => onRequest(fetch, (r) => r.headers.delete('x-gateway-experimental-metadata')),
};

export const httpCallbackAccepted: Mutant = {
  id: 'http-callback-accepted',
  breaks: 'spec 2.7, 8: an http:// callback_url accepted (upgraded)',
  caughtBy: 'videos.submit-validation',
  wrap: onBody((b, path) => {
    if (path.endsWith('/videos') && typeof b.callback_url === 'string') b.callback_url = b.callback_url.replace(/^http:/, 'https:');
  }),
};

export const videoDurationZeroAccepted: Mutant = {
  id: 'video-duration-zero-accepted',
  breaks: 'spec 2.7, 8: a video duration under 1 second accepted',
  caughtBy: 'videos.submit-validation',
  wrap: onBody((b, path) => {
    if (path.endsWith('/videos') && typeof b.duration === 'number' && b.duration < 1) delete b.duration;
  }),
};

export const validRequestsRejected: Mutant = {
  id: 'valid-user-rejected',
  breaks: 'spec 2.1: a valid request carrying `user` is rejected',
  caughtBy: 'validation.valid-accepted',
  wrap: responsesOnly((b) => {
    if ('user' in b || 'metadata' in b || 'session_id' in b) b.store = true;
  }),
};

export const REQUEST_MUTANTS: readonly Mutant[] = [
  noAuthRequired,
  invalidKeyAccepted,
  previousResponseIdAccepted,
  metadata17PairsAccepted,
  sessionId257Accepted,
  user257Accepted,
  metadataKey65Accepted,
  metadataValue513Accepted,
  metadataKeyBracketsAccepted,
  maxToolCalls31Accepted,
  providerUnknownPropertyAccepted,
  pluginsIgnored,
  storeTrueAccepted,
  legacyMetadataHeaderIgnored,
  httpCallbackAccepted,
  videoDurationZeroAccepted,
  validRequestsRejected,
];
