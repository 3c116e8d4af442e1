import type { ApiKey } from '../auth/api-key.ts';
import { maskSecret } from '../state/mask-credentials.ts';
import type { Journal, JournalRecord } from '../state/journal.ts';
import { isStreamedAnswer, type DispatchObserver } from './dispatch-observer.ts';
import { rawBodyOf, textByteLength, type RawBody } from './raw-body.ts';

/**
 * The journal as a listener of the dispatcher: one entry per API answer (what the inspector and
 * `GET /__gatewaykit/journal` show), and a streamed answer's events added as they go out. Bodies
 * that carry secrets (Route.secretBodies) stay out, and a stream the client left says how far it got: only the status and masked headers are kept.
 * `rememberKeyIds`: keep each key's masked id (the fast paths); else masked afresh per answer.
 */
export function journalObserver(journal: Journal, rememberKeyIds = true): DispatchObserver {
  // A key's masked id, made once per key object with the fast paths (keys live as long as the
  // gateway; hashing the key on every request was a measurable share of an answer).
  const keyIds = new WeakMap<ApiKey, string>();
  const maskedKeyId = rememberKeyIds
    ? (apiKey: ApiKey) => {
        let id = keyIds.get(apiKey);
        if (id === undefined) keyIds.set(apiKey, (id = maskSecret(apiKey.key)));
        return id;
      }
    : (apiKey: ApiKey) => maskSecret(apiKey.key);
  return {
    answered({ ctx, pathname, operation, response, unexpected }) {
      const secretBodies = ctx.route?.secretBodies === true;
      const raw = rawBodyOf(response);
      const body = ctx.body;
      const requested = typeof body === 'object' && body !== null ? (body as { model?: unknown }).model : undefined;
      // Every member present (undefined when not kept), never added after: each record has one
      // shape, so the journal reads it at one place per member (conditional members made the
      // record's shape vary from answer to answer, and each read of it a lookup).
      const entry: JournalRecord = {
        receivedAt: ctx.receivedAt,
        method: ctx.request.method,
        path: pathname,
        operation,
        headers: ctx.request.headers,
        body: secretBodies ? undefined : ctx.bodyRead,
        model: typeof requested === 'string' ? requested.slice(0, 256) : undefined,
        key: ctx.apiKey ? maskedKeyId(ctx.apiKey) : undefined,
        unexpected,
        response: textOf(response, raw, secretBodies),
      };
      const handle = journal.record(entry);
      // A whole body was recorded with the entry: nothing more to hear.
      if (!isStreamedAnswer(response)) return undefined;
      return {
        pieces: (pieces, from, to) => handle.sent(pieces, from, to),
        frames: (list, text, from, to) => handle.sentFrames(list, text, from, to),
        chunk: (chunk) => handle.sent([chunk]),
        ended: (delivery) => handle.ended(delivery),
      };
    },
  };
}

/** The answer as the journal keeps it: its text and the text's length, when it is text and not secret. */
function textOf(response: Response, raw: RawBody | undefined, secret: boolean): JournalRecord['response'] {
  const text = raw && 'text' in raw && !secret ? raw : undefined;
  return { status: response.status, headers: response.headers, text: text?.text, textBytes: text ? textByteLength(text) : undefined, latin1: text?.latin1 };
}
