import type { Judgement } from '../../check.ts';
import { exchangeJson, type Exchange } from '../../client/exchange.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** reference `ToolCallStatus`. */
const TOOL_CALL_STATUSES = ['in_progress', 'completed', 'incomplete'];

/** The server tools this oracle knows the item shape of (reference `OutputDatetimeItem`, `OutputWebFetchServerToolItem`). */
export type JudgedServerTool = 'gateway:datetime' | 'gateway:web_fetch';

/** Problems of one server-tool item against its reference shape. */
function itemProblems(item: Json, i: number): string[] {
  const at = `output[${i}] (${String(item.type)})`;
  const problems: string[] = [];
  if (typeof item.id !== 'string' || item.id === '') problems.push(`${at}: id must be a non-empty string`);
  if (!TOOL_CALL_STATUSES.includes(item.status as string))
    problems.push(`${at}: status must be one of ${TOOL_CALL_STATUSES.join(', ')}, was ${JSON.stringify(item.status)}`);
  if (item.type === 'gateway:datetime' && (typeof item.datetime !== 'string' || Number.isNaN(Date.parse(item.datetime))))
    problems.push(`${at}: datetime must be an ISO 8601 date-time, was ${JSON.stringify(item.datetime)}`);
  if (item.type === 'gateway:web_fetch') {
    if (typeof item.url !== 'string' || !URL.canParse(item.url)) problems.push(`${at}: url must be the fetched URL, was ${JSON.stringify(item.url)}`);
    const fetched = typeof item.content === 'string' || typeof item.title === 'string';
    if (!fetched && typeof item.error !== 'string') problems.push(`${at}: a fetch item carries the page (content, title) or an error string`);
    if (item.httpStatus !== undefined && !Number.isInteger(item.httpStatus))
      problems.push(`${at}: httpStatus must be an integer, was ${JSON.stringify(item.httpStatus)}`);
  }
  return problems;
}

/** The problems of a server-tool answer, by the catalogue rule each breaks. */
export interface ServerToolProblems {
  /** reference (`result.server-tool-items`): the request is served and every server-tool item has its shape. */
  readonly items: readonly string[];
  /** inferred (`result.server-tool-called`): the required tool was called. */
  readonly called: readonly string[];
}

/**
 * spec 2.4.1 with the reference's server-tool items: a request whose only tool is `tool`, with
 * `tool_choice: "required"`, is answered with that tool's item (inferred: a required tool is
 * called), and every `gateway:datetime` / `gateway:web_fetch` item has its reference shape. The
 * problems come apart by rule, so a failure of the inferred rule alone is advice.
 *
 * @example
 * serverToolProblems(exchange, 'gateway:datetime'); // { items: [], called: [] } for a well-formed datetime item
 */
export function serverToolProblems(answer: Answer, tool: JudgedServerTool): ServerToolProblems | Exclude<Judgement, readonly string[]> {
  if (answer.status < 200 || answer.status >= 300)
    return { items: [`a request with the ${tool} server tool must be served, got HTTP ${answer.status}: ${answer.text.slice(0, 160)}`], called: [] };
  const result = exchangeJson(answer);
  if (!isObject(result) || result.object !== 'response' || !Array.isArray(result.output))
    return { inconclusive: 'the answer is not a Responses result', owner: 'result.shape' };
  const output = result.output as unknown[];
  const items: string[] = [];
  output.forEach((item, i) => {
    if (isObject(item) && (item.type === 'gateway:datetime' || item.type === 'gateway:web_fetch')) items.push(...itemProblems(item, i));
  });
  const called = output.some((item) => isObject(item) && item.type === tool)
    ? []
    : [
        `tool_choice "required" with only the ${tool} tool: the output has no ${tool} item (types: ${output.map((i) => (isObject(i) ? String(i.type) : '?')).join(', ')})`,
      ];
  return { items, called };
}
