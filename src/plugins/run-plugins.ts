import { GatewayError } from '../errors/gateway-error.ts';
import { readInput, type InputView } from '../request/read-input.ts';
import { wantsJson } from '../request/read-options.ts';
import type { CountTokens } from '../request/prompt-tokens.ts';
import type { Plugin, PluginEntry, PluginId } from '../schemas/plugins.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { contextCompression } from './context-compression.ts';
import { fileParser } from './file-parser.ts';
import { moderate } from './moderation.ts';
import type { PipelineStage } from './pipeline-stage.ts';
import type { PluginEffects } from './plugin-effects.ts';
import { responseHealing } from './response-healing.ts';
import { webFetch } from './web-fetch.ts';
import { webSearch } from './web-search.ts';

/** The enabled entry of plugin `id`, typed by its schema. */
export function pluginEntry<I extends PluginId>(plugins: readonly PluginEntry[], id: I): PluginEntry<Extract<Plugin, { id: I }>> | undefined {
  return plugins.find((p) => p.id === id) as PluginEntry<Extract<Plugin, { id: I }>> | undefined;
}

/** What the request plugins did before routing: their stages, the context they read, or the block. */
export interface RequestPluginsOutcome {
  stages: PipelineStage[];
  context: string[];
  /** moderation flagged the input: the request ends here with this 403 (spec 2.5, 7). */
  blocked?: GatewayError;
}

/**
 * The plugins that act on the request before a model is chosen (spec 2.5): moderation (a
 * guardrail: it runs before anything reaches a provider and may block with 403), then
 * file-parser (each `input_file` becomes context). `requested` names the model in the block;
 * `input` is the request's input as read once (read here when not given).
 *
 * @example
 * const r = requestPlugins(enabledPlugins(request.plugins), request, 'openai/gpt-5-mini');
 * if (r.blocked) return r.blocked;
 */
export function requestPlugins(
  plugins: readonly PluginEntry[],
  request: ResponsesRequest,
  requested: string,
  input: Pick<InputView, 'texts' | 'files'> = readInput(request),
): RequestPluginsOutcome {
  const stages: PipelineStage[] = [];
  const context: string[] = [];
  if (pluginEntry(plugins, 'moderation')) {
    const result = moderate(input.texts);
    stages.push(result.stage);
    if (result.flagged) {
      const blocked = new GatewayError(403, `Input was flagged by moderation for ${result.flagged.reasons.join(', ')}`, {
        metadata: {
          reasons: result.flagged.reasons,
          flagged_input: result.flagged.flagged_input,
          provider_name: 'Gatewaykit Moderation',
          model_slug: requested,
          patterns: result.flagged.patterns,
        },
      });
      return { stages, context, blocked };
    }
  }
  const files = pluginEntry(plugins, 'file-parser');
  if (files) {
    const parsed = fileParser(files, input.files);
    stages.push(parsed.stage);
    context.push(...parsed.context);
  }
  return { stages, context };
}

/**
 * The plugins that shape the answer once the endpoint is chosen (spec 2.5), in this order:
 * context-compression (against the endpoint's context length), web, web-fetch, response-healing.
 * Returns their stages and the effects generation applies; `context` carries what the request
 * plugins already read.
 *
 * @example
 * const { stages, effects } = answerPlugins(plugins, request, { context: [], promptTokens: 12, contextLength: 128000, countTokens });
 */
export function answerPlugins(
  plugins: readonly PluginEntry[],
  request: ResponsesRequest,
  args: {
    context: readonly string[];
    promptTokens: number;
    contextLength: number;
    countTokens: CountTokens;
    panel?: PluginEffects['panel'];
    /** The request's input as read once (read here when not given). */
    input?: Pick<InputView, 'texts' | 'lastUserText'>;
  },
): { stages: PipelineStage[]; effects: PluginEffects } {
  const stages: PipelineStage[] = [];
  const context = [...args.context];
  const effects: PluginEffects = { context, citations: [] };
  if (args.panel) effects.panel = args.panel;
  let read = args.input;
  const input = () => (read ??= readInput(request));
  const compression = pluginEntry(plugins, 'context-compression');
  if (compression) {
    const instructions = request.instructions;
    const r = contextCompression(
      compression,
      request,
      args.promptTokens,
      args.contextLength,
      typeof instructions === 'string' ? args.countTokens(instructions) : 0,
      args.countTokens,
    );
    stages.push(r.stage);
    if (r.input !== undefined) effects.input = r.input;
  }
  const web = pluginEntry(plugins, 'web');
  if (web) {
    const r = webSearch(web, input().lastUserText);
    stages.push(r.stage);
    context.push(...r.context);
    // A Sources line would break a JSON answer.
    if (!wantsJson(request)) effects.citations = r.citations;
  }
  const fetchEntry = pluginEntry(plugins, 'web-fetch');
  if (fetchEntry) {
    const r = webFetch(fetchEntry, input().texts);
    stages.push(r.stage);
    context.push(...r.context);
  }
  if (pluginEntry(plugins, 'response-healing')) {
    const r = responseHealing(request);
    stages.push(r.stage);
    if (r.transformOutputText) effects.transformOutputText = r.transformOutputText;
  }
  return { stages, effects };
}
