import { ErrorBodySchema } from '../../src/schemas/error-body.ts';
import type { Judgement, Problems } from '../check.ts';
import { exchangeJson, mediaType, type Exchange } from '../client/exchange.ts';
import { schemaProblems } from './schema-problems.ts';
import { parseOnce } from './parse-once.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;

/**
 * spec 7: every non-2xx answer carries `{error: {code, message}}` as JSON, with `error.code`
 * equal to the HTTP status. Pure: (answer) -> problems, every schema problem with its path.
 *
 * @example
 * errorEnvelopeProblems({ status: 400, headers: { 'content-type': 'application/json' }, text: '{"error":{"code":400,"message":"x"}}' }); // []
 */
export function errorEnvelopeProblems(answer: Answer): Problems {
  const problems: string[] = [];
  const type = mediaType(answer);
  if (type !== 'application/json' && !type.endsWith('+json')) {
    problems.push(`spec 7: error body must be JSON, content-type was "${answer.headers['content-type'] ?? '(none)'}"`);
  }
  const json = exchangeJson(answer);
  if (json === undefined) {
    problems.push(`spec 7: error body is not JSON: ${JSON.stringify(answer.text.slice(0, 120))}`);
    return problems;
  }
  const parsed = parseOnce(ErrorBodySchema, json);
  if (!parsed.success) return [...problems, ...schemaProblems('spec 7: the error envelope', parsed.error)];
  if (parsed.data.error.code !== answer.status) {
    problems.push(`spec 7: error.code (${parsed.data.error.code}) must equal the HTTP status (${answer.status})`);
  }
  return problems;
}

/** The error message of an answer, for reports ('' when there is none). */
export function errorMessage(answer: Pick<Exchange, 'text'>): string {
  const json = exchangeJson(answer) as { error?: { message?: unknown } } | undefined;
  return typeof json?.error?.message === 'string' ? json.error.message : '';
}

/**
 * The answer must be `status` with the spec 7 envelope.
 *
 * @example
 * expectError(401)(exchange); // [] when it is a proper 401
 */
export function expectError(status: number | readonly number[]) {
  const allowed = typeof status === 'number' ? [status] : status;
  return (answer: Answer): Problems => {
    if (!allowed.includes(answer.status)) {
      const detail = answer.status >= 400 ? ` (${errorMessage(answer) || answer.text.slice(0, 120)})` : '';
      return [`expected HTTP ${allowed.join(' or ')}, got ${answer.status}${detail}`];
    }
    return errorEnvelopeProblems(answer);
  };
}

/**
 * The answer must be a success (2xx) holding a Responses result: a rule says this request is
 * valid. A 2xx that is not a Responses result cannot show the request was served: inconclusive,
 * owned by `result.shape`.
 *
 * @example
 * expectServed(exchange); // [] for a 200 with {object: 'response', ...}
 */
export function expectServed(answer: Answer): Judgement {
  if (answer.status >= 200 && answer.status < 300) {
    const json = exchangeJson(answer) as { object?: unknown } | undefined;
    if (json?.object !== 'response' && !/^text\/event-stream/.test(answer.headers['content-type'] ?? '')) {
      return { inconclusive: `the ${answer.status} answer is not a Responses result, so it does not show the request was served`, owner: 'result.shape' };
    }
    return [];
  }
  const message = errorMessage(answer);
  return [`a valid request was rejected with HTTP ${answer.status}${message ? `: ${message}` : ''}`];
}

/**
 * The answer must be a 2xx (operations other than /responses).
 *
 * @example
 * expectAccepted(answer); // [] when accepted, else the problems found
 */
export function expectAccepted(answer: Answer): Problems {
  if (answer.status >= 200 && answer.status < 300) return [];
  const message = errorMessage(answer);
  return [`a valid request was rejected with HTTP ${answer.status}${message ? `: ${message}` : ''}`];
}
