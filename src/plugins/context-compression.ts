import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { approxTokens, type CountTokens } from '../request/prompt-tokens.ts';
import { itemText } from '../request/read-input.ts';
import type { PipelineStage } from './pipeline-stage.ts';
import type { ContextCompressionPlugin, PluginEntry } from '../schemas/plugins.ts';

export interface CompressionResult {
  stage: PipelineStage;
  /** The compressed input, when compression was needed. */
  input?: ResponsesRequest['input'];
}

const ELISION = '\n…[middle of the context removed by middle-out compression]…\n';

function itemTokens(item: unknown, count: CountTokens): number {
  return count(itemText(item)) + 1;
}

/**
 * middle-out: keep the start and the end of the context, drop what is in the middle until the
 * input fits `maxTokens` (approx. 4 characters a token). An item list loses whole middle items
 * (the first and the last stay); a single string keeps its head and tail halves.
 *
 * @example
 * middleOut('x'.repeat(40_000), 1_000); // about 4,000 characters: head … tail
 */
export function middleOut(
  input: ResponsesRequest['input'],
  maxTokens: number,
  otherTokens = 0,
  count: CountTokens = approxTokens,
): { input: ResponsesRequest['input']; removedItems: number } {
  const budget = Math.max(1, maxTokens - otherTokens);
  if (typeof input === 'string') {
    if (count(input) <= budget) return { input, removedItems: 0 };
    // Start from ~4 characters a token, then shrink until the real count fits (dense scripts
    // such as CJK run closer to one character a token).
    let keep = Math.max(0, budget * 4 - ELISION.length);
    for (;;) {
      const head = Math.ceil(keep / 2);
      const out = input.slice(0, head) + ELISION + input.slice(input.length - (keep - head));
      if (keep === 0 || count(out) <= budget) return { input: out, removedItems: 0 };
      keep = Math.floor(keep * 0.9);
    }
  }
  const items = Array.isArray(input) ? [...input] : [];
  let total = items.reduce<number>((n, it) => n + itemTokens(it, count), 0);
  let removed = 0;
  while (total > budget && items.length > 2) {
    const mid = Math.floor(items.length / 2);
    total -= itemTokens(items[mid], count);
    items.splice(mid, 1);
    removed++;
  }
  return { input: items, removedItems: removed };
}

/**
 * context-compression (spec 2.5): when the approximate prompt exceeds the context of the
 * selected endpoint, middle-out compression makes it fit; otherwise nothing changes.
 */
export function contextCompression(
  entry: PluginEntry<ContextCompressionPlugin>,
  request: ResponsesRequest,
  promptTokens: number,
  contextLength: number,
  instructionTokens: number,
  count: CountTokens = approxTokens,
): CompressionResult {
  const engine = entry.config.engine ?? 'middle-out';
  if (promptTokens <= contextLength) {
    return {
      stage: {
        type: 'context_compression',
        name: 'context-compression',
        summary: `Not needed: about ${promptTokens} tokens fit the ${contextLength}-token context`,
        data: { engine, applied: false, input_tokens: promptTokens, context_length: contextLength },
      },
    };
  }
  const out = middleOut(request.input, contextLength, instructionTokens, count);
  return {
    stage: {
      type: 'context_compression',
      name: 'context-compression',
      summary: `Compressed about ${promptTokens} tokens to fit the ${contextLength}-token context (${engine})`,
      data: { engine, applied: true, input_tokens: promptTokens, context_length: contextLength, removed_items: out.removedItems },
    },
    input: out.input,
  };
}
