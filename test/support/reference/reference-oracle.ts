import { hash } from 'node:crypto';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { compiledValidators } from './compiled-validators.ts';
import { referenceOperations, type ReferenceDocument, type ReferenceOperation } from './load-reference.ts';
import { parseSseEvents } from './sse-events.ts';
import { unexcused, withExceptions } from './reference-exceptions.ts';

/** One answer to judge (src/gateway/exchange-observer.ts `Exchange`, in the parts the oracle reads). */
export interface Answer {
  method: string;
  /** Below the base path: `/chat/completions`. */
  path: string;
  status: number;
  contentType: string | null;
  body: string | undefined;
  /** False when the client left before a stream ended. */
  complete?: boolean;
  /** The request's `x-gatewaykit-fault`, when it had one. */
  fault?: string;
}

/** What the reference says of one answer: judged (with its problems, none when it conforms) or skipped, with why. */
export type Verdict = { kind: 'judged'; operation: string; problems: string[] } | { kind: 'skipped'; operation?: string; reason: string };

/**
 * Paths the reference does not describe because they are the simulator's own (spec: the control
 * API and the inspector), each with why it is not judged.
 */
export const UNJUDGED_PATHS: ReadonlyArray<{ prefix: string; reason: string }> = [
  { prefix: '/__gatewaykit/', reason: "the control API and inspector are the simulator's own (spec: control API), not in the reference" },
  { prefix: '/openapi.json', reason: 'the served OpenAPI document describes the simulator; the reference has no such operation' },
];

const ROUTE_PARAM = /\{[^}]+\}/g;

/** A reference path template as a matcher; literal segments win over parameters (`/videos/models` before `/videos/{jobId}`). */
function templates(doc: ReferenceDocument) {
  return referenceOperations(doc)
    .map((entry) => ({
      ...entry,
      pattern: new RegExp(`^${entry.path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(ROUTE_PARAM, '[^/]+')}$`),
      params: entry.path.match(ROUTE_PARAM)?.length ?? 0,
    }))
    .sort((a, b) => a.params - b.params);
}

const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The reference as a judge of answers: finds the operation by method and path template, and
 * validates the JSON body (or each event of a stream) against that operation's schema for the
 * status (OpenAPI 3.1 is JSON Schema 2020-12). Validators are compiled once per schema (and kept
 * between processes: compiled-validators.ts), and a body judged once is not judged again.
 */
export function createReferenceOracle(reference: ReferenceDocument) {
  const doc = withExceptions(reference);
  const schemas = referenceSchemas(doc);
  const routes = templates(doc);
  const judged = new Map<string, string[]>();

  function find(method: string, path: string) {
    return routes.find((route) => route.method === method && route.pattern.test(path));
  }

  /** A verdict kept by schema, kind and body (a long body by its hash, so the map stays small). */
  function judgeOnce(prefix: string, body: string, run: () => string[]): string[] {
    const key = body.length > 512 ? `${prefix}\nsha1 ${hash('sha1', body, 'base64')}` : `${prefix}\nbody ${body}`;
    let problems = judged.get(key);
    if (!problems) judged.set(key, (problems = run()));
    return problems;
  }

  return function judge(answer: Answer): Verdict {
    const unjudged = UNJUDGED_PATHS.find((p) => answer.path.startsWith(p.prefix));
    if (unjudged) return { kind: 'skipped', reason: unjudged.reason };
    const found = find(answer.method, answer.path);
    if (!found) return { kind: 'skipped', reason: `no reference operation for ${answer.method} ${answer.path}` };
    const operation = found.operation.operationId;
    const mediaType = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const schema = schemaRef(found, answer.status, mediaType);
    if (!schema) {
      return { kind: 'skipped', operation, reason: `the reference documents no ${mediaType || 'body'} schema for ${operation} ${answer.status}` };
    }
    if (answer.body === undefined) return { kind: 'skipped', operation, reason: 'binary body' };
    const label = `${operation} ${answer.status}${schema.documented === String(answer.status) ? '' : ` (judged by its ${schema.documented})`}`;
    const validate = schemas.validator(schema.ref);
    const body = answer.body;
    if (mediaType === 'text/event-stream') {
      const partial = answer.complete === false || answer.fault === 'stream-cut';
      const problems = judgeOnce(`${schema.ref}\n${partial}`, body, () => judgeStream(schemas, validate, body, partial, label));
      return { kind: 'judged', operation, problems };
    }
    const problems = judgeOnce(schema.ref, body, () => {
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        return [`${label}: the body is not JSON: ${JSON.stringify(body.slice(0, 120))}`];
      }
      return schemas.problemsOf(validate, value, label);
    });
    return { kind: 'judged', operation, problems };
  };
}

/** The reference's schemas compiled by ajv, and their failures told as lines that name the rule. */
function referenceSchemas(doc: ReferenceDocument) {
  const validator = compiledValidators(doc);

  function problemsOf(validate: ValidateFunction, value: unknown, where: string): string[] {
    if (validate(value)) return [];
    return unexcused([...new Set(explain(validate.errors ?? [], where, '', 0))]);
  }

  /**
   * ajv's errors as lines naming where, at which JSON path, and the reference's rule. A failed
   * union (anyOf/oneOf) of `$ref` branches tells little by itself (every branch's first error):
   * the branch whose `type` matches the value's is judged again on its own and its errors told.
   */
  function explain(errors: readonly ErrorObject[], where: string, prefix: string, depth: number): string[] {
    // The outermost union: an inner one may belong to a branch that was never the value's.
    const union = errors
      .filter((e) => (e.keyword === 'anyOf' || e.keyword === 'oneOf') && Array.isArray(e.schema))
      .sort((a, b) => a.instancePath.length - b.instancePath.length)[0];
    if (union && depth < 6) {
      const value = union.data as { type?: unknown } | null;
      const typed = typeof value === 'object' && value !== null && typeof value.type === 'string' ? value.type : undefined;
      const refs = (union.schema as Array<{ $ref?: string }>).map((b) => b.$ref).filter((r): r is string => typeof r === 'string');
      if (typed !== undefined && refs.length > 0) {
        const branch = refs.find((ref) => typesOf(ref).includes(typed));
        const at = `${prefix}${union.instancePath}`;
        if (!branch)
          return [
            `${where}: at ${at || '(root)'} type ${JSON.stringify(typed)} is none of the reference's (${refs.flatMap(typesOf).join(', ')}) (reference rule ${union.schemaPath})`,
          ];
        const validate = validator(`reference${branch}`);
        if (!validate(union.data)) return explain(validate.errors ?? [], where, at, depth + 1);
      }
    }
    return describe(errors, where, prefix);
  }

  /** The `type` values a schema (through `$ref` and `allOf`) accepts: its `const` or `enum`. */
  function typesOf(ref: string): string[] {
    const schema = resolve(ref);
    if (!schema) return [];
    const own = schema.properties?.type;
    const values = own ? (own.const !== undefined ? [own.const] : (own.enum ?? [])) : [];
    const parts = (schema.allOf ?? []).flatMap((part: { $ref?: string }) => (part.$ref ? typesOf(part.$ref) : []));
    return [...values, ...parts].filter((v): v is string => typeof v === 'string');
  }

  function resolve(ref: string): any {
    let node: any = doc;
    for (const segment of ref.replace(/^#\//, '').split('/')) node = node?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    return node;
  }

  return { validator, problemsOf };
}

/** The schema reference for the answer's status and media type; undocumented statuses fall back to the operation's error schema. */
function schemaRef(found: { path: string; method: string; operation: ReferenceOperation }, status: number, mediaType: string) {
  const responses = found.operation.responses;
  const documented = responses[String(status)]
    ? String(status)
    : status >= 400
      ? (['default', '400', '500'].find((s) => responses[s]) ?? undefined)
      : undefined;
  if (!documented) return undefined;
  const content = responses[documented]?.content ?? {};
  const type = Object.keys(content).find((t) => t === mediaType) ?? (mediaType === 'application/json' ? undefined : undefined);
  if (!type || !content[type]?.schema) return undefined;
  return {
    documented,
    ref: `reference#/paths/${pointer(found.path)}/${found.method.toLowerCase()}/responses/${documented}/content/${pointer(type)}/schema`,
  };
}

/** Each `data:` event of a stream, as the reference's stream schema sees it: `{ event, data }`. */
function judgeStream(
  schemas: { problemsOf(validate: ValidateFunction, value: unknown, where: string): string[] },
  validate: ValidateFunction,
  body: string,
  partial: boolean,
  label: string,
): string[] {
  const problems: string[] = [];
  const events = parseSseEvents(body, partial);
  const seen = new Set<string>();
  for (const [index, event] of events.entries()) {
    if (event.data === '[DONE]') continue;
    const key = `${event.event ?? ''}\n${event.data}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      problems.push(`${label} event ${index}: data is not JSON: ${JSON.stringify(event.data.slice(0, 120))}`);
      continue;
    }
    const value = event.event === undefined ? { data } : { event: event.event, data };
    const type = event.event ?? (data as { type?: unknown; object?: unknown })?.type ?? (data as { object?: unknown })?.object ?? '';
    problems.push(...schemas.problemsOf(validate, value, `${label} event ${index} (${String(type)})`));
    if (problems.length > 20) break;
  }
  return problems;
}

/** ajv's errors as lines naming where, at which JSON path, and the reference's rule. */
function describe(errors: readonly ErrorObject[], where: string, prefix: string): string[] {
  // Errors of the branches of a oneOf/anyOf come before the branch keyword's own: the deepest
  // path says most; keep a few.
  const sorted = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length);
  return sorted.slice(0, 6).map((e) => {
    const detail = e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : '';
    return `${where}: at ${prefix + e.instancePath || '(root)'} ${e.message ?? e.keyword}${detail} (reference rule ${decodeURIComponent(e.schemaPath)})`;
  });
}
