import { GatewayError } from '../errors/gateway-error.ts';
import type { SeededRandom } from '../random/seeded-random.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { toolArguments } from './json-schema-instance.ts';
import { promptHints } from './prompt-hints.ts';
import { readInput, type InputView } from '../request/read-input.ts';

/** A function tool of the request (spec 2.4.1). */
export interface FunctionTool {
  /** Where it is in the request's `tools` (error messages name it). */
  index: number;
  name: string;
  description: string;
  parameters: unknown;
}

/** A call the simulated model decided to make. */
export interface PlannedCall {
  name: string;
  /** JSON text. */
  arguments: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The function tools of `tools` (other tool kinds are not called by the simulated model). */
export function functionTools(tools: unknown): FunctionTool[] {
  if (!Array.isArray(tools)) return [];
  const out: FunctionTool[] = [];
  tools.forEach((t, index) => {
    if (isRecord(t) && t.type === 'function' && typeof t.name === 'string') {
      out.push({ index, name: t.name, description: typeof t.description === 'string' ? t.description : '', parameters: t.parameters });
    }
  });
  return out;
}

/** Tools whose name (underscores read as spaces) or a word of the name (4+ letters) appears in the prompt. */
export function toolsMentioned(tools: readonly FunctionTool[], prompt: string): FunctionTool[] {
  const text = prompt.toLowerCase();
  return tools.filter((tool) => {
    const name = tool.name.toLowerCase();
    if (text.includes(name) || text.includes(name.replace(/[_-]+/g, ' '))) return true;
    const words = tool.name
      .split(/[_\-\s.]+|(?<=[a-z])(?=[A-Z])/)
      .map((w) => w.toLowerCase())
      .filter((w) => w.length > 3);
    return words.some((w) => text.includes(w));
  });
}

/**
 * Which function calls the simulated model makes (spec 2.1 `tool_choice`, note A; shapes from the
 * reference): `none` never calls; `{type:"function", name}` calls that tool; `required` always
 * calls (the tools the last user message mentions, else a seeded pick); `auto` (the default)
 * calls the tools the last user message mentions (by name, or a word of the name such as
 * "weather" for `get_weather`), and answers in text when none is mentioned or the conversation
 * already ends with a tool's output, so the usual loop (ask, call, send the output, get an
 * answer) plays out. With `parallel_tool_calls` (default true) every mentioned tool is called,
 * at most three; otherwise only the first.
 * Arguments are generated to satisfy each tool's `parameters` JSON Schema.
 */
export function chooseToolCalls(
  request: Pick<ResponsesRequest, 'tools' | 'tool_choice' | 'input' | 'parallel_tool_calls'>,
  rng: SeededRandom,
  input: Pick<InputView, 'turns' | 'lastUserText'> = readInput({ input: request.input }),
): PlannedCall[] {
  const tools = functionTools(request.tools);
  const choice = request.tool_choice ?? 'auto';
  if (choice === 'none' || tools.length === 0) {
    if (isRecord(choice) && choice.type === 'function') {
      throw new GatewayError(422, `tool_choice: names the function "${String(choice.name)}" but tools has no function tool of that name`);
    }
    return [];
  }
  const prompt = input.lastUserText;
  // Arguments come from the same generator as structured outputs; members named after what the
  // prompt mentions take it from the prompt (`city` is "Paris" when the prompt names Paris).
  const parameters = (tool: FunctionTool) => (isRecord(tool.parameters) ? promptHints(tool.parameters, prompt) : tool.parameters);
  const call = (tool: FunctionTool): PlannedCall => ({
    name: tool.name,
    arguments: toolArguments(parameters(tool), rng.fork(`args:${tool.name}`), `tools[${tool.index}].parameters`),
  });
  if (isRecord(choice) && choice.type === 'function') {
    const tool = tools.find((t) => t.name === choice.name);
    if (!tool) throw new GatewayError(422, `tool_choice: names the function "${String(choice.name)}" but tools has no function tool of that name`);
    return [call(tool)];
  }
  const turns = input.turns;
  const last = turns[turns.length - 1];
  if (choice !== 'required' && last?.role === 'tool') return [];
  const mentioned = toolsMentioned(tools, prompt);
  const parallel = request.parallel_tool_calls !== false;
  if (mentioned.length === 0 && choice !== 'required') return [];
  const chosen = mentioned.length > 0 ? (parallel ? mentioned.slice(0, 3) : mentioned.slice(0, 1)) : [rng.pick(tools)];
  return chosen.map(call);
}
