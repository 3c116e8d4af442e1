import type { GenerationRecord } from '../account/generation-record.ts';
import type { DestinationRecord } from '../management/destination-record.ts';
import { hash53 } from '../random/hash.ts';

/** Prompt and completion text sent at most (characters each): a trace is not an archive of 10 MB prompts. */
export const MAX_TRACE_TEXT_CHARS = 32_768;

/** What a trace says of the key that paid (reference: the "identity" field category). */
export interface TraceCaller {
  readonly keyName: string | null;
  readonly keyHash: string;
}

type AttributeValue =
  { stringValue: string } | { intValue: string } | { doubleValue: number } | { boolValue: boolean } | { arrayValue: { values: AttributeValue[] } };
interface Attribute {
  key: string;
  value: AttributeValue;
}

/** `count` hex digits drawn from the seed and a label (trace and span ids: the same generation, the same ids). */
function hexId(seed: number, label: string, count: number): string {
  let out = '';
  for (let i = 0; out.length < count; i++) out += hash53(`${label}:${i}`, seed).toString(16).padStart(14, '0');
  return out.slice(0, count);
}

/** One OTLP attribute, or none for a value the generation does not have. */
function attribute(key: string, value: string | number | boolean | readonly string[] | null | undefined): Attribute[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [{ key, value: { stringValue: value } }];
  if (typeof value === 'boolean') return [{ key, value: { boolValue: value } }];
  if (typeof value === 'number') return [{ key, value: Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value } }];
  return [{ key, value: { arrayValue: { values: value.map((v) => ({ stringValue: v })) } } }];
}

const clip = (text: string) => (text.length > MAX_TRACE_TEXT_CHARS ? `${text.slice(0, MAX_TRACE_TEXT_CHARS)}…` : text);
/** OpenTelemetry GenAI `gen_ai.operation.name` of each kind of generation. */
const OPERATION_NAMES: Readonly<Record<GenerationRecord['apiType'], string>> = {
  completions: 'chat',
  embeddings: 'embeddings',
  rerank: 'rerank',
  tts: 'text_to_speech',
  stt: 'speech_to_text',
  video: 'generate_video',
  image: 'generate_image',
};

/** The span's attributes: the generation always; cost, identity, request context and content as the destination asks. */
function spanAttributes(r: GenerationRecord, d: DestinationRecord, caller: TraceCaller): Attribute[] {
  const content = d.privacy_mode ? undefined : r.content;
  return [
    ...attribute('gen_ai.operation.name', OPERATION_NAMES[r.apiType]),
    ...attribute('gen_ai.request.model', r.model),
    ...attribute('gen_ai.response.model', r.model),
    ...attribute('gen_ai.provider.name', r.providerName),
    ...attribute('gen_ai.response.id', r.id),
    ...attribute('gen_ai.response.finish_reasons', r.finishReason === null ? null : [r.finishReason]),
    ...attribute('gen_ai.usage.input_tokens', r.tokensPrompt),
    ...attribute('gen_ai.usage.output_tokens', r.tokensCompletion),
    ...attribute('gateway.generation.streamed', r.streamed),
    ...attribute('gateway.generation.cancelled', r.cancelled ?? false),
    ...(d.broadcast_generation_cost
      ? [
          ...attribute('gen_ai.usage.cost', r.cost),
          ...attribute('gateway.cost.upstream_inference_cost', r.upstreamCost),
          ...attribute('gateway.is_byok', r.isByok),
        ]
      : []),
    ...(d.broadcast_generation_identity
      ? [
          ...attribute('gateway.api_key.name', caller.keyName),
          ...attribute('gateway.api_key.hash', caller.keyHash),
          ...attribute('user.id', r.externalUser),
          ...attribute('session.id', r.sessionId),
        ]
      : []),
    ...(d.broadcast_generation_request_context
      ? [
          ...attribute('user_agent.original', r.userAgent),
          ...attribute('http.request.header.referer', r.httpReferer),
          ...attribute('http.request.header.origin', r.origin),
        ]
      : []),
    ...(content ? attribute('gen_ai.prompt', clip(JSON.stringify(content.input.messages))) : []),
    ...(content ? attribute('gen_ai.completion', content.output.completion === null ? null : clip(content.output.completion)) : []),
  ];
}

/**
 * The trace of one generation for one destination, as OTLP/JSON (an `ExportTraceServiceRequest`:
 * one resource, one span): what OpenRouter's broadcast sends to webhook and OpenTelemetry
 * collector destinations (OpenTelemetry GenAI attribute names). Cost, identity and request-context
 * attributes only when the destination asks for them; no prompt or completion in privacy mode.
 * The ids follow from the seed and the generation id: every attempt sends the same bytes.
 *
 * @example
 * const body = JSON.stringify(generationTrace(record, destination, { keyName: 'ci', keyHash }, 0));
 */
export function generationTrace(r: GenerationRecord, d: DestinationRecord, caller: TraceCaller, seed: number): Record<string, unknown> {
  const startNs = BigInt(Math.round(r.createdAt)) * 1_000_000n;
  const span = {
    traceId: hexId(seed, `trace:${r.id}`, 32),
    spanId: hexId(seed, `span:${r.id}`, 16),
    name: `${OPERATION_NAMES[r.apiType]} ${r.model}`,
    // SPAN_KIND_CLIENT: the gateway called the model.
    kind: 3,
    startTimeUnixNano: String(startNs),
    endTimeUnixNano: String(startNs + BigInt(Math.max(0, Math.round(r.latencyMs))) * 1_000_000n),
    attributes: spanAttributes(r, d, caller),
    // STATUS_CODE_OK: a recorded generation is a paid, delivered answer.
    status: { code: 1 },
  };
  return {
    resourceSpans: [
      {
        resource: { attributes: [...attribute('service.name', 'gatewaykit'), ...attribute('gateway.destination.id', d.id)] },
        scopeSpans: [{ scope: { name: 'gatewaykit.broadcast', version: '1' }, spans: [span] }],
      },
    ],
  };
}
