import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { openapi as openapiCommand } from '../cli/openapi.ts';
import { createGateway } from '../gateway/create-gateway.ts';
import { ResponsesRequestSchema } from '../schemas/responses-request.ts';
import { buildGatewayOpenApi, endpointDocs } from '../gateway/openapi-docs.ts';
import { OPERATIONS } from '../gateway/operations-table.ts';
import type { OpenApiDocument } from './build-openapi.ts';
import { componentSchemas } from './component-schemas.ts';

const gateway = createGateway({ baseUrl: 'http://gateway.test/api/v1' });
const apiRoutes = gateway.routes.filter((r) => !r.control && !r.path.startsWith('/__gatewaykit'));
const OPERATION_DOCS = await endpointDocs();
const doc = await buildGatewayOpenApi({ routes: gateway.routes, serverUrl: gateway.baseUrl });

/** Every `$ref` in the document, with where it sits. */
function refs(value: unknown, at = '#', out: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(value)) value.forEach((v, i) => refs(v, `${at}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push([at, v]);
      else refs(v, `${at}/${k}`, out);
    }
  }
  return out;
}

describe('buildOpenApi', () => {
  test('is an OpenAPI 3.1 document with the spec 9.1 API version and bearer auth (spec 5)', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([{ url: 'http://gateway.test/api/v1' }]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  test('describes every operation the gateway serves, under its method and operation id', () => {
    for (const route of apiRoutes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()] as { operationId: string } | undefined;
      expect(op?.operationId, `${route.method} ${route.path}`).toBe(route.operation);
    }
    const described = Object.values(doc.paths).flatMap((methods) => Object.values(methods)).length;
    expect(described).toBe(apiRoutes.length);
    expect(doc.paths['/responses']?.post).toBeDefined();
    expect(doc.paths['/videos']?.post).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/__gatewaykit'))).toBe(false);
  });

  test('every served operation has prose and shapes, and every documented operation is served', () => {
    const served = new Set(apiRoutes.map((r) => r.operation));
    expect(
      [...served].filter((id) => !(id in OPERATION_DOCS)),
      'operations without an OPERATION_DOCS entry',
    ).toEqual([]);
    expect(
      Object.keys(OPERATION_DOCS).filter((id) => !served.has(id)),
      'OPERATION_DOCS entries no route serves',
    ).toEqual([]);
  });

  test("each operation's folder documents exactly its own endpoints", async () => {
    for (const operation of OPERATIONS) {
      const { docs } = await operation.loadDocs();
      expect(Object.keys(docs.endpoints).sort(), operation.name).toEqual(operation.endpoints.map((e) => e.id).sort());
    }
  });

  test('a component name two operations define differently is refused, not silently overwritten', () => {
    const one = { answers: { Twice: z.object({ a: z.string() }) } };
    const other = { answers: { Twice: z.object({ b: z.string() }) } };
    expect(() => componentSchemas([one, other])).toThrow(/Twice is defined twice/);
    expect(() => componentSchemas([{ written: { Model: { type: 'object' } } }])).toThrow(/Model is defined twice/);
  });

  test('lists each error status a route can answer with the spec 7 envelope, and Retry-After on 429', () => {
    for (const route of apiRoutes) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()] as {
        responses: Record<string, { content?: unknown; headers?: unknown }>;
      };
      for (const status of route.faults) {
        const errorBody = OPERATION_DOCS[route.operation]?.errorBody ?? 'ErrorBody';
        expect(op.responses[String(status)]?.content, `${route.operation} ${status}`).toEqual({
          'application/json': { schema: { $ref: `#/components/schemas/${errorBody}` } },
        });
      }
      if (route.auth !== 'none') expect(op.responses['401'], `${route.operation} 401`).toBeDefined();
      if (route.faults.includes(429)) expect(op.responses['429']?.headers).toHaveProperty('Retry-After');
    }
    const responses = (doc.paths['/responses']!.post as { responses: Record<string, unknown> }).responses;
    expect(
      Object.keys(responses)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([200, 400, 401, 402, 403, 404, 408, 413, 422, 429, 500, 502, 503, 524, 529]);
    // The reference lists the same statuses for POST /chat/completions.
    const chat = doc.paths['/chat/completions']!.post as { operationId: string; responses: Record<string, { content?: Record<string, unknown> }> };
    expect(chat.operationId).toBe('chat.completions.create');
    expect(
      Object.keys(chat.responses)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([200, 400, 401, 402, 403, 404, 408, 413, 422, 429, 500, 502, 503, 524, 529]);
    expect(Object.keys(chat.responses['200']!.content!)).toEqual(['application/json', 'text/event-stream']);
    expect(doc.components.schemas).toHaveProperty('ChatRequest');
    expect(doc.components.schemas).toHaveProperty('ChatResult');
  });

  test('describes POST /messages with the Anthropic shapes: MessagesRequest in, MessagesResult or its event stream out, Anthropic errors', () => {
    const op = doc.paths['/messages']?.post as {
      requestBody: { content: Record<string, { schema: unknown }> };
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    expect(op.requestBody.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/MessagesRequest' });
    expect(Object.keys(op.responses['200']!.content)).toEqual(['application/json', 'text/event-stream']);
    expect(op.responses['529']!.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/AnthropicMessagesErrorResponse' });
  });

  test('every $ref resolves to a component schema', () => {
    const names = new Set(Object.keys(doc.components.schemas));
    const dangling = refs(doc).filter(([, ref]) => !names.has(ref.replace('#/components/schemas/', '')));
    expect(dangling).toEqual([]);
  });

  test('path parameters are declared for every templated path', () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(methods) as Array<{ parameters?: Array<{ name: string; in: string }> }>) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort(), path).toEqual(names.sort());
      }
    }
  });

  test('the request component is the zod schema the gateway validates with (same required fields and properties)', () => {
    const fromZod = z.toJSONSchema(ResponsesRequestSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, unknown> };
    const component = doc.components.schemas.ResponsesRequest as { properties: Record<string, unknown> };
    expect(Object.keys(component.properties).sort()).toEqual(Object.keys(fromZod.properties).sort());
    expect(component.properties).toHaveProperty('model');
    expect(component.properties).toHaveProperty('previous_response_id');
  });

  test('is deterministic', async () => {
    expect(JSON.stringify(await buildGatewayOpenApi({ routes: gateway.routes, serverUrl: gateway.baseUrl }))).toBe(JSON.stringify(doc));
  });
});

describe('gatewaykit openapi', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) } };
  };

  test('prints the document to standard output', async () => {
    const { out, io: streams } = io();
    expect(await openapiCommand(['--base-url', 'http://example.test/api/v1'], streams)).toBe(0);
    const printed = JSON.parse(out.join('')) as OpenApiDocument;
    expect(printed.servers[0]!.url).toBe('http://example.test/api/v1');
    expect(printed.paths['/responses']).toBeDefined();
  });

  test('--out writes the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      const { out, io: streams } = io();
      expect(await openapiCommand(['--out', file], streams)).toBe(0);
      expect(out).toEqual([]);
      const written = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
      expect(written.servers[0]!.url).toBe('http://127.0.0.1:8080/api/v1');
      expect(Object.keys(written.paths)).toContain('/videos/{jobId}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('rejects unknown flags and bad URLs with exit 2', async () => {
    const { err, io: streams } = io();
    expect(await openapiCommand(['--nope'], streams)).toBe(2);
    expect(await openapiCommand(['--base-url', 'not a url'], streams)).toBe(2);
    expect(err.join('\n')).toMatch(/--base-url must be an absolute URL/);
  });
});
