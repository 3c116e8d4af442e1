/**
 * A tiny app that summarises text with the Gateway API's POST /responses using plain `fetch`,
 * and handles its errors the way a production client should: retry what the spec 7 table marks
 * as transient (honouring Retry-After), fail fast on the rest with the gateway's own message.
 */

/** Statuses worth retrying: time-outs, rate limits and upstream/provider trouble (spec 7). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 524, 529]);

export interface SummarizerOptions {
  /** e.g. http://127.0.0.1:8080/api/v1 */
  baseUrl: string;
  apiKey: string;
  /** Default `openai/gpt-4o-mini`. */
  model?: string;
  /** Attempts per summary, the first included. Default 3. */
  maxAttempts?: number;
  /** Injected for tests; default the global fetch. */
  fetch?: typeof fetch;
  /** How to wait between attempts; tests move a virtual clock instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

export interface Summary {
  text: string;
  attempts: number;
  outputTokens: number;
}

/** A failure the caller should show: the gateway's status and message (spec 7 envelope). */
export class SummarizerError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'SummarizerError';
  }

  get retryable(): boolean {
    return RETRYABLE_STATUSES.has(this.status);
  }
}

/** Retry-After in seconds (the gateway's form), else exponential backoff from 500 ms. */
export function retryDelayMs(response: Response, attempt: number): number {
  const header = Number(response.headers.get('retry-after'));
  return Number.isFinite(header) && header > 0 ? header * 1000 : 500 * 2 ** (attempt - 1);
}

type ResponsesResult = { output?: Array<{ type: string; content?: Array<{ type: string; text?: string }> }>; usage?: { output_tokens?: number } };

function outputText(result: ResponsesResult): string {
  return (result.output ?? [])
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content ?? [])
    .map((part) => (part.type === 'output_text' ? (part.text ?? '') : ''))
    .join('');
}

async function errorMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
  return body?.error?.message ?? `HTTP ${response.status}`;
}

/**
 * @example
 * const summarizer = createSummarizer({ baseUrl: 'http://127.0.0.1:8080/api/v1', apiKey: 'sk-gw-test' });
 * const { text } = await summarizer.summarize('A long article ...');
 */
export function createSummarizer(options: SummarizerOptions) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxAttempts = options.maxAttempts ?? 3;

  return {
    async summarize(text: string, { maxWords = 40 }: { maxWords?: number } = {}): Promise<Summary> {
      const body = JSON.stringify({
        model: options.model ?? 'openai/gpt-4o-mini',
        instructions: `Summarise the user's text in at most ${maxWords} words.`,
        input: text,
      });
      for (let attempt = 1; ; attempt++) {
        const response = await doFetch(`${options.baseUrl}/responses`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
          body,
        });
        if (response.ok) {
          const result = (await response.json()) as ResponsesResult;
          return { text: outputText(result), attempts: attempt, outputTokens: result.usage?.output_tokens ?? 0 };
        }
        if (!RETRYABLE_STATUSES.has(response.status) || attempt >= maxAttempts) {
          throw new SummarizerError(response.status, await errorMessage(response), attempt);
        }
        // Drain the error body so the connection can be reused. (Not `body.cancel()`: under msw 2
        // interception that promise never settles.)
        await response.arrayBuffer().catch(() => undefined);
        await sleep(retryDelayMs(response, attempt));
      }
    },
  };
}
