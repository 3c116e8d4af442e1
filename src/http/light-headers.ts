/**
 * A Fetch `Headers` kept in a plain Map: what the node adapter builds from a request's raw header
 * list, and what the core's raw-body answers carry (src/http/raw-body.ts). undici's Headers
 * validates and copies on every call; building a Request from one cost more than the rest of
 * answering a 401. This one behaves as Fetch's does where the core can tell (lower-cased names,
 * duplicates joined with ", " (Cookie's with "; "), iteration sorted by name with each Set-Cookie on its own), and
 * every method a caller can reach is its own. It becomes an `instanceof Headers` when one may reach
 * a caller who could check (src/http/fetch-prototypes.ts).
 */
export class LightHeaders {
  /** lower-cased name -> combined value; Set-Cookie values kept apart (Fetch lists them singly). */
  readonly #map = new Map<string, string>();
  /**
   * The names in Fetch's iteration order (sorted), kept so as names arrive: a request's or an
   * answer's headers are walked several times (journal, node adapter), and sorting a fresh copy
   * each time was a measurable allocation per request.
   */
  #names: string[] = [];
  #cookies: string[] | undefined;
  /**
   * Walks (`forEach`) in progress. A change made during one replaces `#names` with a copy first,
   * so the walk goes on over the names as they were, without a copy made for every walk.
   */
  #walking = 0;

  constructor(init?: Record<string, string> | Iterable<readonly [string, string]>) {
    if (init === undefined) return;
    if (Symbol.iterator in init) for (const [name, value] of init as Iterable<readonly [string, string]>) this.append(name, value);
    else for (const name of Object.keys(init)) this.append(name, (init as Record<string, string>)[name] as string);
  }

  /**
   * From node's `rawHeaders` ([name, value, name, value, ...]): no validation, node's parser did it.
   *
   * @example
   * const headers = LightHeaders.fromRaw(['Host', 'example.test', 'Accept', '*\/*']);
   * headers.get('accept'); // '*\/*'
   */
  static fromRaw(raw: readonly string[]): Headers {
    const headers = new LightHeaders();
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
    return headers as unknown as Headers;
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const v = trimHttpWhitespace(String(value));
    if (key === 'set-cookie') (this.#cookies ??= []).push(v);
    const prev = this.#map.get(key);
    if (prev === undefined) this.#addName(key);
    // undici joins repeated Cookie headers as one cookie list (RFC 6265 5.4), others with a comma.
    this.#map.set(key, prev === undefined ? v : `${prev}${key === 'cookie' ? '; ' : ', '}${v}`);
  }

  /** Insert a new name in order (UTF-16 code unit order, as Array.prototype.sort's default). */
  #addName(key: string): void {
    if (this.#walking > 0) this.#names = this.#names.slice();
    const names = this.#names;
    let i = names.length;
    names.push(key);
    while (i > 0 && (names[i - 1] as string) > key) {
      names[i] = names[i - 1] as string;
      i--;
    }
    names[i] = key;
  }

  set(name: string, value: string): void {
    const key = name.toLowerCase();
    const v = trimHttpWhitespace(String(value));
    if (key === 'set-cookie') this.#cookies = [v];
    if (!this.#map.has(key)) this.#addName(key);
    this.#map.set(key, v);
  }

  delete(name: string): void {
    const key = name.toLowerCase();
    if (key === 'set-cookie') this.#cookies = undefined;
    if (!this.#map.delete(key)) return;
    if (this.#walking > 0) this.#names = this.#names.slice();
    this.#names.splice(this.#names.indexOf(key), 1);
  }

  get(name: string): string | null {
    return this.#map.get(lowerName(name)) ?? null;
  }

  has(name: string): boolean {
    return this.#map.has(lowerName(name));
  }

  getSetCookie(): string[] {
    return this.#cookies ? [...this.#cookies] : [];
  }

  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    // No generator here: the journal and the node adapter walk every request's and answer's
    // headers. The names as they are when the walk starts (a change meanwhile copies them first).
    const names = this.#names;
    this.#walking++;
    try {
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        if (name === 'set-cookie') for (const c of (this.#cookies ?? []).slice()) callback.call(thisArg, c, name, this as unknown as Headers);
        else {
          // A header deleted earlier in this walk is not visited (Fetch iterates the live list).
          const value = this.#map.get(name);
          if (value !== undefined) callback.call(thisArg, value, name, this as unknown as Headers);
        }
      }
    } finally {
      this.#walking--;
    }
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of this.#names.slice()) {
      if (name === 'set-cookie') for (const c of this.#cookies ?? []) yield [name, c];
      else yield [name, this.#map.get(name) as string];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}

/**
 * The names the core asks for (`get`, `has`), lower-cased once each: a few constants asked of every
 * request, each found here by the hash V8 keeps for a constant string instead of lower-cased
 * again. Bounded: past {@link LOWER_NAMES_KEPT} names, the rest are lower-cased each time.
 */
const lowerNames = new Map<string, string>();
const LOWER_NAMES_KEPT = 1024;

function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < LOWER_NAMES_KEPT) lowerNames.set(name, lower);
  }
  return lower;
}

/** Fetch's value normalisation: leading and trailing HTTP whitespace (tab, space, CR, LF) dropped. */
function trimHttpWhitespace(value: string): string {
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  if (first !== 0x20 && first !== 0x09 && first !== 0x0a && first !== 0x0d && last !== 0x20 && last !== 0x09 && last !== 0x0a && last !== 0x0d) return value;
  return value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
}

/**
 * The headers as node:http takes them (`res.writeHead(status, record)`), in Fetch's order.
 *
 * @example
 * res.writeHead(200, headersRecord(response.headers));
 */
export function headersRecord(headers: Headers): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') record[name] = value;
  });
  const cookies = headers.getSetCookie?.() ?? [];
  if (cookies.length) record['set-cookie'] = cookies;
  return record;
}
