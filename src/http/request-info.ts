/** What the runtime that calls the dispatcher knows of a request beyond the Fetch Request itself. */
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
}
