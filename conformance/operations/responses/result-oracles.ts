import { GatewayMetadataSchema } from '../../../src/schemas/gateway-metadata.ts';
import { ResponsesResultSchema } from '../../../src/schemas/responses-result.ts';
import { checkUsageArithmetic } from '../../../src/schemas/usage.ts';
import type { Judgement, Problems } from '../../check.ts';
import { exchangeJson, mediaType, type Exchange } from '../../client/exchange.ts';
import { schemaProblems } from '../../oracles/schema-problems.ts';
import { parseOnce } from '../../oracles/parse-once.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Precondition of the result oracles: a 2xx (else `result.shape` owns it: a valid request must be served). */
function served(answer: Answer): Judgement {
  if (answer.status >= 200 && answer.status < 300) return [];
  return { inconclusive: `the request was not served (HTTP ${answer.status}), so there is no result to judge`, owner: 'result.shape' };
}

/** Precondition: a 2xx whose body is a JSON object with `object: "response"` (else `result.shape` owns it). */
function resultBody(answer: Answer): Json | Judgement {
  const pre = served(answer);
  if (!Array.isArray(pre) || pre.length > 0) return pre;
  const json = exchangeJson(answer);
  if (!isObject(json) || json.object !== 'response') return { inconclusive: 'the answer is not a Responses result (object "response")', owner: 'result.shape' };
  return json;
}

const isJudgement = (v: Json | Judgement): v is Judgement => Array.isArray(v) || typeof (v as { inconclusive?: unknown }).inconclusive === 'string';

/** spec 2.2, 4.1: a valid request is served: JSON matching the result schema (every problem with its path). */
export function resultShapeProblems(answer: Answer): Judgement {
  if (answer.status < 200 || answer.status >= 300) return [`spec 4.1: a valid request must be served 200, got ${answer.status}: ${answer.text.slice(0, 160)}`];
  const problems: string[] = [];
  if (mediaType(answer) !== 'application/json')
    problems.push(`spec 4.1: content-type must be application/json, was "${answer.headers['content-type'] ?? '(none)'}"`);
  const parsed = parseOnce(ResponsesResultSchema, exchangeJson(answer));
  if (!parsed.success) problems.push(...schemaProblems('spec 2.2: the result', parsed.error));
  else if (parsed.data.status === 'completed' && parsed.data.error !== null) problems.push('spec 2.2: error must be null on success');
  return problems;
}

/** spec 2.2: usage counts are integers and add up (total = input + output, details within their totals). */
export function resultUsageProblems(answer: Answer): Judgement {
  const body = resultBody(answer);
  if (isJudgement(body)) return body;
  if (!isObject(body.usage)) return { inconclusive: 'the result has no usage object', owner: 'result.shape' };
  const usage = parseOnce(ResponsesResultSchema.shape.usage, body.usage);
  if (!usage.success) return schemaProblems('spec 2.2: usage', usage.error);
  return checkUsageArithmetic(usage.data).map((p) => `spec 2.2 usage: ${p}`);
}

const ECHOED = [
  'instructions',
  'max_output_tokens',
  'metadata',
  'frequency_penalty',
  'presence_penalty',
  'temperature',
  'top_p',
  'parallel_tool_calls',
  'tool_choice',
  'service_tier',
] as const;

/** Canonical JSON (sorted keys), so key order never matters. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

/**
 * spec 2.2: the result echoes the request settings it was given. Judged per field sent; tools by
 * type and name. `service_tier: "auto"` may come back as the tier that served it.
 */
export function resultEchoProblems(answer: Answer, request: Json): Judgement {
  const body = resultBody(answer);
  if (isJudgement(body)) return body;
  const problems: string[] = [];
  for (const field of ECHOED) {
    if (!(field in request)) continue;
    if (field === 'service_tier' && request.service_tier === 'auto') continue;
    if (canonical(body[field]) !== canonical(request[field]))
      problems.push(`spec 2.2: ${field} must echo the request (${canonical(request[field]).slice(0, 80)}), was ${canonical(body[field]).slice(0, 80)}`);
  }
  // text: the members sent come back (a gateway may add members, such as a default verbosity).
  if (isObject(request.text) && !containsSent(body.text, request.text)) {
    problems.push(`spec 2.2: text must echo the request (${canonical(request.text).slice(0, 80)}), was ${canonical(body.text).slice(0, 80)}`);
  }
  if (Array.isArray(request.tools)) {
    const names = (tools: unknown) =>
      Array.isArray(tools) ? tools.map((t) => (isObject(t) ? `${String(t.type)}:${String(t.name ?? '')}` : '?')).join(',') : String(tools);
    if (names(body.tools) !== names(request.tools)) problems.push(`spec 2.2: tools must echo the request (${names(request.tools)}), was ${names(body.tools)}`);
  }
  return problems;
}

/** Does `got` hold every member of `sent`, recursively (added members allowed)? */
function containsSent(got: unknown, sent: unknown): boolean {
  if (isObject(sent)) return isObject(got) && Object.entries(sent).every(([k, v]) => containsSent(got[k], v));
  return canonical(got) === canonical(sent);
}

/** A Unix time in seconds is below this; milliseconds are above it (year 5138 vs 1973). */
const SECONDS_CEILING = 1e11;

/** spec 2.2: created_at / completed_at are whole Unix seconds, completed_at not before created_at. */
export function resultTimestampProblems(answer: Answer): Judgement {
  const body = resultBody(answer);
  if (isJudgement(body)) return body;
  const problems: string[] = [];
  for (const field of ['created_at', 'completed_at'] as const) {
    const v = body[field];
    if (field === 'completed_at' && v === null && body.status !== 'completed') continue;
    if (typeof v !== 'number' || !Number.isInteger(v)) problems.push(`spec 2.2: ${field} must be an integer Unix time in seconds, was ${JSON.stringify(v)}`);
    else if (v >= SECONDS_CEILING) problems.push(`spec 2.2: ${field} ${v} is in milliseconds, not seconds`);
    else if (v < 1e9) problems.push(`spec 2.2: ${field} ${v} is not a plausible Unix time in seconds`);
  }
  if (typeof body.created_at === 'number' && typeof body.completed_at === 'number' && body.completed_at < body.created_at) {
    problems.push(`spec 2.2: completed_at ${body.completed_at} is before created_at ${body.created_at}`);
  }
  return problems;
}

/**
 * status and incomplete_details agree: completed has none, incomplete names the reason, failed
 * carries an error. Shared by the result check and the stream terminal event.
 */
export function statusDetailsProblems(response: Json, where: string): Problems {
  const problems: string[] = [];
  const details = response.incomplete_details;
  if (response.status === 'completed' && details !== null && details !== undefined)
    problems.push(`${where}: status completed with incomplete_details ${JSON.stringify(details)}`);
  if (response.status === 'incomplete' && !(isObject(details) && typeof details.reason === 'string'))
    problems.push(`${where}: status incomplete without incomplete_details.reason (was ${JSON.stringify(details ?? null)})`);
  if (response.status === 'failed' && !isObject(response.error)) problems.push(`${where}: status failed without an error object`);
  return problems;
}

export function resultStatusProblems(answer: Answer): Judgement {
  const body = resultBody(answer);
  if (isJudgement(body)) return body;
  return statusDetailsProblems(body, 'the result');
}

/**
 * reference IncompleteDetails (reason `max_output_tokens`): `max_output_tokens` is a cap. A result
 * never reports more output tokens than the request allowed; an answer cut there is incomplete
 * (the status half is `result.status-details`).
 *
 * @example
 * outputCapProblems(answer, { max_output_tokens: 16 }); // ['usage.output_tokens 20 exceeds ...'] when 20 were reported
 */
export function outputCapProblems(answer: Answer, request: Json): Judgement {
  const body = resultBody(answer);
  if (isJudgement(body)) return body;
  const cap = request.max_output_tokens;
  const usage = body.usage;
  if (typeof cap !== 'number' || !isObject(usage) || typeof usage.output_tokens !== 'number') return [];
  if (usage.output_tokens <= cap) return [];
  return [
    `reference IncompleteDetails: usage.output_tokens ${usage.output_tokens} exceeds the request's max_output_tokens ${cap} (status ${JSON.stringify(body.status)}); a capped answer stops at the cap and is incomplete with reason max_output_tokens`,
  ];
}

/**
 * Precondition of the metadata oracles: a Responses result (2xx) or an error envelope (4xx/5xx);
 * anything else cannot show whether metadata was added.
 */
function metadataCarrier(answer: Answer): Json | Judgement {
  const body = exchangeJson(answer);
  if (answer.status < 400) {
    if (!isObject(body) || body.object !== 'response') return { inconclusive: `the ${answer.status} answer is not a Responses result`, owner: 'result.shape' };
    return body;
  }
  if (!isObject(body) || !isObject(body.error)) return { inconclusive: `the ${answer.status} answer has no error envelope`, owner: 'errors.envelope' };
  return body;
}

/** spec 2.1 header table, 2.6: `gateway_metadata` appears only when asked for. */
export function metadataAbsentProblems(answer: Answer): Judgement {
  const body = metadataCarrier(answer);
  if (isJudgement(body)) return body;
  return 'gateway_metadata' in body && body.gateway_metadata !== null
    ? ['spec 2.1: gateway_metadata returned although the metadata header was not enabled (the default is disabled)']
    : [];
}

/**
 * spec 2.6 routing metadata of a served result: `requested` is the model the request named.
 * Precondition: the result carries gateway_metadata (that is `metadata.header-enabled`).
 *
 * @example
 * metadataRequestedProblems(answer, { model: 'openai/gpt-4o-mini' }); // [] when requested names it
 */
export function metadataRequestedProblems(answer: Answer, request: Json): Judgement {
  const meta = routingMetadata(answer);
  if (isJudgement(meta)) return meta;
  return meta.requested === undefined || meta.requested === request.model
    ? []
    : [`spec 2.6: gateway_metadata.requested is ${JSON.stringify(meta.requested)}, the request named ${JSON.stringify(request.model)}`];
}

/**
 * Inferred from spec 2.6's endpoints: a served result was routed to one endpoint, so exactly one
 * of `endpoints.available` is `selected`, and `total` counts at least those listed.
 *
 * @example
 * metadataEndpointProblems(answer); // ['... 2 endpoints selected ...'] when two say selected
 */
export function metadataEndpointProblems(answer: Answer): Judgement {
  const meta = routingMetadata(answer);
  if (isJudgement(meta)) return meta;
  const endpoints = meta.endpoints;
  if (!isObject(endpoints) || !Array.isArray(endpoints.available)) return [];
  const problems: string[] = [];
  const selected = endpoints.available.filter((e) => isObject(e) && e.selected === true).length;
  if (selected !== 1) problems.push(`gateway_metadata.endpoints: ${selected} endpoints selected for one served answer (exactly one served it)`);
  if (typeof endpoints.total === 'number' && endpoints.total < endpoints.available.length)
    problems.push(`gateway_metadata.endpoints.total ${endpoints.total} is less than the ${endpoints.available.length} endpoints listed`);
  return problems;
}

/** Reference `RoutingStrategy` values, as the reference lists them. */
export const REFERENCE_ROUTING_STRATEGIES = ['direct', 'auto', 'free', 'latest', 'alias', 'fallback', 'pareto', 'bodybuilder', 'fusion'] as const;
/** Members reference `OpenRouterMetadata` requires. */
const REFERENCE_METADATA_MEMBERS = ['requested', 'strategy', 'region', 'summary', 'attempt', 'is_byok', 'endpoints'] as const;

/**
 * reference `OpenRouterMetadata` on a served result: every member it requires is there (requested,
 * strategy, region, summary, attempt, is_byok, endpoints with total and available), `strategy`
 * is one of `RoutingStrategy`, and each `attempts` entry (`RouterAttempt`) names a model, a
 * provider and an integer status. Error bodies are not judged: a request refused before routing
 * has nothing to route.
 *
 * @example
 * metadataReferenceProblems(answer); // ['... strategy "round-robin" is not one of ...'] for a strategy of its own
 */
export function metadataReferenceProblems(answer: Answer): Judgement {
  const meta = routingMetadata(answer);
  if (isJudgement(meta)) return meta;
  const where = 'reference OpenRouterMetadata';
  const problems = REFERENCE_METADATA_MEMBERS.filter((m) => meta[m] === undefined || meta[m] === null).map(
    (m) => `${where}: gateway_metadata.${m} is required on a served result`,
  );
  if (meta.strategy !== undefined && !(REFERENCE_ROUTING_STRATEGIES as readonly unknown[]).includes(meta.strategy)) {
    problems.push(`${where}: gateway_metadata.strategy ${JSON.stringify(meta.strategy)} is not one of ${REFERENCE_ROUTING_STRATEGIES.join(', ')}`);
  }
  if (isObject(meta.endpoints) && (typeof meta.endpoints.total !== 'number' || !Array.isArray(meta.endpoints.available)))
    problems.push(`${where}: gateway_metadata.endpoints needs total (integer) and available (array)`);
  if (meta.attempts !== undefined) {
    const attempts = Array.isArray(meta.attempts) ? meta.attempts : [meta.attempts];
    attempts.forEach((a, i) => {
      if (!isObject(a) || typeof a.model !== 'string' || typeof a.provider !== 'string' || !Number.isInteger(a.status))
        problems.push(`${where}: gateway_metadata.attempts[${i}] must be {model, provider, status (integer)}`);
    });
  }
  return problems;
}

function routingMetadata(answer: Answer): Json | Judgement {
  const body = resultBody(answer);
  if (isJudgement(body)) return body;
  return isObject(body.gateway_metadata) ? body.gateway_metadata : { inconclusive: 'the result carries no gateway_metadata', owner: 'metadata.enabled' };
}

/** spec 2.6: with the header enabled, `gateway_metadata` is there and matches its schema. */
export function metadataPresentProblems(answer: Answer): Judgement {
  const body = metadataCarrier(answer);
  if (isJudgement(body)) return body;
  if (!isObject(body.gateway_metadata)) {
    return [`spec 2.1, 2.6: gateway_metadata missing from the ${answer.status >= 400 ? 'error body' : 'result'} although the metadata header was enabled`];
  }
  const parsed = parseOnce(GatewayMetadataSchema, body.gateway_metadata);
  return parsed.success ? [] : schemaProblems('spec 2.6: gateway_metadata', parsed.error);
}
