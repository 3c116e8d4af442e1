import type { SeededRandom } from '../random/seeded-random.ts';
import type { WebCitation } from '../plugins/plugin-effects.ts';
import type { FunctionCallItem, OutputItem, ReasoningItem, UrlCitation } from './output-items.ts';
import type { ReplyPlan } from './reply-plan.ts';
import type { PlannedServerTool } from './server-tools.ts';
import type { Tokenizer } from './tokenizer.ts';

export interface BuiltOutput {
  output: OutputItem[];
  /** True when `max_output_tokens` cut the reply (spec 2.2 status `incomplete`). */
  truncated: boolean;
  outputTokens: number;
  reasoningTokens: number;
}

export interface BuildOutputOptions {
  tokenizer: Tokenizer;
  /** Seeds the item ids. */
  rng: SeededRandom;
  /** `max_output_tokens`; undefined or null means no budget. */
  maxOutputTokens?: number | null | undefined;
  /** Model id: picks the reasoning `format`. */
  modelId: string;
  /** web plugin sources, anchored as `url_citation` annotations on their `[title](url)` link in the final text. */
  citations?: readonly WebCitation[];
  /** Plugin rewrite of the final text (response-healing), applied after the budget cut. */
  transformOutputText?: ((text: string) => string) | undefined;
}

/** Id prefixes of server-tool items, as in the reference's examples (`ws_tmp_...`, `wf_tmp_...`). */
const SERVER_TOOL_ID_PREFIX: Record<PlannedServerTool['type'], string> = {
  web_search_call: 'ws',
  'gateway:web_search': 'ws',
  'gateway:web_fetch': 'wf',
  'gateway:datetime': 'dt',
};

/** Reference ReasoningFormat by model vendor. */
export function reasoningFormat(modelId: string): string {
  const vendor = modelId.split('/')[0] ?? '';
  if (vendor === 'openai') return 'openai-responses-v1';
  if (vendor === 'anthropic') return 'anthropic-claude-v1';
  if (vendor === 'google') return 'google-gemini-v1';
  if (vendor === 'x-ai') return 'xai-responses-v1';
  if (vendor === 'meta-llama') return 'meta-responses-v1';
  return 'unknown';
}

/** A `url_citation` for each source whose link survives in `text`, with the link's indices (UTF-16 code units). */
export function anchorAnnotations(text: string, citations: readonly WebCitation[]): UrlCitation[] {
  const out: UrlCitation[] = [];
  let from = 0;
  for (const c of citations) {
    const link = `[${c.title}](${c.url})`;
    const at = text.indexOf(link, from);
    if (at < 0) continue;
    out.push({ type: 'url_citation', url: c.url, title: c.title, start_index: at, end_index: at + link.length });
    from = at + link.length;
  }
  return out;
}

/**
 * Turn a plan into spec 2.3 output items under the output budget: reasoning spends the budget
 * first, then the message, then function calls. A text or reasoning that does not fit is cut on
 * a token boundary; a function call that does not fit is left out (a cut call would carry
 * invalid JSON). Output tokens count what the model generated, so they never exceed the budget.
 */
export function buildOutput(plan: ReplyPlan, options: BuildOutputOptions): BuiltOutput {
  const { tokenizer, rng } = options;
  const budget = options.maxOutputTokens ?? Number.POSITIVE_INFINITY;
  let spent = 0;
  let truncated = false;
  const output: OutputItem[] = [];
  const id = (prefix: string) => `${prefix}_${rng.alphanumeric(24)}`;

  /** Spend tokens on `text`, cutting it to what is left of the budget. */
  const fit = (text: string): string => {
    const tokens = tokenizer.count(text);
    if (spent + tokens <= budget) {
      spent += tokens;
      return text;
    }
    truncated = true;
    const cut = tokenizer.truncate(text, budget - spent);
    spent += tokenizer.count(cut);
    return cut;
  };

  if (plan.reasoning) {
    // reasoning.max_tokens bounds the reasoning itself (not an output cut: the item completes).
    const bounded = plan.reasoning.maxTokens !== undefined ? tokenizer.truncate(plan.reasoning.text, plan.reasoning.maxTokens) : plan.reasoning.text;
    const content = fit(bounded);
    const summary = !truncated && plan.reasoning.summary !== undefined ? fit(plan.reasoning.summary) : '';
    const item: ReasoningItem = {
      type: 'reasoning',
      id: id('rs'),
      status: truncated ? 'incomplete' : 'completed',
      format: reasoningFormat(options.modelId),
      signature: rng.alphanumeric(64),
      content: [{ type: 'reasoning_text', text: content }],
      summary: summary !== '' ? [{ type: 'summary_text', text: summary }] : [],
      ...(plan.reasoning.encryptedContent !== undefined ? { encrypted_content: plan.reasoning.encryptedContent } : {}),
    };
    // reasoning.exclude: the tokens are spent and billed, the item is not shown.
    if (!plan.reasoning.exclude) output.push(item);
  }
  const reasoningTokens = spent;

  // Server-tool calls the gateway ran (no output tokens: the gateway, not the model, produced them).
  for (const tool of plan.serverTools ?? []) {
    output.push({ ...tool, id: id(SERVER_TOOL_ID_PREFIX[tool.type]), status: 'completed' } as OutputItem);
  }

  const said = plan.text ?? plan.refusal;
  if (!truncated && said !== undefined) {
    if (spent >= budget && said !== '') truncated = true;
    else {
      const cut = fit(said);
      const messageId = id('msg');
      const status = truncated ? 'incomplete' : 'completed';
      if (plan.text !== undefined) {
        const text = options.transformOutputText ? options.transformOutputText(cut) : cut;
        const annotations = anchorAnnotations(text, options.citations ?? []);
        output.push({ type: 'message', id: messageId, role: 'assistant', status, content: [{ type: 'output_text', text, annotations, logprobs: [] }] });
      } else {
        output.push({ type: 'message', id: messageId, role: 'assistant', status, content: [{ type: 'refusal', refusal: cut }] });
      }
    }
  }

  for (const call of plan.calls ?? []) {
    if (truncated) break;
    const tokens = tokenizer.count(call.name) + tokenizer.count(call.arguments);
    if (spent + tokens > budget) {
      truncated = true;
      break;
    }
    spent += tokens;
    const item: FunctionCallItem = {
      type: 'function_call',
      id: id('fc'),
      call_id: `call_${rng.alphanumeric(24)}`,
      name: call.name,
      arguments: call.arguments,
      status: 'completed',
    };
    output.push(item);
  }

  return { output, truncated, outputTokens: spent, reasoningTokens };
}
