/**
 * Put `parent` under `proto` in its prototype chain (so the light Fetch objects are `instanceof`
 * the real classes) and return true. The light classes call it when their first instance is made
 * rather than on import: reading a Fetch global (`Headers`, `Request`, `Response`) makes Node load
 * its Fetch implementation, which a server answering through the light objects never uses.
 *
 * @example
 * if (!linked) linked = linkPrototype(LightHeaders.prototype, Headers.prototype);
 */
export function linkPrototype(proto: object, parent: object): true {
  Object.setPrototypeOf(proto, parent);
  return true;
}
