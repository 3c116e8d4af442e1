import { endpointDocs } from '../../src/gateway/openapi-docs.ts';
import type { Problems } from '../check.ts';
import { exchangeJson, mediaType, type Exchange } from '../client/exchange.ts';
import { schemaProblems } from '../oracles/schema-problems.ts';
import { answerValidator, type AnswerComponents } from './answer-validator.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;

// Each operation's documented answers (its folder's docs.ts), read once.
const OPERATION_DOCS = await endpointDocs();

/**
 * Does a served answer of the endpoint have the status, content type and body its operation
 * documents (its docs: `successStatus`, `success` content type -> component)? A `binary`
 * answer must be non-empty. Pure.
 *
 * @example
 * successProblems('models.count', { status: 200, headers: { 'content-type': 'application/json' }, text: '{"data":{"count":3}}' }, components); // []
 */
export function successProblems(endpointId: string, answer: Answer, components: AnswerComponents): Problems {
  const doc = OPERATION_DOCS[endpointId];
  if (!doc) return [`no documented answer for ${endpointId} (the operation's docs)`];
  const what = `the ${endpointId} answer`;
  if (answer.status !== doc.successStatus)
    return [`${what}: expected HTTP ${doc.successStatus}, got ${answer.status}: ${JSON.stringify(answer.text.slice(0, 160))}`];
  const type = mediaType(answer);
  const name = doc.success[type];
  if (name === undefined) return [`${what}: content type "${type || '(none)'}" is not one it documents (${Object.keys(doc.success).join(', ')})`];
  if (name === 'binary') return answer.text.length > 0 ? [] : [`${what}: an empty ${type} body`];
  return bodyProblems(what, name, answer, components);
}

/**
 * Does an error answer carry the endpoint's error body (the spec 7 envelope with `error.code` equal
 * to the status, or the operation's own, e.g. Messages' Anthropic shape)? Pure.
 */
export function errorBodyProblems(endpointId: string, answer: Answer, components: AnswerComponents): Problems {
  const name = OPERATION_DOCS[endpointId]?.errorBody ?? 'ErrorBody';
  const what = `the ${answer.status} answer of ${endpointId}`;
  const type = mediaType(answer);
  if (type !== 'application/json' && !type.endsWith('+json')) return [`${what}: an error body must be JSON (spec 7), content type was "${type || '(none)'}"`];
  const problems = bodyProblems(what, name, answer, components);
  if (problems.length > 0 || name !== 'ErrorBody') return problems;
  const code = (exchangeJson(answer) as { error: { code: unknown } }).error.code;
  return code === answer.status ? [] : [`${what}: error.code (${String(code)}) must equal the HTTP status (spec 7)`];
}

function bodyProblems(what: string, name: string, answer: Answer, components: AnswerComponents): Problems {
  const json = exchangeJson(answer);
  if (json === undefined) return [`${what}: the body is not JSON: ${JSON.stringify(answer.text.slice(0, 120))}`];
  const validator = answerValidator(name, components);
  if (!validator) return [`${what}: no schema named ${name}`];
  const parsed = validator.safeParse(json);
  return parsed.success ? [] : schemaProblems(`${what} (${name})`, parsed.error);
}
