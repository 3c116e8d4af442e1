import { GatewayError } from '../errors/gateway-error.ts';
import { ResponsesRequestSchema, type ResponsesRequest } from '../schemas/responses-request.ts';
import { isFunctionTool } from '../schemas/tools.ts';
import { smallBodyRequest } from './small-body-request.ts';
import { validRequest } from './parse-request.ts';
import { interpretedParse, type SchemaParse } from './tiered-safe-parse.ts';

/** A schema-valid request that contradicts itself (spec 7: 422 "semantic validation failure"). */
export interface RequestConflict {
  /** Field path the message leads with, e.g. `tool_choice.name`. */
  field: string;
  message: string;
}

/**
 * The short, principled list of 422s (docs/decisions/0002-responses-validation.md): fields that are
 * each valid but cannot all hold at once.
 * 1. `tool_choice` forces a tool (`required`, a function, `allowed_tools`) but `tools` is empty.
 * 2. `tool_choice` names a function that is not among the function tools.
 *
 * @example
 * findResponsesConflicts({ tool_choice: { type: 'function', name: 'f' }, tools: [] });
 * // [{ field: 'tool_choice', message: '...' }]
 */
export function findResponsesConflicts(request: ResponsesRequest): RequestConflict[] {
  const conflicts: RequestConflict[] = [];
  const choice = request.tool_choice;
  if (choice === undefined) return conflicts;
  const tools = request.tools ?? [];
  const forcing = choice === 'required' || (typeof choice === 'object' && (choice.type === 'function' || choice.type === 'allowed_tools'));
  if (forcing && tools.length === 0) {
    conflicts.push({ field: 'tool_choice', message: `requires a tool to be called, but tools is empty` });
    return conflicts;
  }
  if (typeof choice === 'object' && choice.type === 'function' && typeof choice.name === 'string') {
    const names = tools.filter(isFunctionTool).map((t) => t.name);
    if (!names.includes(choice.name)) {
      const known = names.length > 0 ? names.map((n) => JSON.stringify(n)).join(', ') : 'none';
      conflicts.push({ field: 'tool_choice.name', message: `function ${JSON.stringify(choice.name)} is not in tools (function tools: ${known})` });
    }
  }
  return conflicts;
}

/** The schema's verdict and the 422s: the one judge of a Responses body. */
function judged(body: unknown, parse: SchemaParse): ResponsesRequest {
  const request = validRequest(ResponsesRequestSchema, body, undefined, parse);
  const conflicts = findResponsesConflicts(request);
  if (conflicts.length > 0) throw new GatewayError(422, conflicts.map((c) => `${c.field}: ${c.message}`).join('; '));
  return request;
}

/**
 * The Responses validator of a gateway: with `smallBodyFirst`, a common small body is read by
 * {@link smallBodyRequest} (the schema's own output, without running the whole schema),
 * and every other body, and every refusal, by the schema and the 422s. The choice is made here,
 * once per gateway (`fastPaths`), not per request.
 *
 * @example
 * const validate = responsesValidator(env.parse, true);
 * const request = validate(await ctx.json());
 */
export function responsesValidator(parse: SchemaParse, smallBodyFirst: boolean): (body: unknown) => ResponsesRequest {
  if (!smallBodyFirst) return (body) => judged(body, parse);
  return (body) => {
    const small = smallBodyRequest(body);
    // The 422 rules are asked too (they find nothing in the few fields a small body holds).
    return small !== undefined && findResponsesConflicts(small).length === 0 ? small : judged(body, parse);
  };
}

const validateStandalone = responsesValidator(interpretedParse, true);

/**
 * Validate a parsed JSON body against spec 2.1. Returns the typed request, or throws a
 * GatewayError whose message names the field path and the rule:
 * 400 when the body breaks the schema (`metadata: at most 16 pairs (got 17)`),
 * 422 when it is schema-valid but contradicts itself (`tool_choice.name: function "f" is not in tools ...`).
 *
 * @example
 * const request = validateResponsesRequest(await ctx.json());
 */
export function validateResponsesRequest(body: unknown): ResponsesRequest {
  return validateStandalone(body);
}
