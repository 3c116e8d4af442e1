import { LightHeaders } from './light-headers.ts';
import { LightRequest } from './light-request.ts';
import { LightResponse } from './raw-body.ts';

let linked = false;

/**
 * Put the real Fetch classes under the light ones in their prototype chains, so a light
 * `Headers`, `Request` or `Response` is `instanceof` the real class. Done once per process, by the
 * entry points that hand light objects to callers who may check (`gateway.fetch`), and not by the
 * node:http adapter, whose light objects never leave the package: reading a Fetch global makes
 * Node load its Fetch implementation (undici), which a server answering through light objects
 * then never loads at all.
 *
 * @example
 * linkFetchPrototypes();
 * (await gateway.fetch('/models')) instanceof Response; // true
 */
export function linkFetchPrototypes(): void {
  if (linked) return;
  linked = true;
  Object.setPrototypeOf(LightHeaders.prototype, Headers.prototype);
  Object.setPrototypeOf(LightRequest.prototype, Request.prototype);
  Object.setPrototypeOf(LightResponse.prototype, Response.prototype);
}
