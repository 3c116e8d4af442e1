import type { Judgement } from '../../check.ts';
import { exchangeJson, type Exchange } from '../../client/exchange.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Does the `/models` entry of `model` say it reasons by default (reference `reasoning`:
 * `default_enabled` true, not `mandatory`, so it can be switched off)? Pure.
 *
 * @example
 * reasonsByDefault({ data: [{ id: 'a/b', reasoning: { default_enabled: true, mandatory: false } }] }, 'a/b'); // true
 */
export function reasonsByDefault(models: unknown, model: string): boolean {
  const list = isObject(models) && Array.isArray(models.data) ? models.data : [];
  const entry = list.find((m): m is Json => isObject(m) && m.id === model);
  const reasoning = entry?.reasoning;
  return isObject(reasoning) && reasoning.default_enabled === true && reasoning.mandatory !== true;
}

/**
 * Reasoning as the catalogue says (reference `/models` `reasoning.default_enabled`): a request
 * that leaves `reasoning` unset is answered with reasoning tokens; one with `reasoning.enabled:
 * false` with none, and no reasoning item.
 *
 * @example
 * reasoningDefaultProblems(exchange, true); // [] when usage shows reasoning tokens
 */
export function reasoningDefaultProblems(answer: Answer, expectReasoning: boolean): Judgement {
  if (answer.status < 200 || answer.status >= 300) return { inconclusive: `the request was not served (HTTP ${answer.status})`, owner: 'result.shape' };
  const result = exchangeJson(answer);
  if (!isObject(result) || result.object !== 'response' || !isObject(result.usage))
    return { inconclusive: 'the answer is not a Responses result with usage', owner: 'result.shape' };
  const details = result.usage.output_tokens_details;
  const tokens = isObject(details) && typeof details.reasoning_tokens === 'number' ? details.reasoning_tokens : 0;
  const items = Array.isArray(result.output) ? result.output.filter((i) => isObject(i) && i.type === 'reasoning').length : 0;
  if (expectReasoning)
    return tokens > 0 ? [] : ['the model reasons by default (/models reasoning.default_enabled), but a request without reasoning got 0 reasoning tokens'];
  const problems: string[] = [];
  if (tokens > 0) problems.push(`reasoning.enabled false: expected 0 reasoning tokens, got ${tokens}`);
  if (items > 0) problems.push('reasoning.enabled false: the output holds a reasoning item');
  return problems;
}
