import type { Probe } from '../client/probe.ts';
import type { Refusal } from './operation-declaration.ts';

/** spec 7: malformed input and invalid parameters are 400. */
export const BAD_INPUT_RULE = 'operations.bad-input';
/** reference: a lookup of an object that does not exist is 404. */
export const UNKNOWN_ID_RULE = 'operations.unknown-id';
/** inferred: a method the operation does not take is refused. */
export const WRONG_METHOD_RULE = 'operations.wrong-method';

type Method = Probe['method'];

/**
 * A body that is not JSON (cut off after its first member), sent as `application/json`.
 *
 * @example
 * malformedJson('/images').probe.rawBody; // '{"model":'
 */
export function malformedJson(path: string, method: Method = 'POST'): Refusal {
  return { label: 'malformed JSON', probe: { method, path, rawBody: '{"model":' }, statuses: [400], rule: BAD_INPUT_RULE };
}

/** A valid body with one member of the wrong type (`what` names it). */
export function wrongType(path: string, body: Record<string, unknown>, what: string, method: Method = 'POST'): Refusal {
  return { label: `${what} of the wrong type`, probe: { method, path, body }, statuses: [400], rule: BAD_INPUT_RULE };
}

/** A query parameter off its type or list (`query` without the `?`). */
export function badQuery(path: string, query: string): Refusal {
  return { label: `query ${query}`, probe: { method: 'GET', path: `${path}?${query}` }, statuses: [400], rule: BAD_INPUT_RULE };
}

/** A lookup of an object that does not exist. */
export function unknownId(path: string, what: string, method: Method = 'GET', body?: unknown): Refusal {
  return { label: `an unknown ${what}`, probe: { method, path, ...(body === undefined ? {} : { body }) }, statuses: [404], rule: UNKNOWN_ID_RULE };
}

/** A method the operation does not take (an operation without parameters has no other bad input). */
export function wrongMethod(path: string, method: Method = 'POST'): Refusal {
  return {
    label: `${method}, a method it does not take`,
    probe: { method, path, ...(method === 'GET' ? {} : { body: {} }) },
    statuses: [404, 405],
    rule: WRONG_METHOD_RULE,
  };
}
