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

/** An operation's handlers for one gateway, by endpoint id, built from the gateway's parts. */
export type OperationHandlers = (parts: OperationParts) => Readonly<Record<string, EndpointHandler>>;

/** The code of an operation: its folder's `handlers.ts`, loaded when the operation is first used. */
export interface OperationCode {
  readonly handlers: OperationHandlers;
}

/** An operation's part of `/openapi.json`: its folder's `docs.ts`, loaded only when a description is built. */
export interface OperationDocsModule {
  /** Each endpoint's doc (by endpoint id) and the component schemas they name. */
  readonly docs: OperationDocs;
}

/**
 * An operation of the API: one folder of `src/operations/`, one line of the operations table.
 * `endpoints` is static; `load` brings the operation's code (its handlers and request schemas), so
 * that a gateway is made, and a server listens, without compiling and running the code of every
 * operation first. A server loads them all once it listens; an operation not loaded yet when a
 * request for it comes is loaded then. `loadDocs` brings its docs and answer schemas, which only
 * `/openapi.json` reads, so no answer waits for them.
 */
export interface Operation {
  /** The folder's name (`embeddings`). */
  readonly name: string;
  readonly endpoints: readonly Endpoint[];
  load(): Promise<OperationCode>;
  loadDocs(): Promise<OperationDocsModule>;
}

/**
 * The routes of an operation for one gateway: each endpoint joined with its handler. The
 * handlers are bound on the first request to any of them (the operation's code loaded then, if
 * it is not already); a missing handler is a bug of the operation's folder, reported then.
 */
export function operationRoutes(operation: Operation, parts: OperationParts): Route[] {
  let bound: Promise<Readonly<Record<string, EndpointHandler>>> | undefined;
  const handlers = () => (bound ??= operation.load().then((code) => code.handlers(parts)));
  return operation.endpoints.map((endpoint) => {
    const { id, maxBodyBytes, ...route } = endpoint;
    const handle = lazyHandler(operation.name, id, handlers);
    if (maxBodyBytes === undefined) return { ...route, operation: id, handle };
    return { ...route, operation: id, maxBodyBytes: typeof maxBodyBytes === 'function' ? maxBodyBytes(parts.env) : maxBodyBytes, handle };
  });
}

/** The handler of endpoint `id`, found once the operation's handlers are bound; direct from then on. */
function lazyHandler(name: string, id: string, handlers: () => Promise<Readonly<Record<string, EndpointHandler>>>): EndpointHandler {
  let handle: EndpointHandler | undefined;
  return (ctx) => {
    if (handle) return handle(ctx);
    return handlers().then((bound) => {
      handle = bound[id];
      if (!handle) throw new Error(`operation ${name}: no handler for endpoint ${id}`);
      return handle(ctx);
    });
  };
}

/** The code of every operation of `table`, loaded (a server loads it once it listens). */
export function loadOperations(table: readonly Operation[]): Promise<OperationCode[]> {
  return Promise.all(table.map((operation) => operation.load()));
}

/** The docs of every operation of `table`, in the table's order. */
export async function loadOperationDocs(table: readonly Operation[]): Promise<OperationDocs[]> {
  const modules = await Promise.all(table.map((operation) => operation.loadDocs()));
  return modules.map((module) => module.docs);
}
