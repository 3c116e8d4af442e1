import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onJson, onRequest, onResponse } from '../../mutants/rewrite.ts';

/** Plausible bugs in a gateway's non-streaming result, error bodies and answer headers. */

type Json = Record<string, unknown>;
const onResult =
  (change: (json: Json) => void): Mutant['wrap'] =>
  (fetch) =>
    onJson(fetch, (json) => void (json.object === 'response' && change(json)));

export const echoMaxOutputTokensDropped: Mutant = {
  id: 'echo-max-output-tokens-dropped',
  breaks: 'spec 2.2: the result echoes max_output_tokens as null',
  caughtBy: 'result.echo',
  wrap: onResult((r) => void (r.max_output_tokens = null)),
};

export const echoMetadataDropped: Mutant = {
  id: 'echo-metadata-dropped',
  breaks: 'spec 2.2: the result echoes metadata as null',
  caughtBy: 'result.echo',
  wrap: onResult((r) => void (r.metadata = null)),
};

export const echoTemperatureDefault: Mutant = {
  id: 'echo-temperature-default',
  breaks: 'spec 2.2: the result echoes the default temperature 1 instead of the request value',
  caughtBy: 'result.echo',
  wrap: onResult((r) => void (r.temperature = 1)),
};

export const echoInstructionsDropped: Mutant = {
  id: 'echo-instructions-dropped',
  breaks: 'spec 2.2: the result echoes instructions as null',
  caughtBy: 'result.echo',
  wrap: onResult((r) => void (r.instructions = null)),
};

export const echoToolsEmpty: Mutant = {
  id: 'echo-tools-empty',
  breaks: 'spec 2.2: the result always echoes tools as []',
  caughtBy: 'result.echo',
  wrap: onResult((r) => void (r.tools = [])),
};

export const echoToolChoiceAuto: Mutant = {
  id: 'echo-tool-choice-auto',
  breaks: 'spec 2.2: the result echoes tool_choice "auto" whatever the request said',
  caughtBy: 'result.echo',
  wrap: onResult((r) => void (r.tool_choice = 'auto')),
};

export const echoPenaltiesDefault: Mutant = {
  id: 'echo-penalties-default',
  breaks: 'spec 2.2: the result echoes frequency_penalty and presence_penalty as null (the defaults) instead of the request values',
  caughtBy: 'result.echo',
  wrap: onResult((r) => {
    r.frequency_penalty = null;
    r.presence_penalty = null;
  }),
};

export const echoTextDropped: Mutant = {
  id: 'echo-text-dropped',
  breaks: 'spec 2.2: the result echoes text without the format the request set',
  caughtBy: 'result.echo',
  wrap: onResult((r) => void (r.text = {})),
};

export const timestampsInMilliseconds: Mutant = {
  id: 'timestamps-in-milliseconds',
  breaks: 'spec 2.2: created_at and completed_at are Date.now() milliseconds',
  caughtBy: 'result.timestamps',
  wrap: onResult((r) => {
    if (typeof r.created_at === 'number') r.created_at *= 1000;
    if (typeof r.completed_at === 'number') r.completed_at *= 1000;
  }),
};

export const completedAtNull: Mutant = {
  id: 'completed-at-null',
  breaks: 'spec 2.2: completed_at stays null on a finished result',
  caughtBy: 'result.timestamps',
  wrap: onResult((r) => void (r.completed_at = null)),
};

export const timestampsFractional: Mutant = {
  id: 'timestamps-fractional',
  breaks: 'spec 2.2: created_at is Date.now() / 1000 without rounding',
  caughtBy: 'result.timestamps',
  wrap: onResult((r) => void (typeof r.created_at === 'number' && (r.created_at += 0.25))),
};

export const completedBeforeCreated: Mutant = {
  id: 'completed-before-created',
  breaks: 'spec 2.2: completed_at taken from a clock that runs behind created_at',
  caughtBy: 'result.timestamps',
  wrap: onResult((r) => void (typeof r.created_at === 'number' && (r.completed_at = r.created_at - 5))),
};

export const statusCompletedWhenCut: Mutant = {
  id: 'status-completed-when-cut',
  breaks: 'reference: a result cut at max_output_tokens says status completed (incomplete_details set)',
  caughtBy: 'result.status',
  wrap: onResult((r) => void (r.status === 'incomplete' && (r.status = 'completed'))),
};

export const outputPastCapCompleted: Mutant = {
  id: 'output-past-cap-completed',
  breaks: 'reference IncompleteDetails: an answer asked for at most 16 output tokens reports 20 and status completed (a mock making up usage)',
  caughtBy: 'result.status',
  wrap: onResult((r) => {
    const usage = r.usage as Json | undefined;
    if (r.status !== 'incomplete' || !isObject(usage) || typeof r.max_output_tokens !== 'number') return;
    r.status = 'completed';
    r.incomplete_details = null;
    usage.output_tokens = r.max_output_tokens + 4;
    usage.total_tokens = (usage.input_tokens as number) + (usage.output_tokens as number);
  }),
};

export const incompleteDetailsMissing: Mutant = {
  id: 'incomplete-details-missing',
  breaks: 'reference: an incomplete result has incomplete_details null',
  caughtBy: 'result.status',
  wrap: onResult((r) => void (r.status === 'incomplete' && (r.incomplete_details = null))),
};

export const usageReasoningOverOutput: Mutant = {
  id: 'usage-reasoning-over-output',
  breaks: 'spec 2.2: reasoning_tokens counted outside output_tokens (reasoning > output)',
  caughtBy: 'result.usage',
  wrap: onResult((r) => {
    if (isObject(r.usage) && isObject(r.usage.output_tokens_details) && typeof r.usage.output_tokens === 'number')
      r.usage.output_tokens_details.reasoning_tokens = r.usage.output_tokens + 5;
  }),
};

export const resultWithoutOutput: Mutant = {
  id: 'result-without-output',
  breaks: 'spec 2.2: the result leaves out output when it is a function call',
  caughtBy: 'result.shape',
  wrap: onResult((r) => {
    if (Array.isArray(r.output) && r.output.some((i) => isObject(i) && i.type === 'function_call')) delete r.output;
  }),
};

export const resultServedAsText: Mutant = {
  id: 'result-served-as-text',
  breaks: 'spec 4.1: the result is served with content-type text/plain',
  caughtBy: 'result.shape',
  wrap: (fetch) =>
    onResponse(fetch, (response) => {
      if (response.status === 200 && response.text.includes('"object":"response"') && (response.headers.get('content-type') ?? '').includes('json'))
        response.headers.set('content-type', 'text/plain');
    }),
};

export const generationIdMissing: Mutant = {
  id: 'generation-id-missing',
  breaks: 'reference: answers carry no X-Generation-Id',
  caughtBy: 'always.generation-id',
  with: ['result.shape'],
  wrap: (fetch) => onResponse(fetch, (response) => response.headers.delete('x-generation-id')),
};

export const generationIdMissingOnErrors: Mutant = {
  id: 'generation-id-missing-on-errors',
  breaks: 'reference: error answers carry no X-Generation-Id (set only on the success path)',
  caughtBy: 'always.generation-id',
  with: ['auth.missing-key'],
  wrap: (fetch) => onResponse(fetch, (response) => void (response.status >= 400 && response.headers.delete('x-generation-id'))),
};

export const generationIdMissingOnStreams: Mutant = {
  id: 'generation-id-missing-on-streams',
  breaks: 'reference: stream answers carry no X-Generation-Id (headers flushed before it is set)',
  caughtBy: 'always.generation-id',
  with: ['stream.content-type'],
  wrap: (fetch) =>
    onResponse(fetch, (response) => void ((response.headers.get('content-type') ?? '').includes('event-stream') && response.headers.delete('x-generation-id'))),
};

export const malformedJson500: Mutant = {
  id: 'malformed-json-500',
  breaks: 'spec 7: malformed JSON crashes the handler: 500 (with the envelope) instead of 400',
  caughtBy: 'always.no-unasked-5xx',
  with: ['errors.envelope'],
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (typeof request.body === 'string' && response.status === 400) {
        response.status = 500;
        response.headers.set('content-type', 'application/json');
        response.text = JSON.stringify({ error: { code: 500, message: 'Unexpected token in JSON' } });
      }
    }),
};

export const longMetadata500: Mutant = {
  id: 'long-metadata-500',
  breaks: 'spec 7: an over-long metadata value crashes the store: 500 instead of 400',
  caughtBy: 'always.no-unasked-5xx',
  with: ['validation.metadata-value-length'],
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      const meta = isObject(request.body) && isObject(request.body.metadata) ? request.body.metadata : undefined;
      if (meta && Object.values(meta).some((v) => typeof v === 'string' && v.length > 512)) {
        response.status = 500;
        response.headers.set('content-type', 'application/json');
        response.text = JSON.stringify({ error: { code: 500, message: 'value too long for type character varying(512)' } });
      }
    }),
};

export const unauthorizedPlainText: Mutant = {
  id: 'unauthorized-plain-text',
  breaks: 'spec 7: the auth middleware answers 401 as plain text "Unauthorized"',
  caughtBy: 'always.error-envelope',
  with: ['auth.missing-key'],
  wrap: (fetch) =>
    onResponse(fetch, (response) => {
      if (response.status !== 401) return;
      response.headers.set('content-type', 'text/plain');
      response.text = 'Unauthorized';
    }),
};

export const notFoundWithoutCode: Mutant = {
  id: 'not-found-without-code',
  breaks: 'spec 7: a 404 body is {error: {message}} without code',
  caughtBy: 'always.error-envelope',
  with: ['videos.unknown-job'],
  wrap: (fetch) =>
    onJson(fetch, (json, response) => {
      if (response.status === 404 && isObject(json.error)) delete json.error.code;
    }),
};

export const errorCodeAsString: Mutant = {
  id: 'error-code-as-string',
  breaks: 'spec 7: error.code is the status as a string ("400")',
  caughtBy: 'errors.envelope',
  wrap: (fetch) => onJson(fetch, (json, response) => void (response.status >= 400 && isObject(json.error) && (json.error.code = String(response.status)))),
};

export const retryAfterOnlyOn429: Mutant = {
  id: 'retry-after-only-on-429',
  breaks: 'reference: a 503 carries no Retry-After (only the rate limiter sets it)',
  caughtBy: 'errors.retry-after',
  wrap: (fetch) => onResponse(fetch, (response) => void (response.status === 503 && response.headers.delete('retry-after'))),
};

export const metadataNotOnErrors: Mutant = {
  id: 'metadata-not-on-errors',
  breaks: 'spec 2.6, 7: error bodies never carry gateway_metadata (only results do)',
  caughtBy: 'metadata.on-errors',
  wrap: (fetch) => onJson(fetch, (json, response) => void (response.status >= 400 && delete json.gateway_metadata)),
};

export const legacyHeaderIgnoredOnErrors: Mutant = {
  id: 'legacy-header-ignored-on-errors',
  breaks: 'spec 2.1: the error path reads only X-Gateway-Metadata, not the older header',
  caughtBy: 'metadata.on-errors',
  wrap: (fetch) =>
    onJson(fetch, (json, response, request) => {
      if (response.status >= 400 && !request.headers.has('x-gateway-metadata')) delete json.gateway_metadata;
    }),
};

export const guardrailPatternsMissing: Mutant = {
  id: 'guardrail-patterns-missing',
  breaks: 'spec 7: a guardrail block carries no error.metadata.patterns',
  caughtBy: 'guardrail.block',
  wrap: (fetch) => onJson(fetch, (json, response) => void (response.status === 403 && isObject(json.error) && delete json.error.metadata)),
};

export const guardrailStageMissing: Mutant = {
  id: 'guardrail-stage-missing',
  breaks: 'spec 7, 2.6: the guardrail stage is left out of gateway_metadata.pipeline on a block',
  caughtBy: 'guardrail.block',
  wrap: (fetch) =>
    onJson(fetch, (json, response) => {
      if (response.status === 403 && isObject(json.gateway_metadata) && Array.isArray(json.gateway_metadata.pipeline)) {
        json.gateway_metadata.pipeline = json.gateway_metadata.pipeline.filter((s) => !(isObject(s) && s.type === 'guardrail'));
      }
    }),
};

export const guardrailDetectedString: Mutant = {
  id: 'guardrail-detected-string',
  breaks: 'spec 2.6: the guardrail stage says detected "true" (a string)',
  caughtBy: 'guardrail.block',
  wrap: (fetch) =>
    onJson(fetch, (json, response) => {
      const pipeline = isObject(json.gateway_metadata) ? json.gateway_metadata.pipeline : undefined;
      if (response.status === 403 && Array.isArray(pipeline))
        for (const s of pipeline) if (isObject(s) && isObject(s.data)) s.data.detected = String(s.data.detected);
    }),
};

export const guardrailBlockAs400: Mutant = {
  id: 'guardrail-block-as-400',
  breaks: 'spec 7: a guardrail block answers 400 instead of 403',
  caughtBy: 'guardrail.block',
  wrap: (fetch) =>
    onJson(fetch, (json, response) => {
      if (response.status === 403 && isObject(json.error)) {
        response.status = 400;
        json.error.code = 400;
      }
    }),
};

export const metadataValueCaseSensitive: Mutant = {
  id: 'metadata-value-case-sensitive',
  breaks: 'reference: X-Gateway-Metadata compared case-sensitively ("Enabled" treated as disabled)',
  caughtBy: 'metadata.enabled',
  wrap: (fetch) =>
    onRequest(fetch, (r) => {
      const value = r.headers.get('x-gateway-metadata');
      if (value !== null && value !== 'enabled') r.headers.set('x-gateway-metadata', 'disabled');
    }),
};

export const RESULT_MUTANTS: readonly Mutant[] = [
  metadataValueCaseSensitive,
  echoMaxOutputTokensDropped,
  echoMetadataDropped,
  echoTemperatureDefault,
  echoInstructionsDropped,
  echoToolsEmpty,
  echoToolChoiceAuto,
  echoPenaltiesDefault,
  echoTextDropped,
  timestampsInMilliseconds,
  completedAtNull,
  timestampsFractional,
  completedBeforeCreated,
  statusCompletedWhenCut,
  incompleteDetailsMissing,
  outputPastCapCompleted,
  usageReasoningOverOutput,
  resultWithoutOutput,
  resultServedAsText,
  generationIdMissing,
  generationIdMissingOnErrors,
  generationIdMissingOnStreams,
  malformedJson500,
  longMetadata500,
  unauthorizedPlainText,
  notFoundWithoutCode,
  errorCodeAsString,
  retryAfterOnlyOn429,
  metadataNotOnErrors,
  legacyHeaderIgnoredOnErrors,
  guardrailPatternsMissing,
  guardrailStageMissing,
  guardrailDetectedString,
  guardrailBlockAs400,
];
