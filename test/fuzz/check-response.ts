import type { Clock } from '../../src/clock/clock.ts';
import { ErrorBodySchema } from '../../src/schemas/error-body.ts';
import { MessagesErrorBodySchema } from '../../src/schemas/messages-result.ts';

export interface ReadResult {
  readonly bytes: Uint8Array;
  /** The body stream failed while being read (after the status was sent). */
  readonly streamError?: unknown;
  /** The body stopped producing and never finished, even with the clock moved on. */
  readonly hung?: boolean;
}

const MAX_READ = 8 * 1024 * 1024;

/**
 * Read a whole body. A stream paced by a virtual clock only moves when the clock does, so when a
 * read is still pending after the event loop has drained, move the clock a second and retry.
 */
export async function readAll(response: Response, clock: Clock): Promise<ReadResult> {
  if (!response.body) return { bytes: new Uint8Array(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const advance = clock.kind === 'virtual' && 'advance' in clock ? (clock as { advance(ms: number): Promise<void> }).advance : undefined;
  try {
    for (;;) {
      let settled = false;
      const pending = reader.read().finally(() => {
        settled = true;
      });
      for (let spins = 0; !settled && spins < 400; spins++) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (!settled && advance && spins % 4 === 3) await advance(1_000);
      }
      if (!settled) {
        await reader.cancel().catch(() => undefined);
        return { bytes: concat(chunks, total), hung: true };
      }
      const { done, value } = await pending;
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
      if (total > MAX_READ) {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
  } catch (streamError) {
    return { bytes: concat(chunks, total), streamError };
  }
  return { bytes: concat(chunks, total) };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The paths whose errors take Anthropic's shape (reference AnthropicMessagesErrorResponse) instead of spec 7's: `/messages` and every path under it, any method. */
const ANTHROPIC_SHAPED = /^\/api\/v1\/messages(\/|$)/;

/** The path the gateway routes: dot segments resolved as URL parsing does (`/messages/.` is `/messages/`), no query. */
function routedPath(pathAndQuery: string): string {
  try {
    return new URL(pathAndQuery, 'http://gateway.test').pathname;
  } catch {
    return pathAndQuery;
  }
}

/**
 * The oracle of spec 7 for one answer: a non-2xx body is the error envelope with `error.code`
 * equal to the status (on `/messages` and under it, Anthropic's error shape). Returns the problems found
 * (empty: fine).
 */
export function envelopeProblems(status: number, bytes: Uint8Array, method: string, pathAndQuery = ''): string[] {
  if (status < 300 || status === 304) return [];
  if (method.toUpperCase() === 'HEAD' && bytes.byteLength === 0) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return [`status ${status}: body is not JSON: ${new TextDecoder().decode(bytes.slice(0, 200))}`];
  }
  if (ANTHROPIC_SHAPED.test(routedPath(pathAndQuery))) {
    if (MessagesErrorBodySchema.safeParse(parsed).success) return [];
    // A request the HTTP parser refuses is answered before any route is known: spec 7's envelope.
    const early = ErrorBodySchema.safeParse(parsed);
    if (early.success && early.data.error.message.startsWith('Malformed HTTP request')) return [];
    return [`status ${status}: body is not Anthropic's error shape: ${JSON.stringify(parsed).slice(0, 200)}`];
  }
  const result = ErrorBodySchema.safeParse(parsed);
  if (!result.success) return [`status ${status}: body is not the spec 7 envelope: ${JSON.stringify(parsed).slice(0, 200)}`];
  if (result.data.error.code !== status) return [`status ${status}: error.code is ${result.data.error.code}`];
  return [];
}
