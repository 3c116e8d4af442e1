import { REASONING_EFFORTS, TEXT_VERBOSITIES } from '../../../src/schemas/responses-request.ts';
import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onRequest } from '../../mutants/rewrite.ts';

/**
 * Gateways that leave a reference shape unchecked (issue: "unshaped fields accept anything"): each
 * drops the misshapen field before the real gateway sees it, so the request is served, as a gateway
 * that ignores what it does not understand would serve it.
 */

type Body = Record<string, unknown>;
const responsesOnly = (change: (body: Body) => void) => (fetch: Parameters<Mutant['wrap']>[0]) =>
  onRequest(fetch, (request) => {
    if (request.method === 'POST' && request.url.pathname.endsWith('/responses') && isObject(request.body)) change(request.body);
  });
const oneOf = (value: unknown, allowed: readonly unknown[]) => allowed.includes(value);

export const toolChoiceTypoAccepted: Mutant = {
  id: 'tool-choice-typo-accepted',
  breaks: 'spec 2.1 note A (reference ToolChoice): tool_choice "requried" or {type: "fucntion"} is served (ignored)',
  caughtBy: 'validation.tool-choice-shape',
  wrap: responsesOnly((b) => {
    const choice = b.tool_choice;
    if (typeof choice === 'string' && !oneOf(choice, ['auto', 'none', 'required'])) delete b.tool_choice;
    if (
      isObject(choice) &&
      typeof choice.type === 'string' &&
      !oneOf(choice.type, ['function', 'allowed_tools']) &&
      !choice.type.startsWith('web_search') &&
      !choice.type.startsWith('gateway:')
    )
      delete b.tool_choice;
  }),
};

export const reasoningTypoAccepted: Mutant = {
  id: 'reasoning-typo-accepted',
  breaks: 'spec 2.1 note A (reference Reasoning): reasoning.effort "hgih" (or a bad summary, max_tokens, or a non-object) is served',
  caughtBy: 'validation.reasoning-shape',
  wrap: responsesOnly((b) => {
    const r = b.reasoning;
    if (r !== undefined && r !== null && !isObject(r)) delete b.reasoning;
    if (!isObject(r)) return;
    if (r.effort !== undefined && !oneOf(r.effort, REASONING_EFFORTS)) delete r.effort;
    if (r.summary !== undefined && !oneOf(r.summary, ['auto', 'concise', 'detailed'])) delete r.summary;
    if (typeof r.max_tokens === 'number' && r.max_tokens < 0) delete r.max_tokens;
  }),
};

export const textFormatTypoAccepted: Mutant = {
  id: 'text-format-typo-accepted',
  breaks: 'spec 2.1 note A (reference TextConfig): an unknown text.format type, a json_schema without schema, or a bad verbosity is served as plain text',
  caughtBy: 'validation.text-shape',
  wrap: responsesOnly((b) => {
    const text = b.text;
    if (!isObject(text)) return;
    const format = text.format;
    if (isObject(format) && (!oneOf(format.type, ['text', 'json_object', 'json_schema']) || (format.type === 'json_schema' && format.schema === undefined)))
      delete text.format;
    if (text.verbosity !== undefined && !oneOf(text.verbosity, TEXT_VERBOSITIES)) delete text.verbosity;
  }),
};

export const truncationAnythingAccepted: Mutant = {
  id: 'truncation-anything-accepted',
  breaks: 'spec 2.1 note A (reference Truncation): truncation "yes" is served',
  caughtBy: 'validation.truncation-shape',
  wrap: responsesOnly((b) => {
    if (b.truncation !== undefined && !oneOf(b.truncation, ['auto', 'disabled', null])) delete b.truncation;
  }),
};

export const functionCallItemsUnchecked: Mutant = {
  id: 'function-call-items-unchecked',
  breaks:
    'spec 2.3 (reference function-call items): a function_call_output without call_id (or a function_call without arguments) is served (the item dropped)',
  caughtBy: 'validation.input-item-shape',
  wrap: responsesOnly((b) => {
    if (!Array.isArray(b.input)) return;
    b.input = b.input.filter(
      (item: unknown) =>
        !isObject(item) ||
        !((item.type === 'function_call_output' && typeof item.call_id !== 'string') || (item.type === 'function_call' && typeof item.arguments !== 'string')),
    );
  }),
};

export const cacheTtlUnchecked: Mutant = {
  id: 'cache-ttl-unchecked',
  breaks: 'spec 2.1 (reference CacheControl): cache_control.ttl "2h" is served (the default TTL used)',
  caughtBy: 'validation.cache-ttl',
  wrap: responsesOnly((b) => {
    if (isObject(b.cache_control) && b.cache_control.ttl !== undefined && !oneOf(b.cache_control.ttl, ['5m', '1h'])) delete b.cache_control.ttl;
  }),
};

export const webFetchParametersUnchecked: Mutant = {
  id: 'web-fetch-parameters-unchecked',
  breaks: 'spec 2.4.1 (reference WebFetchServerToolConfig): gateway:web_fetch parameters of the wrong type are served (the parameters ignored)',
  caughtBy: 'validation.web-fetch-parameters',
  wrap: responsesOnly((b) => {
    if (!Array.isArray(b.tools)) return;
    for (const tool of b.tools) if (isObject(tool) && tool.type === 'gateway:web_fetch') delete tool.parameters;
  }),
};

export const REFERENCE_SHAPE_MUTANTS: readonly Mutant[] = [
  toolChoiceTypoAccepted,
  reasoningTypoAccepted,
  textFormatTypoAccepted,
  truncationAnythingAccepted,
  functionCallItemsUnchecked,
  cacheTtlUnchecked,
  webFetchParametersUnchecked,
];
