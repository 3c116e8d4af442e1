import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onJson, onResponse, onSse, onStreamEvents } from '../../mutants/rewrite.ts';

/** Mutants that corrupt one thing in the answers of a real gateway. */

export const errorCodeNotStatus: Mutant = {
  id: 'error-code-not-status',
  breaks: 'spec 7: error.code differs from the HTTP status',
  caughtBy: 'errors.envelope',
  wrap: (fetch) =>
    onJson(fetch, (json, response) => {
      if (response.status >= 400 && isObject(json.error)) json.error.code = response.status === 400 ? 422 : 400;
    }),
};

export const errorEnvelopeNotJson: Mutant = {
  id: 'error-envelope-not-json',
  breaks: 'spec 7: the error body is plain text, not the JSON envelope',
  caughtBy: 'errors.envelope',
  wrap: (fetch) =>
    onResponse(fetch, (response) => {
      if (response.status < 400) return;
      response.headers.set('content-type', 'text/plain');
      response.text = `Error ${response.status}`;
    }),
};

export const retryAfterMissing: Mutant = {
  id: 'retry-after-missing',
  breaks: 'reference: 429 without Retry-After',
  caughtBy: 'errors.retry-after',
  wrap: (fetch) => onResponse(fetch, (response) => response.headers.delete('retry-after')),
};

export const usageArithmeticWrong: Mutant = {
  id: 'usage-arithmetic-wrong',
  breaks: 'spec 2.2: total_tokens is not input_tokens + output_tokens',
  caughtBy: 'result.usage',
  wrap: (fetch) =>
    onJson(fetch, (json) => {
      if (json.object === 'response' && isObject(json.usage) && typeof json.usage.total_tokens === 'number') json.usage.total_tokens += 1;
    }),
};

export const resultWrongObject: Mutant = {
  id: 'result-wrong-object',
  breaks: 'spec 2.2: object is not "response"',
  caughtBy: 'result.shape',
  wrap: (fetch) =>
    onJson(fetch, (json) => {
      if (json.object === 'response') json.object = 'chat.completion';
    }),
};

export const metadataSentUnasked: Mutant = {
  id: 'metadata-sent-unasked',
  breaks: 'spec 2.1: gateway_metadata returned without the metadata header',
  caughtBy: 'metadata.opt-in',
  wrap: (fetch) =>
    onJson(fetch, (json, _response, request) => {
      if (request.url.pathname.endsWith('/responses') && !('gateway_metadata' in json)) json.gateway_metadata = { requested: 'x', strategy: 'direct' };
    }),
};

export const metadataNotSentWhenAsked: Mutant = {
  id: 'metadata-not-sent-when-asked',
  breaks: 'spec 2.1, 2.6: X-Gateway-Metadata: enabled ignored on results',
  caughtBy: 'metadata.enabled',
  wrap: (fetch) => onJson(fetch, (json) => void (json.object === 'response' && delete json.gateway_metadata)),
};

const onMetadata =
  (change: (meta: Record<string, unknown>) => void): Mutant['wrap'] =>
  (fetch) =>
    onJson(fetch, (json) => void (json.object === 'response' && isObject(json.gateway_metadata) && change(json.gateway_metadata)));

export const metadataRequestedResolved: Mutant = {
  id: 'metadata-requested-resolved',
  breaks: 'spec 2.6: gateway_metadata.requested names the dated snapshot the gateway resolved, not the model the request named',
  caughtBy: 'metadata.enabled',
  wrap: onMetadata((meta) => void (typeof meta.requested === 'string' && (meta.requested = `${meta.requested}-2024-07-18`))),
};

export const metadataEndpointTotalShort: Mutant = {
  id: 'metadata-endpoint-total-short',
  breaks: 'inferred from spec 2.6: endpoints.total counts the endpoints not selected, one fewer than listed',
  caughtBy: 'metadata.enabled',
  wrap: onMetadata((meta) => {
    const endpoints = meta.endpoints;
    if (isObject(endpoints) && Array.isArray(endpoints.available)) endpoints.total = endpoints.available.length - 1;
  }),
};

export const metadataNoEndpointSelected: Mutant = {
  id: 'metadata-no-endpoint-selected',
  breaks: 'metadata.one-endpoint-selected: every endpoint listed says selected false, though one served the answer',
  caughtBy: 'metadata.enabled',
  wrap: onMetadata((meta) => {
    const endpoints = meta.endpoints;
    if (isObject(endpoints) && Array.isArray(endpoints.available)) for (const e of endpoints.available) if (isObject(e)) e.selected = false;
  }),
};

export const streamMissingDone: Mutant = {
  id: 'stream-missing-done',
  breaks: 'spec 6.2: the stream does not end with [DONE]',
  caughtBy: 'stream.done-sentinel',
  wrap: (fetch) => onSse(fetch, (data) => data.filter((d) => d !== '[DONE]')),
};

export const streamSequenceGap: Mutant = {
  id: 'stream-sequence-gap',
  breaks: 'reference grammar: a gap in sequence_number',
  caughtBy: 'stream.sequence',
  wrap: (fetch) => onStreamEvents(fetch, (events) => events.map((e, i) => (i >= 3 ? { ...e, sequence_number: i + 1 } : e))),
};

export const streamDeltasDontJoin: Mutant = {
  id: 'stream-deltas-dont-join',
  breaks: 'spec 6.4: the text deltas do not join to the done text',
  caughtBy: 'stream.deltas-join',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) => {
      const first = events.findIndex((e) => e.type === 'response.output_text.delta');
      return events.map((e, i) => (i === first ? { ...e, delta: `${String(e.delta)}~` } : e));
    }),
};

const isTerminal = (e: Record<string, unknown>) => ['response.completed', 'response.incomplete', 'response.failed'].includes(String(e.type));

export const streamTerminalWithoutUsage: Mutant = {
  id: 'stream-terminal-without-usage',
  breaks: 'reference grammar: the terminal event carries no usage',
  caughtBy: 'stream.terminal-event',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((e) => {
        if (!isTerminal(e) || !isObject(e.response)) return e;
        const { usage: _usage, ...response } = e.response;
        return { ...e, response };
      }),
    ),
};

export const streamNoTerminal: Mutant = {
  id: 'stream-no-terminal',
  breaks: 'reference grammar: the stream ends after the last item without a terminal event',
  caughtBy: 'stream.grammar',
  wrap: (fetch) => onStreamEvents(fetch, (events) => events.filter((e) => !isTerminal(e))),
};

export const streamNoContentType: Mutant = {
  id: 'stream-no-content-type',
  breaks: 'spec 4.1: the stream is not served as text/event-stream',
  caughtBy: 'stream.content-type',
  wrap: (fetch) =>
    onResponse(fetch, (response) => {
      if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) response.headers.set('content-type', 'application/octet-stream');
    }),
};

export const streamErrorSwallowed: Mutant = {
  id: 'stream-error-swallowed',
  breaks: 'reference: an in-stream failure is swallowed into an empty "completed" reply',
  caughtBy: 'stream.in-stream-error',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.filter((e) => e.type !== 'error').map((e) => (e.type === 'response.failed' ? { ...e, type: 'response.completed' } : e)),
    ),
};

export const badJobId: Mutant = {
  id: 'bad-job-id',
  breaks: 'spec 2.8: the job id does not match gen-vid-<timestamp>-<20 alphanumerics>',
  caughtBy: 'videos.job-shape',
  wrap: (fetch) =>
    onJson(fetch, (json, response) => {
      if (response.status === 202 && typeof json.id === 'string') json.id = json.id.replace(/^gen-vid-/, 'vid_');
    }),
};

export const pollingUrlWrong: Mutant = {
  id: 'polling-url-wrong',
  breaks: 'spec 2.8: polling_url is not /api/v1/videos/<id>',
  caughtBy: 'videos.job-shape',
  wrap: (fetch) =>
    onJson(fetch, (json) => {
      if (typeof json.polling_url === 'string') json.polling_url = `/videos/status?id=${String(json.id)}`;
    }),
};

export const unknownJobNot404: Mutant = {
  id: 'unknown-job-not-404',
  breaks: 'spec 4.3, 7: polling an unknown job is not 404',
  caughtBy: 'videos.unknown-job',
  wrap: (fetch) =>
    onJson(fetch, (json, response, request) => {
      if (request.method === 'GET' && response.status === 404 && isObject(json.error)) {
        response.status = 400;
        json.error.code = 400;
      }
    }),
};

/** Terminal jobs flip between two states on successive polls (state kept per wrapped gateway). */
export const terminalJobChanges: Mutant = {
  id: 'terminal-job-changes',
  breaks: 'spec 3: a terminal job changes state',
  caughtBy: 'videos.lifecycle',
  wrap: (fetch) => {
    let polls = 0;
    return onJson(fetch, (json, _response, request) => {
      if (request.method !== 'GET' || !['completed', 'failed', 'cancelled', 'expired'].includes(String(json.status))) return;
      polls++;
      if (polls % 2 === 0) json.status = json.status === 'completed' ? 'failed' : 'completed';
    });
  },
};

export const metadataStrategyOwnName: Mutant = {
  id: 'metadata-strategy-own-name',
  breaks: 'reference OpenRouterMetadata: gateway_metadata.strategy is a name of the gateway\'s own ("round-robin"), not a RoutingStrategy',
  caughtBy: 'metadata.enabled',
  wrap: onMetadata((meta) => void (meta.strategy = 'round-robin')),
};

export const metadataWithoutRegion: Mutant = {
  id: 'metadata-without-region',
  breaks: 'reference OpenRouterMetadata: gateway_metadata on a served result leaves out the required region and is_byok',
  caughtBy: 'metadata.enabled',
  wrap: onMetadata((meta) => {
    delete meta.region;
    delete meta.is_byok;
  }),
};

export const metadataOffStreams: Mutant = {
  id: 'metadata-off-streams',
  breaks: "reference: with the metadata header enabled, a stream's terminal response carries no gateway_metadata (only plain results do)",
  caughtBy: 'metadata.enabled',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((event) => {
        if (isObject(event.response)) delete event.response.gateway_metadata;
        return event;
      }),
    ),
};

export const RESPONSE_MUTANTS: readonly Mutant[] = [
  metadataOffStreams,
  metadataStrategyOwnName,
  metadataWithoutRegion,
  metadataRequestedResolved,
  metadataEndpointTotalShort,
  metadataNoEndpointSelected,
  errorCodeNotStatus,
  errorEnvelopeNotJson,
  retryAfterMissing,
  usageArithmeticWrong,
  resultWrongObject,
  metadataSentUnasked,
  metadataNotSentWhenAsked,
  streamMissingDone,
  streamSequenceGap,
  streamDeltasDontJoin,
  streamTerminalWithoutUsage,
  streamNoTerminal,
  streamNoContentType,
  streamErrorSwallowed,
  badJobId,
  pollingUrlWrong,
  unknownJobNot404,
  terminalJobChanges,
];
