import type { GenerationContent, GenerationContentError } from '../account/generation-content.ts';
import type { InputTurn } from '../request/read-input.ts';
import type { ResponseResult } from './output-items.ts';

/** The prompt as the reference shows it: chat messages, the instructions first as the system's. */
function promptMessages(instructions: string | undefined, turns: readonly InputTurn[]): GenerationContent['input'] {
  const messages = turns.map((turn) => ({ role: turn.role, content: turn.text }));
  return { messages: instructions ? [{ role: 'system', content: instructions }, ...messages] : messages };
}

/**
 * The content of a text generation (reference listGenerationContent): its prompt, the text of its
 * output messages as `completion` and of its reasoning summaries as `reasoning` (null when there is
 * none), and no error.
 *
 * @example
 * textGenerationContent(undefined, input.turns, result).output.completion; // 'Hello! ...'
 */
export function textGenerationContent(instructions: string | undefined, turns: readonly InputTurn[], result: ResponseResult): GenerationContent {
  const completion: string[] = [];
  const reasoning: string[] = [];
  for (const item of result.output) {
    if (item.type === 'message') for (const part of item.content) completion.push(part.type === 'output_text' ? part.text : part.refusal);
    if (item.type === 'reasoning') for (const part of item.summary) reasoning.push(part.text);
  }
  return {
    input: promptMessages(instructions, turns),
    output: { completion: completion.length > 0 ? completion.join('') : null, reasoning: reasoning.length > 0 ? reasoning.join('\n') : null },
    error: null,
  };
}

/**
 * The content of a text generation that failed before any output (no endpoint, every provider
 * failed, a guardrail): its prompt, no output, and the error the client got, with the provider's
 * name and raw body when the error's metadata carries them.
 */
export function failedGenerationContent(
  instructions: string | undefined,
  turns: readonly InputTurn[],
  error: { status: number; message: string; metadata?: Record<string, unknown> },
): GenerationContent {
  const provider = error.metadata?.provider_name;
  const raw = error.metadata?.raw;
  const failure: GenerationContentError = {
    status: error.status,
    message: error.message,
    provider_name: typeof provider === 'string' ? provider : null,
    raw: typeof raw === 'string' ? raw : raw === undefined ? null : JSON.stringify(raw),
    previous_errors: [],
  };
  return { input: promptMessages(instructions, turns), output: { completion: null, reasoning: null }, error: failure };
}
