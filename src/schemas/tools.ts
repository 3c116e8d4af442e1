import { z } from 'zod';
import { otherKindSchema } from './other-kind.ts';
import { WebFetchToolParametersSchema } from './plugins.ts';

/**
 * spec 2.4.1: names of the gateway-provided server tools; their type strings are
 * `gateway:<name>` (reference `openrouter:<name>`). Listed for consumers; any `gateway:*` type is
 * accepted by the schema, since tool shapes other than the function tool are not shown.
 */
export const GATEWAY_SERVER_TOOL_NAMES = [
  'advisor',
  'subagent',
  'datetime',
  'files',
  'fusion',
  'image_generation',
  'search_models',
  'web_fetch',
  'web_search',
  'apply_patch',
  'bash',
  'shell',
] as const;

/**
 * spec 2.4.1 function tool: `type` = `function`, `name`, `description`, `parameters` (a JSON
 * schema object). `strict` and `defer_loading` come from the reference.
 */
export const FunctionToolSchema = z.looseObject({
  type: z.literal('function'),
  name: z.string().min(1, { error: 'must be a non-empty string' }),
  description: z.string().nullable().optional(),
  parameters: z.record(z.string(), z.unknown()).nullable().optional(),
  strict: z.boolean().nullable().optional(),
  defer_loading: z.boolean().optional(),
});
export type FunctionTool = z.infer<typeof FunctionToolSchema>;

/**
 * The `gateway:web_fetch` server tool (spec 2.4.1; reference `WebFetchServerTool`): optional
 * `parameters` with the web-fetch plugin's settings (`allowed_domains`, `blocked_domains`,
 * `max_content_tokens`, `max_uses`) and `engine`, checked like the plugin's.
 *
 * @example
 * WebFetchToolSchema.parse({ type: 'gateway:web_fetch', parameters: { max_uses: 3, blocked_domains: ['example.org'] } });
 */
export const WebFetchToolSchema = z.looseObject({
  type: z.literal('gateway:web_fetch'),
  parameters: WebFetchToolParametersSchema.optional(),
});
export type WebFetchTool = z.infer<typeof WebFetchToolSchema>;

/** Any other tool kind (web search, MCP, `gateway:datetime`, ...): field shapes not shown (spec 2.4.1). */
export const OtherToolSchema = otherKindSchema('type', ['function', 'gateway:web_fetch']);
export type OtherTool = z.infer<typeof OtherToolSchema>;

/**
 * One `tools` item: a checked function tool, or another kind accepted by its `type`.
 *
 * @example
 * ToolSchema.parse({ type: 'function', name: 'get_weather', parameters: { type: 'object' } });
 * ToolSchema.parse({ type: 'gateway:web_search' });
 */
export const ToolSchema = z.union([FunctionToolSchema, WebFetchToolSchema, OtherToolSchema]);
export type Tool = z.infer<typeof ToolSchema>;

/**
 * True for a function tool (narrows the union).
 *
 * @example
 * request.tools?.filter(isFunctionTool).map((t) => t.name);
 */
export function isFunctionTool(tool: Tool): tool is FunctionTool {
  return tool.type === 'function';
}
