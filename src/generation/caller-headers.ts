/** What a generation record keeps of the caller's headers (reference `GenerationResponse`: `user_agent`, `http_referer`, `origin`). */
export interface CallerHeaders {
  readonly userAgent: string | null;
  readonly httpReferer: string | null;
  readonly origin: string | null;
}

/**
 * The caller's user agent, referer (`HTTP-Referer`, the gateway's app attribution header, else
 * `Referer`) and origin, as a generation record keeps them.
 *
 * @example
 * callerHeaders(new Headers({ referer: 'https://app.example' })).httpReferer; // 'https://app.example'
 */
export function callerHeaders(headers: Headers): CallerHeaders {
  return {
    userAgent: headers.get('user-agent'),
    httpReferer: headers.get('http-referer') ?? headers.get('referer'),
    origin: headers.get('origin'),
  };
}
