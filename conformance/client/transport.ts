/** The Fetch API's `fetch`, or anything shaped like it (`gateway.fetch`, a recording wrapper). */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** One request as the client hands it to a transport: the headers already merged and checked. */
export interface TransportRequest {
  readonly method: string;
  /** `Headers`, or a record of lower-case names (what the client sends: no Fetch `Headers` to build per request). */
  readonly headers: Headers | Readonly<Record<string, string>>;
  readonly body: string | Uint8Array | undefined;
  /** Aborted at the client's deadline: the request, or the body still being read, stops. */
  readonly signal: AbortSignal;
}

/** The answer as the network delivered it: header names lower-cased, the body as its reads returned it. */
export interface TransportResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Undefined when the answer has no body; iterating throws when the body breaks off. */
  readonly body: AsyncIterable<Uint8Array> | undefined;
}

/**
 * How the client reaches the network. A failure before the answer rejects with an error whose
 * `cause` carries the system `code` (ECONNREFUSED...), as fetch's "fetch failed" does, so the
 * client words it the same whichever transport ran.
 */
export type Transport = (url: string, request: TransportRequest) => Promise<TransportResponse>;
