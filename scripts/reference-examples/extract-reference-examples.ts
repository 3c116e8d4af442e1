/**
 * Extracts every example of the /responses and /videos operations from OpenRouter's OpenAPI
 * description (the reference, shared/reference/openrouter-openapi.yaml), applies the renames of
 * the reference README (OpenRouter -> Gateway API names) and writes reference-examples.json
 * beside this file. Development tool: `npx tsx scripts/reference-examples/extract-reference-examples.ts [YAML]`.
 * The committed JSON lets the test run without the reference; when the reference is reachable the
 * test re-extracts and fails on drift.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Which gatewaykit schema an example must satisfy. */
export type ExampleTarget = 'responses-request' | 'responses-result' | 'stream-event' | 'error-body' | 'video-request' | 'video-job' | 'video-models';

export interface ReferenceExample {
  /** Stable id: where the example sits in the reference. */
  id: string;
  target: ExampleTarget;
  value: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
type Operation = { requestBody?: { content?: Record<string, Media> }; responses?: Record<string, { content?: Record<string, Media> }> };
type Media = { example?: Json; examples?: Record<string, { value?: Json }>; schema?: { $ref?: string } };
type Schema = { example?: Json; oneOf?: Array<{ $ref?: string }> };

/** The operations of the Gateway API that gatewaykit serves under /videos and /responses. */
const OPERATIONS: ReadonlyArray<{ path: string; method: string; request?: ExampleTarget; success: ExampleTarget }> = [
  { path: '/responses', method: 'post', request: 'responses-request', success: 'responses-result' },
  { path: '/videos', method: 'post', request: 'video-request', success: 'video-job' },
  { path: '/videos/{jobId}', method: 'get', success: 'video-job' },
  { path: '/videos/{jobId}/content', method: 'get', success: 'video-job' },
  { path: '/videos/models', method: 'get', success: 'video-models' },
];

/** Component schemas whose own `example` is a whole request, result or job. */
const COMPONENTS: Readonly<Record<string, ExampleTarget>> = {
  ResponsesRequest: 'responses-request',
  OpenResponsesResult: 'responses-result',
  VideoGenerationRequest: 'video-request',
  VideoGenerationResponse: 'video-job',
};

/** Reference README, "Renames between the two". */
export function renameToGateway(value: Json): Json {
  if (typeof value === 'string') return value.startsWith('openrouter:') ? `gateway:${value.slice('openrouter:'.length)}` : value;
  if (Array.isArray(value)) return value.map(renameToGateway);
  if (value && typeof value === 'object') {
    const renamed: { [key: string]: Json } = {};
    for (const [key, v] of Object.entries(value)) {
      const name = key === 'openrouter_metadata' ? 'gateway_metadata' : key.replace(/^x-openrouter-/i, 'x-gateway-');
      renamed[name] = renameToGateway(v);
    }
    return renamed;
  }
  return value;
}

function mediaExamples(media: Media): Array<{ name: string; value: Json }> {
  const out: Array<{ name: string; value: Json }> = [];
  if (media.example !== undefined) out.push({ name: 'example', value: media.example });
  for (const [name, ex] of Object.entries(media.examples ?? {})) if (ex.value !== undefined) out.push({ name: `examples.${name}`, value: ex.value });
  return out;
}

export function extractReferenceExamples(yamlText: string): ReferenceExample[] {
  return referenceExamplesOf(parse(yamlText));
}

/** The examples of an already parsed reference (a test reads it from the parsed copy kept by its hash). */
export function referenceExamplesOf(parsed: unknown): ReferenceExample[] {
  const doc = parsed as Doc;
  const examples: ReferenceExample[] = [];
  const add = (id: string, target: ExampleTarget, value: Json) => examples.push({ id, target, value: renameToGateway(value) });

  for (const { path, method, request, success } of OPERATIONS) {
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`reference has no ${method.toUpperCase()} ${path}`);
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
      for (const ex of mediaExamples(media)) add(`${method.toUpperCase()} ${path} request ${type} ${ex.name}`, request!, ex.value);
    }
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        if (type !== 'application/json' && type !== 'text/event-stream') continue; // video/mp4 bytes: no JSON to parse
        for (const ex of mediaExamples(media)) {
          const id = `${method.toUpperCase()} ${path} ${status} ${type} ${ex.name}`;
          if (type === 'text/event-stream') add(id, 'stream-event', (ex.value as { data: Json }).data);
          else add(id, status.startsWith('2') ? success : 'error-body', ex.value);
        }
      }
    }
  }
  const schemas = doc.components.schemas;
  for (const [name, target] of Object.entries(COMPONENTS)) {
    const example = schemas[name]?.example;
    if (example !== undefined) add(`components.schemas.${name}.example`, target, example);
  }
  // Every member of the stream event union carries its own example.
  const events = schemas.StreamEvents;
  if (events?.example !== undefined) add('components.schemas.StreamEvents.example', 'stream-event', events.example);
  for (const member of events?.oneOf ?? []) {
    const name = member.$ref?.split('/').pop();
    const example = name ? schemas[name]?.example : undefined;
    if (name && example !== undefined) add(`components.schemas.${name}.example`, 'stream-event', example);
  }
  return examples;
}

/** Committed extraction, next to this file. */
export const REFERENCE_EXAMPLES_FILE = fileURLToPath(new URL('./reference-examples.json', import.meta.url));

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntry) {
  const source = process.argv[2] ?? fileURLToPath(new URL('../../../shared/reference/openrouter-openapi.yaml', import.meta.url));
  const examples = extractReferenceExamples(readFileSync(source, 'utf8'));
  writeFileSync(REFERENCE_EXAMPLES_FILE, `${JSON.stringify(examples, null, 1)}\n`);
  console.log(`${examples.length} examples -> ${REFERENCE_EXAMPLES_FILE}`);
}
