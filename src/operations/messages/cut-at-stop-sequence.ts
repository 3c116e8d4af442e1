import type { OutputItem, ResponseResult, ResponseUsage } from '../../generation/output-items.ts';

export interface StopCutOptions {
  /** The tokenizer's count: what the removed text and calls no longer cost. */
  countTokens: (text: string) => number;
  /** The cost members for the usage left (the serving endpoint's prices); absent keeps the cost members as they are. */
  reprice?: ((usage: ResponseUsage) => Pick<ResponseUsage, 'cost' | 'is_byok' | 'cost_details'>) | undefined;
}

export interface StopCut {
  result: ResponseResult;
  /** The stop sequence that ended the reply; undefined when none occurs. */
  stopSequence?: string;
}

/** The earliest occurrence of any stop sequence in `text` (the longest one on a tie). */
function firstStop(text: string, stops: readonly string[]): { at: number; stop: string } | undefined {
  let best: { at: number; stop: string } | undefined;
  for (const stop of stops) {
    const at = text.indexOf(stop);
    if (at < 0) continue;
    if (!best || at < best.at || (at === best.at && stop.length > best.stop.length)) best = { at, stop };
  }
  return best;
}

/** Output tokens an item carried (as `buildOutput` counts them). */
function itemTokens(item: OutputItem, count: (text: string) => number): number {
  if (item.type === 'message') return item.content.reduce((n, p) => n + count(p.type === 'output_text' ? p.text : p.refusal), 0);
  if (item.type === 'function_call') return count(item.name) + count(item.arguments);
  if (item.type === 'reasoning') return count(item.content.map((p) => p.text).join(''));
  return 0;
}

/**
 * `stop_sequences` applied to a canonical result, as a model stops: the reply's text ends just
 * before the first stop sequence it contains (the sequence itself is not returned), and nothing
 * after it is generated (later text parts and tool calls go). Output tokens, the total and the
 * cost drop by what was removed; a reply the budget had cut is complete once a stop sequence
 * ends it earlier. Only answer text is searched, never reasoning (Anthropic's rule).
 *
 * @example
 * cutAtStopSequence(result, ['\n\n'], { countTokens }).stopSequence; // '\n\n' when the text has a blank line
 */
export function cutAtStopSequence(result: ResponseResult, stops: readonly string[], options: StopCutOptions): StopCut {
  if (stops.length === 0) return { result };
  const output: OutputItem[] = [];
  let removed = 0;
  let found: string | undefined;
  for (const item of result.output) {
    if (found !== undefined) {
      removed += itemTokens(item, options.countTokens);
      continue;
    }
    if (item.type !== 'message') {
      output.push(item);
      continue;
    }
    const content: typeof item.content = [];
    for (const part of item.content) {
      if (found !== undefined) {
        removed += options.countTokens(part.type === 'output_text' ? part.text : part.refusal);
        continue;
      }
      const hit = part.type === 'output_text' ? firstStop(part.text, stops) : undefined;
      if (part.type !== 'output_text' || !hit) {
        content.push(part);
        continue;
      }
      const kept = part.text.slice(0, hit.at);
      removed += Math.max(0, options.countTokens(part.text) - options.countTokens(kept));
      content.push({ ...part, text: kept, annotations: part.annotations.filter((a) => a.end_index <= hit.at) });
      found = hit.stop;
    }
    output.push(found !== undefined ? { ...item, status: 'completed', content } : item);
  }
  if (found === undefined) return { result };
  const usage = result.usage ? cutUsage(result.usage, removed, options) : null;
  return { result: { ...result, status: 'completed', incomplete_details: null, output, usage }, stopSequence: found };
}

function cutUsage(usage: ResponseUsage, removed: number, options: StopCutOptions): ResponseUsage {
  const outputTokens = Math.max(usage.output_tokens_details.reasoning_tokens, usage.output_tokens - removed);
  const cut: ResponseUsage = { ...usage, output_tokens: outputTokens, total_tokens: usage.input_tokens + outputTokens };
  return options.reprice ? { ...cut, ...options.reprice(cut) } : cut;
}
