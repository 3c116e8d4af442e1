import type { Engine } from '../engine/create-engine.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import type { HttpMethod, RequestContext, Route } from '../http/route.ts';
import type { OperationDocs } from '../openapi/operation-doc.ts';
import type { VideoJobs } from '../videos/video-jobs.ts';

/**
 * One endpoint of an operation, as a value: everything about it that is known before a gateway
 * exists. The dispatcher, `/openapi.json`, the inspector, the journal, the conformance suite's
 * paid list and the README's operations table all read these, so they cannot disagree.
 */
export interface Endpoint extends Omit<Route, 'handle' | 'path' | 'operation' | 'control' | 'maxBodyBytes'> {
  readonly method: HttpMethod;
  /** Relative to the base path, with `:name` parameters (`/keys/:hash`). */
  readonly path: string;
  /** Stable id in the journal, reports and OpenAPI (`embeddings.create`). */
  readonly id: string;
  /** The reference's `operationId` this endpoint serves (`createEmbeddings`); none for gateway-only endpoints. */
  readonly referenceId?: string;
  /** One line for the README and `/openapi.json`. */
  readonly summary: string;
  /** Overrides the gateway's body-size limit here: bytes, or bytes worked out from the gateway's options. */
  readonly maxBodyBytes?: number | ((env: GatewayEnv) => number);
}

/** The parts of a gateway an operation's handlers are built from, once per gateway. */
export interface OperationParts {
  readonly env: GatewayEnv;
  readonly engine: Engine;
  readonly videos: VideoJobs;
}

export type EndpointHandler = (ctx: RequestContext) => Promise<Response> | Response;

/**
 * An operation of the API: one folder of `src/operations/`, one line of the operations table.
 * `endpoints` is static; `handlers` binds each endpoint id to its handler for one gateway.
 */
export interface Operation {
  /** The folder's name (`embeddings`). */
  readonly name: string;
  readonly endpoints: readonly Endpoint[];
  /** Its part of `/openapi.json`: each endpoint's doc (by endpoint id) and the component schemas they name. */
  readonly docs: OperationDocs;
  handlers(parts: OperationParts): Readonly<Record<string, EndpointHandler>>;
}

/**
 * The routes of an operation for one gateway: each endpoint joined with its handler. A missing
 * handler is a bug of the operation's folder, reported when the gateway is built.
 */
export function operationRoutes(operation: Operation, parts: OperationParts): Route[] {
  const handlers = operation.handlers(parts);
  return operation.endpoints.map((endpoint) => {
    const handle = handlers[endpoint.id];
    if (!handle) throw new Error(`operation ${operation.name}: no handler for endpoint ${endpoint.id}`);
    const { id, maxBodyBytes, ...route } = endpoint;
    if (maxBodyBytes === undefined) return { ...route, operation: id, handle };
    return { ...route, operation: id, maxBodyBytes: typeof maxBodyBytes === 'function' ? maxBodyBytes(parts.env) : maxBodyBytes, handle };
  });
}
