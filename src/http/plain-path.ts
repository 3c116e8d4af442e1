// An origin-form path of characters the URL parser keeps as they are (WHATWG URL path state: no
// escape, no backslash, no query or fragment)...
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/]*$/;
// ...and no `.` or `..` segment, which the parser would resolve.
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/**
 * Whether `path`, put after an origin (or after an already parsed URL's origin and path), is a URL
 * the parser would leave exactly as written: then its href is the joined string and its pathname
 * the path, and the adapters skip making a URL object per request (`LightRequest`'s plain path).
 *
 * @example
 * isPlainPath('/api/v1/responses'); // true
 * isPlainPath('/api/v1/../responses'); // false: the parser resolves the dot segment
 */
export function isPlainPath(path: string): boolean {
  return PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path);
}
