import { createRateLimiter } from '../auth/rate-limiter.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { isMetadataEnabled } from '../simulation/simulation-headers.ts';
import type { MetricsTally } from '../state/metrics-tally.ts';
import { createAnswerSequence } from './answer-sequence.ts';
import { authenticateStep } from './authenticate-step.ts';
import { controlRefusal, isLoopback } from './control-guard.ts';
import { allowAnyOrigin, preflightAnswer } from './cors.ts';
import { guardrailStep } from './guardrail-step.ts';
import { creditStep } from './credit-step.ts';
import { DispatchContext } from './dispatch-context.ts';
import { announceAnswer, type DispatchObserver } from './dispatch-observer.ts';
import { composeSteps, type DispatchStep } from './dispatch-step.ts';
import { errorAnswer } from './error-response.ts';
import { failureAnswer } from './failure-answer.ts';
import { journalObserver } from './journal-observer.ts';
import { LightRequest } from './light-request.ts';
import { pathMatcher } from './match-path.ts';
import { metricsObserver } from './metrics-observer.ts';
import { rateLimitStep } from './rate-limit-step.ts';
import { materializeBody } from './raw-body.ts';
import type { RequestInfo } from './request-info.ts';
import { reportDelivery } from './report-delivery.ts';
import type { Route } from './route.ts';
import { createRouteFinder, type PreparedRoute } from './route-finder.ts';
import { simulationStep } from './simulation-step.ts';

export type { RequestInfo } from './request-info.ts';

/** Re-exported for callers that checked loopback addresses here before the guard had its own module. */
export { isLoopback };

const NO_INFO: RequestInfo = {};

/**
 * The core of the simulator: a Fetch Request in, a Fetch Response out. Every runtime (msw
 * handlers, node:http) calls it. Per request: find the route, run its pipeline (auth spec 5,
 * simulation headers spec 4, rate limit and credits spec 7, then the operation), render a failure
 * in the route's error shape, set the generation id and CORS headers. The observers (the journal,
 * the metrics) hear each API request's lifecycle: started, matched, answered, body ended
 * (dispatch-observer.ts).
 */
export function createDispatcher(env: GatewayEnv, routes: readonly Route[], metrics?: MetricsTally) {
  const rateLimiter = createRateLimiter(env.clock);
  env.onReset(() => rateLimiter.reset());
  // Sequence number of every API answer since start or reset: ids derive from it (determinism).
  const answers = createAnswerSequence();
  env.onReset(() => answers.reset());
  const prepare = (route: Route): PreparedRoute => ({ route, match: pathMatcher(route.path), run: composeSteps(stepsFor(route), route.handle) });
  const stepsFor = (route: Route): DispatchStep[] =>
    [
      authenticateStep(route, env),
      simulationStep(route, metrics),
      route.auth === 'none' ? undefined : rateLimitStep(rateLimiter),
      creditStep(route, env),
      guardrailStep(route, env),
    ].filter((step): step is DispatchStep => step !== undefined);
  const finder = createRouteFinder(
    routes.filter((r) => !r.control).map(prepare),
    routes.filter((r) => r.control).map(prepare),
    env.basePath,
    new URL(env.baseUrl).origin,
  );
  const observers: DispatchObserver[] = [journalObserver(env.journal, env.fastPaths), ...(metrics ? [metricsObserver(metrics, env.clock)] : [])];
  const startedObservers = observers.filter((o) => o.started);
  const matchedObservers = observers.filter((o) => o.matched);
  // Compared per request; made once.
  const basePathPrefix = `${env.basePath}/`;

  /** The path relative to the base path (absolute for the control API), or undefined outside both. */
  const apiPath = (pathname: string, isControl: boolean): string | undefined => {
    if (isControl) return pathname;
    if (pathname !== env.basePath && !pathname.startsWith(basePathPrefix)) return undefined;
    const path = pathname.slice(env.basePath.length) || '/';
    return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  };

  /**
   * Finds the route and runs its pipeline; throws what the request is refused with (at once, or as
   * the pipeline's rejection: the caller awaits it in a try). Not async: an async function
   * returning the pipeline's promise made one more promise and three more turns per answer.
   */
  const answer = (ctx: DispatchContext, pathname: string, isControl: boolean): Promise<Response> => {
    const path = apiPath(pathname, isControl);
    if (path === undefined) throw finder.notFound(`No such path: ${pathname} (the API lives under ${env.basePath})`, pathname, ctx);
    const match = finder.find(ctx, path, pathname, isControl);
    if (!match.found) throw match.failure;
    const { route, run } = match.found;
    ctx.route = route;
    ctx.errorShape = route;
    ctx.params = match.params;
    ctx.limit = route.maxBodyBytes ?? env.maxBodyBytes;
    if (!isControl) for (const observer of matchedObservers) observer.matched!(ctx);
    return run(ctx);
  };

  return async function dispatch(request: Request, info: RequestInfo = NO_INFO): Promise<Response> {
    const receivedAt = env.clock.now();
    const target = requestPath(request);
    if (target instanceof GatewayError) return delivered(errorAnswer(target, false), info);
    const { url, pathname } = target;
    const isControl = pathname.startsWith('/__gatewaykit/');
    // The control API is for the local user only, preflights included (control-guard.ts).
    if (isControl) {
      const refusal = controlRefusal(request, info.remoteAddress);
      if (refusal) return delivered(errorAnswer(refusal, false), info);
    } else if (request.method === 'OPTIONS') return preflightAnswer(request.headers);

    const metadataEnabled = isMetadataEnabled(request.headers);
    const ctx = new DispatchContext(request, url, env, metadataEnabled, receivedAt, isControl ? -1 : answers.next(request.headers), info);
    if (!isControl) for (const observer of startedObservers) observer.started!(ctx);
    let response: Response;
    let unexpected = false;
    try {
      response = await answer(ctx, pathname, isControl);
    } catch (error) {
      ({ response, unexpected } = failureAnswer(error, ctx, info, pathname, isControl));
    }
    if (isControl) return delivered(response, info);
    // A paid answer settles once it is out, for what the client got (a cancelled stream: a share).
    const settle = ctx.deliveryListener();
    if (settle) response = reportDelivery(response, settle);
    if (!response.headers.has('x-generation-id')) setGenerationId(response, ctx.generationId());
    if (request.headers.has('origin')) allowAnyOrigin(response);
    const operation = ctx.route?.operation ?? 'unknown';
    return delivered(announceAnswer(observers, { ctx, info, pathname, operation, response, unexpected }), info);
  };
}

/**
 * The request's URL and path. The light Request of `gateway.fetch` carries the URL it was parsed
 * as; the node adapter's, for a plain path, only the path (incoming-request.ts): the URL object is
 * then made only for an operation that reads it (`ctx.url`).
 */
function requestPath(request: Request): { url: URL | undefined; pathname: string } | GatewayError {
  let url = LightRequest.parsedUrl(request);
  const plainPath = LightRequest.plainPath(request);
  if (plainPath !== undefined) return { url, pathname: plainPath };
  try {
    url ??= new URL(request.url);
  } catch {
    return new GatewayError(400, 'Invalid request URL');
  }
  return { url, pathname: url.pathname };
}

/** reference README: every answer carries X-Generation-Id. */
function setGenerationId(response: Response, id: string): void {
  try {
    response.headers.set('x-generation-id', id);
  } catch {
    // Immutable headers (a Response from fetch): leave as is.
  }
}

/** An answer as the caller takes it: raw for a caller that writes raw bodies, else with an ordinary Fetch body. */
function delivered(response: Response, info: RequestInfo): Response {
  return info.rawBodies ? response : materializeBody(response);
}
