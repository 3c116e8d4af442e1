import { authenticate } from '../auth/authenticate.ts';
import { createRateLimiter } from '../auth/rate-limiter.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { errorAnswer } from './error-response.ts';
import { hasRetryAfter, setRetryAfter } from '../errors/retry-after.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { createAnswerSequence } from './answer-sequence.ts';
import { generationId } from './generation-id.ts';
import { forcedError } from '../simulation/forced-error.ts';
import { isMetadataEnabled, readSimulationHeaders, type SimulationControls } from '../simulation/simulation-headers.ts';
import { maskSecret } from '../state/mask-credentials.ts';
import type { ApiKey } from '../auth/api-key.ts';
import type { Reservation } from '../account/reservation.ts';
import { controlRefusal, isLoopback } from './control-guard.ts';
import { allowAnyOrigin, preflightAnswer } from './cors.ts';
import { LightRequest } from './light-request.ts';
import { pathMatcher } from './match-path.ts';
import { baseUrlHint } from './base-url-hint.ts';
import { jsonResponse, materializeBody, onFramesSent, onPieceSent, rawBodyOf, rawTextBytes } from './raw-body.ts';
import { parseJsonBody, readBodyLimited } from './read-body.ts';
import type { RequestContext, Route } from './route.ts';
import { familyErrorRoutes, firstSegment } from './family-errors.ts';
import type { JournalRecord } from '../state/journal.ts';
import type { MetricsTally } from '../state/metrics-tally.ts';

export interface RequestInfo {
  /** The peer address (server mode); undefined means in-process, treated as loopback. */
  remoteAddress?: string;
  /**
   * Whether the client has gone away (server mode). A question rather than an AbortSignal: the
   * Request's own signal costs undici a WeakRef and a FinalizationRegistry entry, and an
   * AbortController per request was measurable too.
   */
  clientGone?: () => boolean;
  /**
   * Reads the body with the size limit (413 past it), for adapters that hold the body in a form
   * cheaper to read than the Request's web stream (node:http reads the IncomingMessage itself).
   * Default: the Request's own body.
   */
  readBody?: (limit: number) => Promise<Uint8Array>;
  /**
   * The caller writes raw bodies itself (src/http/raw-body.ts): answers may come back bodiless
   * with their bytes under `rawBodyOf`. Default false: every answer has an ordinary Fetch body.
   */
  rawBodies?: boolean;
  /**
   * The caller writes a text answer as its UTF-8 bytes (`rawTextBytes`, the node adapter): the
   * journal then keeps those same bytes instead of encoding the text itself.
   */
  writesTextAsBytes?: boolean;
}

// A key's masked id, made once per key object (keys live as long as the gateway; hashing the key
// on every request was a measurable share of an answer).
const keyIds = new WeakMap<ApiKey, string>();
function maskedKeyId(apiKey: ApiKey): string {
  let id = keyIds.get(apiKey);
  if (id === undefined) keyIds.set(apiKey, (id = maskSecret(apiKey.key)));
  return id;
}

/** Re-exported for callers that checked loopback addresses here before the guard had its own module. */
export { isLoopback };

/**
 * The core of the simulator: a Fetch Request in, a Fetch Response out. Finds the route, checks
 * auth (spec 5), simulation headers, rate limit and credits, runs the operation, and renders every
 * failure in the spec 7 envelope. Every runtime (msw handlers, node:http) calls this.
 */
export function createDispatcher(env: GatewayEnv, routes: readonly Route[], metrics?: MetricsTally) {
  const rateLimiter = createRateLimiter(env.clock);
  env.onReset(() => rateLimiter.reset());
  // Sequence number of every API answer since start or reset: ids derive from it (DESIGN determinism).
  const answers = createAnswerSequence();
  env.onReset(() => answers.reset());
  // Each route's path pattern prepared once (match-path.ts), not split again per request.
  const prepared = (list: readonly Route[]) => list.map((route) => ({ route, match: pathMatcher(route.path) }));
  const apiRoutes = prepared(routes.filter((r) => !r.control));
  const controlRoutes = prepared(routes.filter((r) => r.control));

  function findRoute(list: ReturnType<typeof prepared>, method: string, path: string) {
    let pathMatched: Route[] | undefined;
    let split: string[] | undefined;
    const segments = () => (split ??= path.split('/'));
    for (const { route, match } of list) {
      const params = match(path, segments);
      if (!params) continue;
      if (route.method === method) return { route, params };
      (pathMatched ??= []).push(route);
    }
    return { allowed: pathMatched?.map((r) => r.method) };
  }

  // A path no route serves under a family with its own error shape (`/messages/...`) is answered in it.
  const familyErrors = familyErrorRoutes(apiRoutes.map(({ route }) => route));
  const isOperation = (p: string) => apiRoutes.some(({ match }) => match(p, () => p.split('/')) !== undefined);
  /** A 404's message, with the base URL to use when the path ends in an operation (base-url-hint.ts). */
  const notFound = (message: string, pathname: string, ctx: DispatchContext): GatewayError => {
    let origin: string;
    try {
      origin = ctx.url.origin;
    } catch {
      origin = new URL(env.baseUrl).origin;
    }
    const hint = baseUrlHint(pathname, { origin, basePath: env.basePath, isOperation });
    return new GatewayError(404, hint ? `${message}. ${hint}` : message);
  };

  // Compared per request; made once.
  const basePathPrefix = `${env.basePath}/`;

  return async function dispatch(request: Request, info: RequestInfo = NO_INFO): Promise<Response> {
    const receivedAt = env.clock.now();
    // The light Request of `gateway.fetch` carries the URL it was parsed as; the node adapter's,
    // for a plain path, only the path (incoming-request.ts): the URL object is then made only for
    // an operation that reads it (`ctx.url`).
    let url = LightRequest.parsedUrl(request);
    let plainPath = LightRequest.plainPath(request);
    if (plainPath === undefined) {
      try {
        url ??= new URL(request.url);
      } catch {
        return delivered(errorAnswer(new GatewayError(400, 'Invalid request URL'), false), info);
      }
      plainPath = url.pathname;
    }
    const pathname = plainPath;
    const metadataEnabled = isMetadataEnabled(request.headers);
    const cors = request.headers.has('origin');
    const isControl = pathname.startsWith('/__gatewaykit/');
    // The control API is for the local user only, preflights included (control-guard.ts).
    if (isControl) {
      const refusal = controlRefusal(request, info.remoteAddress);
      if (refusal) return delivered(errorAnswer(refusal, false), info);
    } else if (request.method === 'OPTIONS') return preflightAnswer(request.headers);

    const ctx = new DispatchContext(request, url, env, metadataEnabled, receivedAt, isControl ? -1 : answers.next(request.headers), info);
    let path: string | undefined;
    if (isControl) path = pathname;
    else if (pathname === env.basePath || pathname.startsWith(basePathPrefix)) {
      path = pathname.slice(env.basePath.length) || '/';
      if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    }

    let operation = 'unknown';
    // A route with its own error shape renders its failures (Route.errorBody); others get spec 7's.
    let ownErrors: Pick<Route, 'errorBody' | 'requestIdHeader'> | undefined;
    // Bodies that carry secrets stay out of the journal (Route.secretBodies).
    let secretBodies = false;
    // An unexpected error (a bug) answered with a masked 500: flagged in the journal entry.
    let unexpected = false;
    let response: Response;
    // The retry delay 429/503 answers advertise: the request's header, else the key's (keys file).
    let retryAfterFromHeader: number | undefined;
    let retryAfterFromKey: number | undefined;
    try {
      if (path === undefined) throw notFound(`No such path: ${pathname} (the API lives under ${env.basePath})`, pathname, ctx);
      const found = findRoute(isControl ? controlRoutes : apiRoutes, request.method, path);
      if (!('route' in found) || !found.route) {
        if (!isControl) ownErrors = familyErrors.get(firstSegment(path));
        if (found.allowed) {
          throw new GatewayError(405, `Method ${request.method} is not allowed on ${pathname} (allowed: ${found.allowed.join(', ')})`, {
            headers: { Allow: found.allowed.join(', ') },
          });
        }
        throw notFound(`No such operation: ${request.method} ${pathname}`, pathname, ctx);
      }
      const { route, params } = found;
      operation = route.operation;
      ownErrors = route;
      secretBodies = route.secretBodies === true;
      ctx.params = params;
      ctx.limit = route.maxBodyBytes ?? env.maxBodyBytes;

      if (route.auth !== 'none') {
        const alternative = route.keyHeader ? request.headers.get(route.keyHeader) : null;
        const auth = authenticate(
          request.headers.get('authorization') ?? (alternative === null ? null : `Bearer ${alternative}`),
          env.management.ring,
          receivedAt,
          env.keys,
        );
        if (auth instanceof GatewayError) throw auth;
        ctx.apiKey = auth;
        retryAfterFromKey = auth.retryAfterMs;
        if (route.auth === 'management' && auth.kind !== 'management') {
          throw new GatewayError(403, 'This operation requires a management key');
        }
      }

      if (!route.control) {
        const sim = readSimulationHeaders(request.headers, route.faults);
        if (sim instanceof GatewayError) throw sim;
        ctx.simulation = sim;
        retryAfterFromHeader = sim.retryAfterMs;
        if (sim.status !== undefined) {
          metrics?.forcedFault(route.operation, sim.status);
          // The journal (and the inspector's row) show the model a forced error's body named.
          try {
            await ctx.json();
          } catch {
            // Unreadable or not JSON: the forced status is the answer all the same.
          }
          throw forcedError(sim.status);
        }
      }
      const apiKey = ctx.apiKey;
      if (apiKey) {
        const limited = rateLimiter.take(apiKey);
        if (limited) throw limited;
        // spec 7 402: the key past its limit, or the account out of credits.
        if (route.paid) {
          const refusal = env.account.paymentRefusal(apiKey);
          if (refusal) throw refusal;
        }
      }
      response = await route.handle(ctx);
    } catch (error) {
      // Not delivered: nothing is charged or recorded for it.
      ctx.releaseHolds();
      if (error instanceof GatewayError) {
        // A script's own delay beats the key's; the request's header beats both.
        const retryAfterMs = retryAfterFromHeader ?? (error.retryAfterPinned ? undefined : retryAfterFromKey);
        if (retryAfterMs !== undefined && hasRetryAfter(error.headers)) setRetryAfter(error.headers, retryAfterMs);
        response = failWith(error, ownErrors, ctx);
      } else if (info.clientGone?.() || request.signal.aborted) {
        // The client went away (or timed out) while we read its body: nobody will see this answer,
        // and it is not a bug, so it is not reported.
        response = failWith(new GatewayError(400, 'The client closed the request before it was read in full'), ownErrors, ctx);
      } else {
        unexpected = true;
        // Logged with the id the client sees, so the masked 500 can be found (X-Generation-Id).
        env.reportError(error, { method: request.method, path: pathname, operation, ...(isControl ? {} : { generationId: ctx.generationId() }) });
        // reference: 500-class messages are masked.
        response = failWith(new GatewayError(500, 'Internal Server Error'), ownErrors, ctx);
      }
    }

    if (!isControl && !response.headers.has('x-generation-id')) {
      try {
        response.headers.set('x-generation-id', ctx.generationId());
      } catch {
        // Immutable headers (a Response from fetch): leave as is.
      }
    }
    if (cors && !isControl) allowAnyOrigin(response);
    if (!isControl) {
      const raw = rawBodyOf(response);
      const body = ctx.body;
      const requested = typeof body === 'object' && body !== null ? (body as { model?: unknown }).model : undefined;
      // Built by assignment, not by spreading conditional objects: one object per answer.
      const answered: JournalRecord['response'] = { status: response.status, headers: response.headers };
      if (raw && 'text' in raw && !secretBodies) {
        answered.text = raw.text;
        if (info.writesTextAsBytes) answered.utf8 = () => rawTextBytes(raw);
      }
      const entry: JournalRecord = { receivedAt, method: request.method, path: pathname, operation, headers: request.headers, response: answered };
      if (ctx.bodyRead !== undefined && !secretBodies) entry.body = ctx.bodyRead;
      if (typeof requested === 'string') entry.model = requested.slice(0, 256);
      if (ctx.apiKey) entry.key = maskedKeyId(ctx.apiKey);
      if (unexpected) entry.unexpected = unexpected;
      const handle = env.journal.record(entry);
      if (metrics) {
        metrics.answered(operation, response.status, env.clock.now() - receivedAt);
        const streamFault = ctx.simulation.streamFault;
        if (streamFault && response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) metrics.streamFault(operation, streamFault);
      }
      if (raw && 'pieces' in raw) onPieceSent(response, (pieces, from, to) => handle.sent(pieces, from, to));
      else if (raw && 'frames' in raw) onFramesSent(response, (frames, from, to) => handle.sentFrames(frames.list, frames.text, from, to));
      // A stream built as it goes (paced by realistic timing) has no pieces to hand over: its
      // chunks are journaled as they pass, so its entry shows the events sent, as any stream's does.
      else if (!raw && response.body && response.headers.get('content-type')?.startsWith('text/event-stream')) {
        response = journaledStream(response, (chunk) => handle.sent([chunk]));
      }
    }
    return delivered(response, info);
  };
}

const NO_INFO: RequestInfo = {};

/** `/messages/count_tokens` -> `messages`. */
/** An answer as the caller takes it: raw for a caller that writes raw bodies, else with an ordinary Fetch body. */
function delivered(response: Response, info: RequestInfo): Response {
  return info.rawBodies ? response : materializeBody(response);
}
const NO_PARAMS: Record<string, string> = {};
// What a control route sees (it reads no simulation headers).
const NO_SIMULATION: SimulationControls = Object.freeze({ randomChunking: false });

/**
 * One request's context as operations see it (route.ts), and what the dispatcher learns of the
 * request on the way (the body, for the journal). A class: its accessor and methods live on the
 * prototype, where an object literal made per request needed a closure for each (and an accessor
 * pair for `url`).
 */
class DispatchContext implements RequestContext {
  params: Record<string, string> = NO_PARAMS;
  apiKey: ApiKey | undefined = undefined;
  simulation: SimulationControls = NO_SIMULATION;
  /** The route's body limit (0 until a route is found: nothing reads a body before). */
  limit = 0;
  /** The body as parsed, and as read: the journal shows them. */
  body: unknown = undefined;
  bodyRead: Uint8Array | undefined = undefined;
  #url: URL | undefined;
  #generationId: string | undefined = undefined;
  #bytes: Promise<Uint8Array> | undefined = undefined;
  #holds: Reservation[] | undefined = undefined;

  constructor(
    readonly request: Request,
    url: URL | undefined,
    readonly env: GatewayEnv,
    readonly metadataEnabled: boolean,
    readonly receivedAt: number,
    readonly seq: number,
    private readonly info: RequestInfo,
  ) {
    this.#url = url;
  }

  get url(): URL {
    return (this.#url ??= new URL(this.request.url));
  }

  get remoteAddress(): string | undefined {
    return this.info.remoteAddress;
  }

  generationId(): string {
    return (this.#generationId ??= generationId(this.env.seed, this.seq, this.receivedAt));
  }

  bytes(tighter?: number): Promise<Uint8Array> {
    if (this.#bytes) return this.#bytes;
    const max = tighter === undefined ? this.limit : Math.min(this.limit, tighter);
    const read = this.info.readBody ? this.info.readBody(max) : readBodyLimited(this.request, max);
    return (this.#bytes = read.then((bytes) => (this.bodyRead = bytes)));
  }

  async json(): Promise<unknown> {
    const bytes = await this.bytes();
    this.body = parseJsonBody(bytes, this.request.headers.get('content-type'));
    return this.body;
  }

  reserve(worstCost: number, explain?: (left: number) => string): Reservation {
    if (!this.apiKey) throw new GatewayError(401);
    const hold = this.env.account.reserve(this.apiKey, worstCost, explain);
    (this.#holds ??= []).push(hold);
    return hold;
  }

  /** Releases the holds the operation left open (it failed: no answer was delivered). */
  releaseHolds(): void {
    if (this.#holds) for (const hold of this.#holds) hold.release();
  }
}

/** A failure in the route's own error shape (Route.errorBody), or spec 7's envelope. */
function failWith(err: GatewayError, ownErrors: Pick<Route, 'errorBody' | 'requestIdHeader'> | undefined, ctx: DispatchContext): Response {
  if (!ownErrors?.errorBody) return errorAnswer(err, ctx.metadataEnabled);
  const requestId = ctx.generationId();
  const headers = ownErrors.requestIdHeader ? { ...err.headers, [ownErrors.requestIdHeader]: requestId } : err.headers;
  return jsonResponse(ownErrors.errorBody(err, { requestId, metadataEnabled: ctx.metadataEnabled }), { status: err.status, headers });
}

/**
 * The same answer, its body passed through a tap that reports every chunk as it goes out. A
 * client that leaves cancels the tap, and the tap cancels the source: nothing more is generated.
 */
function journaledStream(response: Response, sent: (chunk: Uint8Array) => void): Response {
  const tap = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      sent(chunk);
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body!.pipeThrough(tap), { status: response.status, statusText: response.statusText, headers: response.headers });
}
