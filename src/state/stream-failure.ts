/** How a streamed answer that began with a 2xx status failed after its headers. */
export interface StreamFailure {
  /** The status the failure stands for: the error's own numeric code, else 502 (spec 7: provider or upstream failure). */
  status: number;
  /** The error's message, when the event carried one. */
  message?: string;
}

// A chat completion chunk reports its failure with `finish_reason: "error"` and an `error` member.
const ERROR_TYPE = /"type"\s*:\s*"(?:error|response\.failed)"|"finish_reason"\s*:\s*"error"|^event:\s*error\s*$/m;

/**
 * Whether the last events of a stream report a failure: an `error` event, a `response.failed`
 * terminal event (spec 6), an `event: error` frame, or a chat chunk with `finish_reason: "error"`. A stream's status line is sent before its
 * body, so a 200 can end in an error; the journal and the inspector show it as failed.
 *
 * @example
 * streamFailure('data: {"type":"error","code":"server_error","message":"boom"}\n\n'); // { status: 502, message: 'boom' }
 */
export function streamFailure(tail: string): StreamFailure | undefined {
  if (!ERROR_TYPE.test(tail)) return undefined;
  let failure: StreamFailure = { status: 502 };
  for (const block of tail.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data.startsWith('{')) continue;
    let payload: {
      type?: unknown;
      code?: unknown;
      message?: unknown;
      error?: { code?: unknown; message?: unknown };
      response?: { error?: { code?: unknown; message?: unknown } };
    };
    try {
      payload = JSON.parse(data) as typeof payload;
    } catch {
      continue;
    }
    const error =
      payload.type === 'error' ? (payload.error ?? payload) : (payload.error ?? (payload.type === 'response.failed' ? payload.response?.error : undefined));
    if (!error) continue;
    const code = Number(error.code);
    failure = {
      status: Number.isInteger(code) && code >= 500 && code <= 599 ? code : failure.status,
      ...(typeof error.message === 'string' ? { message: error.message.slice(0, 1024) } : failure.message !== undefined ? { message: failure.message } : {}),
    };
    // The first error found names the failure; a later response.failed repeats it.
    if (failure.message !== undefined) break;
  }
  return failure;
}
