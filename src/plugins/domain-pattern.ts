/**
 * Whether a URL matches a domain pattern of the web and web-fetch plugins (spec 2.5):
 * - `example.com` matches the host and its subdomains (`docs.example.com`);
 * - `*.substack.com` matches subdomains only, at any depth (not `substack.com` itself);
 * - `openai.com/blog` adds a path filter: the URL path must start with `/blog` at a segment boundary.
 * A scheme in the pattern is ignored; matching is case-insensitive.
 *
 * @example
 * urlMatchesDomain('https://openai.com/blog/post', 'openai.com/blog'); // true
 */
export function urlMatchesDomain(url: string, pattern: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  const p = pattern
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '');
  const slash = p.indexOf('/');
  const hostPattern = slash >= 0 ? p.slice(0, slash) : p;
  const pathPattern = slash >= 0 ? p.slice(slash).replace(/\/+$/, '') : '';
  let hostOk: boolean;
  if (hostPattern.startsWith('*.')) hostOk = host.endsWith(hostPattern.slice(1));
  else hostOk = host === hostPattern || host.endsWith(`.${hostPattern}`);
  if (!hostOk) return false;
  if (!pathPattern) return true;
  const path = parsed.pathname.toLowerCase();
  return path === pathPattern || path.startsWith(`${pathPattern}/`);
}

/** Include/exclude filter: included when `include` is empty or matches, and `exclude` does not. */
export function urlAllowed(url: string, include: readonly string[] | undefined, exclude: readonly string[] | undefined): boolean {
  if (include && include.length > 0 && !include.some((p) => urlMatchesDomain(url, p))) return false;
  if (exclude && exclude.some((p) => urlMatchesDomain(url, p))) return false;
  return true;
}
