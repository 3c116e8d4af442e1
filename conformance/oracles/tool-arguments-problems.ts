import { jsonSchemaValidator } from './json-schema-validator.ts';
import { tieredSafeParse } from './tiered-safe-parse.ts';

/** One tool call as a surface shows it, reduced to what the rules judge. */
export interface ToolCallSeen {
  readonly id: string | undefined;
  readonly name: string | undefined;
  /** The arguments: JSON text (Chat Completions) or an already parsed value (Messages `tool_use.input`). */
  readonly input: string | unknown;
}

/** A declared tool: its name and the JSON Schema its arguments must satisfy. */
export interface ToolDeclared {
  readonly name: string;
  readonly schema: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Tool calls keep their contract: each has a non-empty id, no two calls share one, each names a
 * declared tool, and its arguments are a JSON object valid for that tool's schema (read with zod's
 * JSON Schema reader, not the gateway's generator). `what` prefixes every problem with its rule.
 * Pure.
 *
 * @example
 * toolCallProblems('reference ChatToolCall', [{ id: 'call_1', name: 'f', input: '{"a":1}' }], [{ name: 'f', schema: { type: 'object' } }], true); // []
 */
export function toolCallProblems(what: string, calls: readonly ToolCallSeen[], tools: readonly ToolDeclared[], argumentsAreText: boolean): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [i, call] of calls.entries()) {
    if (typeof call.id !== 'string' || call.id === '') problems.push(`${what}: call ${i} has no id`);
    else if (seen.has(call.id)) problems.push(`${what}: call ${i} reuses the id ${call.id}`);
    else seen.add(call.id);
    const tool = tools.find((t) => t.name === call.name);
    if (!tool) {
      problems.push(`${what}: call ${i} names ${JSON.stringify(call.name)}, not a declared tool (${tools.map((t) => t.name).join(', ')})`);
      continue;
    }
    let value: unknown = call.input;
    if (argumentsAreText) {
      if (typeof call.input !== 'string') {
        problems.push(`${what}: call ${i} arguments must be a JSON string, got ${typeof call.input}`);
        continue;
      }
      try {
        value = JSON.parse(call.input);
      } catch {
        problems.push(`${what}: call ${i} arguments are not JSON: ${JSON.stringify(call.input.slice(0, 120))}`);
        continue;
      }
    }
    if (!isObject(value)) {
      problems.push(`${what}: call ${i} arguments must be a JSON object, got ${JSON.stringify(value)?.slice(0, 120)}`);
      continue;
    }
    const checked = tieredSafeParse(jsonSchemaValidator(tool.schema as Parameters<typeof jsonSchemaValidator>[0]), value);
    if (!checked.success) {
      problems.push(
        ...checked.error.issues
          .slice(0, 3)
          .map((issue) => `${what}: call ${i} arguments break the schema of ${tool.name} at ${issue.path.join('.') || '(root)'}: ${issue.message}`),
      );
    }
  }
  return problems;
}
