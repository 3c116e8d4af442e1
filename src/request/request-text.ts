/**
 * Reading text out of a Responses request (spec 2.1, 2.3) without trusting its shape: the input
 * item kinds are many and most of their shapes are "not shown", so every read is defensive.
 */

/** One input item reduced to what generation needs. */
export interface InputTurn {
  /** `user`, `assistant`, `system`, `developer`, or `tool` for function-call outputs. */
  role: string;
  /** The item's readable text (message text, function-call output, call arguments). */
  text: string;
  /** The item's `type` (`message` when absent). */
  type: string;
  /** For `function_call_output`: the `call_id`. For `function_call`: the `name`. */
  ref?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of a message `content`: a string, or the `text`/`refusal` of its parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') parts.push(part);
    else if (isRecord(part)) {
      if (typeof part.text === 'string') parts.push(part.text);
      else if (typeof part.refusal === 'string') parts.push(part.refusal);
    }
  }
  return parts.join('\n');
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return contentText(output);
  return output === undefined || output === null ? '' : JSON.stringify(output);
}

/** The request's `input` as a list of turns (a string input is one user turn). */
export function inputTurns(input: unknown): InputTurn[] {
  if (typeof input === 'string') return [{ role: 'user', text: input, type: 'message' }];
  if (!Array.isArray(input)) return [];
  const turns: InputTurn[] = [];
  for (const item of input) {
    if (!isRecord(item)) continue;
    const type = typeof item.type === 'string' ? item.type : 'message';
    if (type === 'message' || (item.type === undefined && 'role' in item)) {
      turns.push({ role: typeof item.role === 'string' ? item.role : 'user', text: contentText(item.content), type: 'message' });
    } else if (type === 'function_call_output' || type.endsWith('_call_output')) {
      turns.push({ role: 'tool', text: outputText(item.output), type, ...(typeof item.call_id === 'string' ? { ref: item.call_id } : {}) });
    } else if (type === 'function_call') {
      const text = `${typeof item.name === 'string' ? item.name : ''}${typeof item.arguments === 'string' ? item.arguments : ''}`;
      turns.push({ role: 'assistant', text, type, ...(typeof item.name === 'string' ? { ref: item.name } : {}) });
    } else if (type === 'reasoning') {
      turns.push({ role: 'assistant', text: contentText(item.content) || contentText(item.summary), type });
    } else {
      // Other item kinds (spec 2.3 "not shown"): count whatever text they carry.
      const text = contentText(item.content) || outputText(item.output);
      turns.push({ role: typeof item.role === 'string' ? item.role : 'assistant', text, type });
    }
  }
  return turns;
}

/** The text of the last user message, or '' when there is none. */
export function lastUserText(input: unknown): string {
  const turns = inputTurns(input);
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (turn && turn.role === 'user' && turn.type === 'message') return turn.text;
  }
  return '';
}

/** Whether `cache_control` appears anywhere in the input (a content-block breakpoint, spec 2.1). */
export function hasCacheBreakpoint(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (Array.isArray(value)) return value.some((v) => hasCacheBreakpoint(v, depth + 1));
  if (!isRecord(value)) return false;
  if ('cache_control' in value && value.cache_control !== null && value.cache_control !== undefined) return true;
  if ('prompt_cache_breakpoint' in value && value.prompt_cache_breakpoint) return true;
  return Object.values(value).some((v) => hasCacheBreakpoint(v, depth + 1));
}
