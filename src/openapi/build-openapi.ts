import { z } from 'zod';
import { documentedStatus } from '../errors/documented-statuses.ts';
import type { Route } from '../http/route.ts';
import { componentSchemas } from './component-schemas.ts';
import type { ComponentSchemas, OperationDoc, ParameterDoc } from './operation-doc.ts';

/** The parts of a route the description is built from. */
export type DescribedRoute = Pick<Route, 'method' | 'path' | 'operation' | 'auth' | 'faults' | 'summary' | 'referenceId'> & { readonly control?: boolean };

/** What the routes do not say: each operation's doc, and the component schemas the docs name. */
export interface OpenApiDocs {
  /** The doc of the endpoint with this operation id, if it has one. */
  endpoint(operationId: string): OperationDoc | undefined;
  /** Every operation's components (the shared ones are added to them). */
  readonly components: readonly ComponentSchemas[];
}

export interface BuildOpenApiOptions {
  /** The operations to describe: a gateway's `routes` (control routes are left out). */
  routes: readonly DescribedRoute[];
  /** Their docs: the operations table's, unless told otherwise. */
  docs: OpenApiDocs;
  /** `servers[0].url`, the base URL ending in /api/v1. Default http://127.0.0.1:8080/api/v1. */
  serverUrl?: string;
}

export type OpenApiDocument = {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  security: Array<Record<string, string[]>>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const errorRef = { $ref: '#/components/schemas/ErrorBody' };

function toParameter(p: ParameterDoc) {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(p.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { name: p.name, in: p.in, description: p.description, required: p.in === 'path' ? true : (p.required ?? false), schema };
}

/** `/videos/:jobId` -> `/videos/{jobId}`, and the path parameters it names. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

function errorResponse(status: number, schema: Record<string, string> = errorRef) {
  const known = documentedStatus(status);
  const response: Record<string, unknown> = {
    description: known ? `${known.meaning} (spec 7)` : `Error ${status}`,
    content: { 'application/json': { schema } },
  };
  if (known?.retryAfterSeconds !== undefined) {
    response.headers = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } };
  }
  return response;
}

function describeOperation(route: DescribedRoute, doc: OperationDoc | undefined) {
  const { params } = openApiPath(route.path);
  const documented = new Set((doc?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
  const parameters = [
    ...(doc?.parameters ?? []).map(toParameter),
    // A path parameter the docs table does not describe still has to be declared.
    ...params.filter((name) => !documented.has(name)).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
  ];
  // The operations table's summary first, then the doc's (a route outside the table).
  const summary = route.summary ?? doc?.summary ?? route.operation;
  const successStatus = doc?.successStatus ?? 200;
  const success = doc
    ? {
        description: summary,
        content: Object.fromEntries(
          Object.entries(doc.success).map(([type, name]) => [
            type,
            { schema: name === 'binary' ? { type: 'string', contentMediaType: type } : { $ref: `#/components/schemas/${name}` } },
          ]),
        ),
      }
    : { description: 'Success' };
  const statuses = new Set(route.faults);
  if (route.auth !== 'none') statuses.add(401);
  if (route.auth === 'management') statuses.add(403);
  const responses: Record<string, unknown> = { [String(successStatus)]: success };
  const errorSchema = doc?.errorBody ? { $ref: `#/components/schemas/${doc.errorBody}` } : errorRef;
  for (const status of [...statuses].sort((a, b) => a - b)) responses[String(status)] = errorResponse(status, errorSchema);

  return {
    operationId: route.operation,
    summary,
    ...(route.referenceId ? { 'x-reference-operation-id': route.referenceId } : {}),
    ...(doc?.description ? { description: doc.description } : {}),
    tags: [doc?.tag ?? 'Other'],
    // spec 5: every operation takes a bearer key; the simulator's own description needs none.
    ...(route.auth === 'none' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(doc?.requestBody
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(Object.entries(doc.requestBody).map(([type, name]) => [type, { schema: { $ref: `#/components/schemas/${name}` } }])),
          },
        }
      : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 description of the operations a gateway serves, built from its routes and the
 * zod schemas that validate them (so the description cannot drift from the behaviour).
 *
 * @example
 * const doc = buildOpenApi({ routes: createGateway().routes, docs: gatewayOpenApiDocs() });
 * doc.paths['/responses']?.post; // { operationId: 'responses.create', ... }
 */
export function buildOpenApi(options: BuildOpenApiOptions): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const route of options.routes) {
    if (route.control || route.path.startsWith('/__gatewaykit')) continue;
    const { path } = openApiPath(route.path);
    const operation = describeOperation(route, options.docs.endpoint(route.operation));
    tags.add(operation.tags[0]!);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Gateway API (gatewaykit simulator)',
      // spec 9.1: the machine-readable description is at version 1.0.0.
      version: '1.0.0',
      description:
        'The operations of the Gateway API that gatewaykit simulates. Every error answer carries the spec 7 envelope `{ error: { code, message } }`. Headers named X-Gatewaykit-* are simulator controls that a real gateway ignores.',
    },
    servers: [{ url: options.serverUrl ?? 'http://127.0.0.1:8080/api/v1' }],
    security: [{ bearer: [] }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths: sortedPaths,
    components: {
      schemas: componentSchemas(options.docs.components),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'spec 5: `Authorization: Bearer <API_KEY>`.' } },
    },
  };
}
