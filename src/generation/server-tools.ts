import { urlsIn, webFetch, type FetchOutcome } from '../plugins/web-fetch.ts';
import { webSearch } from '../plugins/web-search.ts';
import type { WebCitation } from '../plugins/plugin-effects.ts';
import type { WebFetchToolParameters } from '../schemas/plugins.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';

/** OpenAI-style hosted web search tool kinds (spec 2.4.1 "web-search variants"). */
export const OPENAI_WEB_SEARCH_TOOLS = ['web_search', 'web_search_preview', 'web_search_preview_2025_03_11', 'web_search_2025_08_26'] as const;

/** A server-tool call the gateway ran for the model, before ids are assigned. */
export type PlannedServerTool =
  | { type: 'web_search_call' | 'gateway:web_search'; action: { type: 'search'; query: string; sources: Array<{ type: 'url'; url: string }> } }
  | { type: 'gateway:datetime'; datetime: string; timezone: string }
  | PlannedWebFetch;

/**
 * One `gateway:web_fetch` call (reference `OutputWebFetchServerToolItem`): the page's `title`,
 * `httpStatus` and `content` when it was read, else `error` (`<error_code>: <reason>`).
 */
export type PlannedWebFetch =
  { type: 'gateway:web_fetch'; url: string; title: string; httpStatus: number; content: string } | { type: 'gateway:web_fetch'; url: string; error: string };

/** What the server tools contribute to an answer. */
export type ServerToolRun = {
  calls: PlannedServerTool[];
  /** Pages found by web search or read by web fetch: cited in the reply text as `url_citation` annotations. */
  citations: WebCitation[];
  /** Sentences the model "read" (search results, fetched pages, the date), for the reply text. */
  context: string[];
};

function isTyped(t: unknown): t is { type: string; parameters?: unknown } {
  return typeof t === 'object' && t !== null && typeof (t as { type?: unknown }).type === 'string';
}

/** A fetch as the tool reports it: the page read, or the error in the reference's vocabulary. */
function fetchItem(f: FetchOutcome): PlannedWebFetch {
  if (f.status === 'ok') return { type: 'gateway:web_fetch', url: f.url, title: f.title ?? f.url, httpStatus: 200, content: f.text ?? '' };
  return { type: 'gateway:web_fetch', url: f.url, error: `${f.code ?? 'unavailable'}: ${f.error ?? 'fetch failed'}` };
}

/**
 * The server tools (spec 2.4.1: OpenAI-style `web_search*` and the gateway's `gateway:web_search`,
 * `gateway:web_fetch`, `gateway:datetime`) the simulated model calls for a request, with their
 * results, deterministic from the fixtures: web search ranks the fixture corpus for the prompt
 * (the web plugin's search); web fetch reads each URL of the prompt as the web-fetch plugin does
 * (its pages, errors and `parameters`), one call per URL and none without a URL; datetime reads
 * the gateway clock. Each requested tool runs once, in `tools` order, at most `max_tool_calls`
 * (default 30) calls in all; `tool_choice: "none"` calls none.
 *
 * @example
 * serverTools({ tools: [{ type: 'gateway:datetime' }] }, 'What day is it?', 0).calls;
 * // [{ type: 'gateway:datetime', datetime: '1970-01-01T00:00:00.000Z', timezone: 'UTC' }]
 */
export function serverTools(request: Pick<ResponsesRequest, 'tools' | 'max_tool_calls' | 'tool_choice'>, prompt: string, nowMs: number): ServerToolRun {
  const run: ServerToolRun = { calls: [], citations: [], context: [] };
  if (request.tool_choice === 'none') return run;
  const limit = request.max_tool_calls ?? 30;
  const cite = (found: readonly WebCitation[]) => run.citations.push(...found.filter((c) => !run.citations.some((x) => x.url === c.url)));
  let fetched = false;
  for (const tool of Array.isArray(request.tools) ? request.tools : []) {
    if (!isTyped(tool)) continue;
    const type: string = tool.type;
    if (run.calls.length >= limit) break;
    if ((OPENAI_WEB_SEARCH_TOOLS as readonly string[]).includes(type) || type === 'gateway:web_search') {
      const found = webSearch({ id: 'web', index: -1, config: { id: 'web', max_results: 3 } }, prompt);
      run.calls.push({
        type: type === 'gateway:web_search' ? 'gateway:web_search' : 'web_search_call',
        action: { type: 'search', query: prompt.slice(0, 200), sources: found.citations.map((c) => ({ type: 'url', url: c.url })) },
      });
      cite(found.citations);
      run.context.push(...found.context);
    } else if (type === 'gateway:web_fetch' && !fetched) {
      // The same fetcher as the web-fetch plugin, so the tool and the plugin read the same pages.
      fetched = true;
      const parameters = (tool.parameters ?? {}) as WebFetchToolParameters;
      // One call per URL, as many as max_tool_calls leaves room for.
      const urls = urlsIn([prompt]).slice(0, limit - run.calls.length);
      const { fetches, context } = webFetch({ id: 'web-fetch', index: -1, config: { ...parameters, id: 'web-fetch' } }, urls);
      run.calls.push(...fetches.map(fetchItem));
      cite(fetches.flatMap((f) => (f.status === 'ok' ? [{ url: f.url, title: f.title ?? f.url }] : [])));
      run.context.push(...context);
    } else if (type === 'gateway:datetime') {
      const datetime = new Date(nowMs).toISOString();
      run.calls.push({ type: 'gateway:datetime', datetime, timezone: 'UTC' });
      run.context.push(`The current date and time is ${datetime} (UTC).`);
    }
  }
  return run;
}

/** reference `ServerToolUseDetails`: what the server tools of an answer did. */
export type ServerToolUseDetails = {
  /** Gateway-run (`gateway:*`) tool calls the model made. */
  tool_calls_requested: number;
  /** Of those, the calls that ran and produced a result (a fetch error is requested, not executed). */
  tool_calls_executed: number;
  /** Web searches, gateway-run or provider-native (`web_search_call`). */
  web_search_requests: number;
};

/**
 * Usage of the server tools (reference `Usage.server_tool_use_details`), or undefined when none ran.
 * Provider-native web search counts only in `web_search_requests`, as the reference says.
 *
 * @example
 * serverToolUse([{ type: 'gateway:web_fetch', url: 'https://x.invalid/', error: 'url_not_accessible: ...' }]);
 * // { tool_calls_requested: 1, tool_calls_executed: 0, web_search_requests: 0 }
 */
export function serverToolUse(calls: readonly PlannedServerTool[]): ServerToolUseDetails | undefined {
  if (calls.length === 0) return undefined;
  const gateway = calls.filter((c) => c.type !== 'web_search_call');
  return {
    tool_calls_requested: gateway.length,
    tool_calls_executed: gateway.filter((c) => !('error' in c)).length,
    web_search_requests: calls.filter((c) => c.type === 'web_search_call' || c.type === 'gateway:web_search').length,
  };
}
