import type { Mutant } from '../../mutants/mutant.ts';
import { dropPartCacheControl, isObject, onJson, onRequest, onResponse } from '../../mutants/rewrite.ts';

/** More plausible request-side bugs: enums and types not checked, off-by-one limits, routes that skip auth. */

type Json = Record<string, unknown>;
const responses =
  (change: (body: Json) => void): Mutant['wrap'] =>
  (fetch) =>
    onRequest(fetch, (r) => {
      if (r.method === 'POST' && r.url.pathname.endsWith('/responses') && isObject(r.body)) change(r.body);
    });
const refuse =
  (test: (body: Json) => boolean, message: string): Mutant['wrap'] =>
  (fetch) =>
    onResponse(fetch, (response, request) => {
      if (request.method === 'POST' && request.url.pathname.endsWith('/responses') && isObject(request.body) && test(request.body)) {
        response.status = 400;
        response.headers.set('content-type', 'application/json');
        response.text = JSON.stringify({ error: { code: 400, message } });
      }
    });

const ENUM_FIELDS = ['include', 'modalities', 'service_tier', 'cache_control', 'prompt_cache_options'];

export const enumsUnchecked: Mutant = {
  id: 'enums-unchecked',
  breaks: 'spec 2.1: unknown values of include, modalities, service_tier, cache_control.type and prompt_cache_options.mode are dropped instead of refused',
  caughtBy: 'validation.rule-breaking',
  wrap: responses((b) => {
    for (const f of ENUM_FIELDS) delete b[f];
  }),
};

export const pluginIdsUnchecked: Mutant = {
  id: 'plugin-ids-unchecked',
  breaks: 'spec 2.5: plugins with an unknown id, preset or price_source are skipped instead of refused',
  caughtBy: 'validation.rule-breaking',
  wrap: responses((b) => {
    if (Array.isArray(b.plugins)) b.plugins = [];
  }),
};

export const typesCoerced: Mutant = {
  id: 'types-coerced',
  breaks: 'spec 2.1: wrongly typed temperature, stream, session_id and input are coerced instead of refused',
  caughtBy: 'validation.rule-breaking',
  runs: 40,
  wrap: responses((b) => {
    if ('temperature' in b && typeof b.temperature !== 'number' && b.temperature !== null) delete b.temperature;
    if ('stream' in b && typeof b.stream !== 'boolean') b.stream = false;
    if ('session_id' in b && typeof b.session_id !== 'string') delete b.session_id;
    if ('input' in b && typeof b.input !== 'string' && !Array.isArray(b.input)) b.input = String(JSON.stringify(b.input));
    if (isObject(b.debug) && typeof b.debug.echo_upstream_body !== 'boolean') delete b.debug;
    if (Array.isArray(b.input))
      for (const m of b.input) if (isObject(m) && typeof m.role === 'string' && !['user', 'system', 'developer', 'assistant'].includes(m.role)) m.role = 'user';
  }),
};

export const toolChoiceUnknownServed: Mutant = {
  id: 'tool-choice-unknown-served',
  breaks: 'spec 7 (422): tool_choice naming a function that is not in tools falls back to auto',
  caughtBy: 'validation.semantic-conflicts',
  wrap: responses((b) => {
    if (isObject(b.tool_choice) || b.tool_choice === 'required') delete b.tool_choice;
  }),
};

export const conflicts400: Mutant = {
  id: 'conflicts-400',
  breaks: 'spec 7: contradictory requests get 400 instead of 422 (semantic validation)',
  caughtBy: 'validation.semantic-conflicts',
  wrap: (fetch) =>
    onJson(fetch, (json, response) => {
      if (response.status === 422 && isObject(json.error)) {
        response.status = 400;
        json.error.code = 400;
      }
    }),
};

export const sessionId256Refused: Mutant = {
  id: 'session-id-256-refused',
  breaks: 'spec 2.1, 8: off by one: a 256-character session_id is refused (< instead of <=)',
  caughtBy: 'validation.session-id-length',
  wrap: refuse((b) => typeof b.session_id === 'string' && b.session_id.length >= 256, 'session_id: too long'),
};

export const user256Refused: Mutant = {
  id: 'user-256-refused',
  breaks: 'spec 2.1, 8: off by one: a 256-character user is refused',
  caughtBy: 'validation.user-length',
  wrap: refuse((b) => typeof b.user === 'string' && b.user.length >= 256, 'user: too long'),
};

export const maxToolCalls30Refused: Mutant = {
  id: 'max-tool-calls-30-refused',
  breaks: 'spec 2.1, 8: off by one: max_tool_calls 30 (the maximum) is refused',
  caughtBy: 'validation.max-tool-calls',
  wrap: refuse((b) => typeof b.max_tool_calls === 'number' && b.max_tool_calls >= 30, 'max_tool_calls: must be below 30'),
};

export const fusion8ModelsRefused: Mutant = {
  id: 'fusion-8-models-refused',
  breaks: 'spec 2.5, 8: off by one: fusion with 8 analysis_models is refused',
  caughtBy: 'validation.plugin-bounds',
  wrap: refuse(
    (b) => Array.isArray(b.plugins) && b.plugins.some((p) => isObject(p) && Array.isArray(p.analysis_models) && p.analysis_models.length >= 8),
    'analysis_models: at most 7',
  ),
};

export const storeFalseRefused: Mutant = {
  id: 'store-false-refused',
  breaks: 'spec 2.1: an explicit store: false is refused (any store is rejected)',
  caughtBy: 'validation.store',
  wrap: refuse((b) => 'store' in b, 'store is not supported'),
};

export const metadata16PairsRefused: Mutant = {
  id: 'metadata-16-pairs-refused',
  breaks: 'spec 2.1, 8: off by one: 16 metadata pairs are refused',
  caughtBy: 'validation.metadata-pairs',
  wrap: refuse((b) => isObject(b.metadata) && Object.keys(b.metadata).length >= 16, 'metadata: at most 15 pairs'),
};

export const emptyBearerAccepted: Mutant = {
  id: 'empty-bearer-accepted',
  breaks: 'spec 5.2: a malformed Authorization header (no Bearer token, another scheme) falls back to the default key',
  caughtBy: 'auth.invalid-key',
  wrap: (fetch, { apiKey }) =>
    onRequest(fetch, (r) => {
      const auth = r.headers.get('authorization');
      if (auth !== null && !/^Bearer \S+$/.test(auth)) r.headers.set('authorization', `Bearer ${apiKey}`);
    }),
};

export const streamsSkipAuth: Mutant = {
  id: 'streams-skip-auth',
  breaks: 'spec 5.2: the streaming route is mounted before the auth middleware',
  caughtBy: 'auth.missing-key',
  wrap: (fetch, { apiKey }) =>
    onRequest(fetch, (r) => {
      if (isObject(r.body) && r.body.stream === true && !r.headers.has('authorization')) r.headers.set('authorization', `Bearer ${apiKey}`);
    }),
};

export const rankingsWithoutKey: Mutant = {
  id: 'rankings-without-key',
  breaks: 'spec 5.2: GET /datasets/rankings-daily is public',
  caughtBy: 'datasets.rankings-auth',
  wrap: (fetch, { apiKey }) =>
    onRequest(fetch, (r) => {
      if (r.url.pathname.endsWith('/datasets/rankings-daily') && !r.headers.has('authorization')) r.headers.set('authorization', `Bearer ${apiKey}`);
    }),
};

export const transcriptionsWithoutKey: Mutant = {
  id: 'transcriptions-without-key',
  breaks: 'spec 5.2: POST /audio/transcriptions takes any key (auth checks only the header is there)',
  caughtBy: 'audio.transcriptions-auth',
  wrap: (fetch, { apiKey }) =>
    onRequest(fetch, (r) => {
      if (r.url.pathname.endsWith('/audio/transcriptions')) r.headers.set('authorization', `Bearer ${apiKey}`);
    }),
};

export const textModelTranscribes: Mutant = {
  id: 'text-model-transcribes',
  breaks: 'inferred: a transcription asking a text model is routed to the default speech model instead of refused',
  caughtBy: 'audio.transcriptions-non-speech-model',
  wrap: (fetch) =>
    onRequest(fetch, (r) => {
      if (r.url.pathname.endsWith('/audio/transcriptions') && isObject(r.body) && typeof r.body.model === 'string' && !/whisper/.test(r.body.model))
        r.body.model = 'openai/whisper-large-v3';
    }),
};

export const rankingsNewestFirst: Mutant = {
  id: 'rankings-newest-first',
  breaks: 'reference RankingsDailyResponse: dates sorted newest first (ORDER BY date DESC)',
  caughtBy: 'datasets.rankings-shape',
  wrap: (fetch) =>
    onJson(fetch, (json, _response, request) => {
      if (!request.url.pathname.endsWith('/datasets/rankings-daily') || !Array.isArray(json.data)) return;
      const rows = json.data as Array<{ date: string }>;
      json.data = [...new Set(rows.map((r) => r.date))].reverse().flatMap((d) => rows.filter((r) => r.date === d));
    }),
};

export const cacheControlTypeDefaulted: Mutant = {
  id: 'cache-control-type-defaulted',
  breaks: 'spec 2.1: a cache_control without its required type is served (type defaulted to ephemeral)',
  caughtBy: 'validation.rule-breaking',
  wrap: (fetch) =>
    onRequest(fetch, (r) => {
      if (isObject(r.body) && isObject(r.body.cache_control) && !('type' in r.body.cache_control)) r.body.cache_control.type = 'ephemeral';
    }),
};

/** Strips `cache_control` from every input content part: only the top-level one is checked. */
export const blockCacheControlUnchecked: Mutant = {
  id: 'block-cache-control-unchecked',
  breaks: 'spec 2.1: a cache_control on a content block with a type other than ephemeral is served (only the top-level one is checked)',
  caughtBy: 'validation.rule-breaking',
  wrap: responses((b) => dropPartCacheControl(b.input)),
};

export const promptCacheModeDefaulted: Mutant = {
  id: 'prompt-cache-mode-defaulted',
  breaks: 'spec 2.1: a prompt_cache_options without its required mode is served (mode defaulted to explicit)',
  caughtBy: 'validation.rule-breaking',
  wrap: responses((b) => {
    if (isObject(b.prompt_cache_options) && !('mode' in b.prompt_cache_options)) b.prompt_cache_options.mode = 'explicit';
  }),
};

export const promptVariablesCoerced: Mutant = {
  id: 'prompt-variables-coerced',
  breaks: 'spec 2.1: a prompt variable that is neither a string nor an input part is turned into a string instead of refused',
  caughtBy: 'validation.rule-breaking',
  wrap: responses((b) => {
    if (!isObject(b.prompt) || !isObject(b.prompt.variables)) return;
    for (const [k, v] of Object.entries(b.prompt.variables)) if (typeof v !== 'string' && !isObject(v)) b.prompt.variables[k] = String(v);
  }),
};

export const MORE_REQUEST_MUTANTS: readonly Mutant[] = [
  promptCacheModeDefaulted,
  promptVariablesCoerced,
  cacheControlTypeDefaulted,
  blockCacheControlUnchecked,
  enumsUnchecked,
  pluginIdsUnchecked,
  typesCoerced,
  toolChoiceUnknownServed,
  conflicts400,
  sessionId256Refused,
  user256Refused,
  maxToolCalls30Refused,
  fusion8ModelsRefused,
  storeFalseRefused,
  metadata16PairsRefused,
  emptyBearerAccepted,
  streamsSkipAuth,
  rankingsWithoutKey,
  transcriptionsWithoutKey,
  textModelTranscribes,
  rankingsNewestFirst,
];
