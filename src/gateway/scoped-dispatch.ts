import { errorAnswer } from '../http/error-response.ts';
import { allowAnyOrigin } from '../http/cors.ts';
import { materializeBody } from '../http/raw-body.ts';
import { SCOPE_HEADER, parseScopeId } from '../http/scope-id.ts';
import type { RequestInfo } from '../http/dispatch.ts';

type Dispatch = (request: Request, info?: RequestInfo) => Promise<Response>;

/**
 * The dispatcher of a gateway with scopes: a request without `X-Test-Id` goes to the default
 * scope exactly as before; one with a valid id to that scope's dispatcher (made on first use);
 * a malformed id gets a 400 in the spec 7 envelope.
 *
 * @example
 * const dispatch = scopedDispatch(root.dispatch, (id) => scopes.get(id).dispatch);
 */
export function scopedDispatch(root: Dispatch, scope: (id: string) => Dispatch): Dispatch {
  return function dispatchScoped(request, info) {
    const value = request.headers.get(SCOPE_HEADER);
    if (value === null) return root(request, info);
    const id = parseScopeId(value);
    if (typeof id === 'string') return scope(id)(request, info);
    const refused = errorAnswer(id, false);
    if (request.headers.has('origin')) allowAnyOrigin(refused);
    return Promise.resolve(info?.rawBodies ? refused : materializeBody(refused));
  };
}
