import { webSearch } from '../plugins/web-search.ts';
import type { WebCitation } from '../plugins/plugin-effects.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';

/** OpenAI-style hosted web search tool kinds (spec 2.4.1 "web-search variants"). */
export const OPENAI_WEB_SEARCH_TOOLS = ['web_search', 'web_search_preview', 'web_search_preview_2025_03_11', 'web_search_2025_08_26'] as const;

/** A server-tool call the gateway ran for the model, before ids are assigned. */
export type PlannedServerTool =
  | { type: 'web_search_call' | 'gateway:web_search'; action: { type: 'search'; query: string; sources: Array<{ type: 'url'; url: string }> } }
  | { type: 'gateway:datetime'; datetime: string; timezone: string };

/** What the server tools contribute to an answer. */
export interface ServerToolRun {
  calls: PlannedServerTool[];
  /** Pages found by web search: cited in the reply text as `url_citation` annotations. */
  citations: WebCitation[];
  /** Sentences the model "read" (search results, the date), for the reply text. */
  context: string[];
}

function toolTypes(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t) => (typeof t === 'object' && t !== null && typeof (t as { type?: unknown }).type === 'string' ? [(t as { type: string }).type] : []));
}

/**
 * The server tools (spec 2.4.1: OpenAI-style `web_search*` and the gateway's `gateway:web_search`,
 * `gateway:datetime`) the simulated model calls for a request, with their results, deterministic
 * from the fixtures: web search ranks the fixture corpus for the prompt (the web plugin's search),
 * datetime reads the gateway clock. Each requested tool is called once, in `tools` order, at most
 * `max_tool_calls` (default 30) calls in all; `tool_choice: "none"` calls none.
 *
 * @example
 * serverTools({ tools: [{ type: 'gateway:datetime' }] }, 'What day is it?', 0).calls;
 * // [{ type: 'gateway:datetime', datetime: '1970-01-01T00:00:00.000Z', timezone: 'UTC' }]
 */
export function serverTools(request: Pick<ResponsesRequest, 'tools' | 'max_tool_calls' | 'tool_choice'>, prompt: string, nowMs: number): ServerToolRun {
  const run: ServerToolRun = { calls: [], citations: [], context: [] };
  if (request.tool_choice === 'none') return run;
  const limit = request.max_tool_calls ?? 30;
  for (const type of toolTypes(request.tools)) {
    if (run.calls.length >= limit) break;
    if ((OPENAI_WEB_SEARCH_TOOLS as readonly string[]).includes(type) || type === 'gateway:web_search') {
      const found = webSearch({ id: 'web', index: -1, config: { id: 'web', max_results: 3 } }, prompt);
      run.calls.push({
        type: type === 'gateway:web_search' ? 'gateway:web_search' : 'web_search_call',
        action: { type: 'search', query: prompt.slice(0, 200), sources: found.citations.map((c) => ({ type: 'url', url: c.url })) },
      });
      run.citations.push(...found.citations.filter((c) => !run.citations.some((x) => x.url === c.url)));
      run.context.push(...found.context);
    } else if (type === 'gateway:datetime') {
      const datetime = new Date(nowMs).toISOString();
      run.calls.push({ type: 'gateway:datetime', datetime, timezone: 'UTC' });
      run.context.push(`The current date and time is ${datetime} (UTC).`);
    }
  }
  return run;
}
