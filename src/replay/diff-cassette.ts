import { bytesOf, type Cassette } from './cassette.ts';
import { printable } from './printable.ts';
import { REDACTED } from './redact.ts';
import { diffShapeMaps, diffShapes, foldTypes, parseEvents, shapeOf, type JsonType, type ShapeDifference } from './shape-diff.ts';

/** A shape difference; in a stream, one line for every event type where the same field differs the same way. */
export interface FieldDifference extends ShapeDifference {
  /** Streams: the event types (present on both sides) where this difference holds. */
  readonly events?: readonly string[];
}

/** How the simulator's answer to one recorded request differs from the recording. */
export interface CassetteDiff {
  readonly request: string;
  readonly status: { readonly recorded: number; readonly simulated: number };
  /** The error message of each side's answer when it is an error envelope (so a status difference explains itself). */
  readonly messages?: { readonly recorded?: string; readonly simulated?: string };
  /**
   * Body shape differences (JSON answers), or of each event type's payloads (streams, grouped
   * across event types). Empty when the statuses differ: an error and a success are not
   * compared field by field.
   */
  readonly fields: readonly FieldDifference[];
  /** Event types in order with runs folded, for streams. */
  readonly events?: { readonly recorded: readonly string[]; readonly simulated: readonly string[] };
  readonly identicalShape: boolean;
}

/**
 * The recorded request as a Request to `baseUrl`, with every redacted credential replaced by
 * `apiKey` (so the simulator can authenticate it).
 *
 * @example
 * const request = cassetteRequest(cassette, 'http://127.0.0.1:8080/api/v1', 'sk-gw-test');
 */
export function cassetteRequest(cassette: Cassette, baseUrl: string, apiKey: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(cassette.request.headers)) {
    headers.set(name, value.includes(REDACTED) ? value.replace(REDACTED, apiKey) : value);
  }
  const body = cassette.request.body ? bytesOf(cassette.request.body) : undefined;
  const method = cassette.request.method;
  return new Request(`${baseUrl}${cassette.request.path}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : (body as Uint8Array<ArrayBuffer> | undefined),
  });
}

/**
 * The recorded request with its `model` renamed by `models` (a recording's model ids mapped to
 * ones the simulator's catalogue serves, `gatewaykit diff --model-map`).
 *
 * @example
 * withModelMap(cassette, { 'gpt-4o-mini': 'openai/gpt-4o-mini' });
 */
export function withModelMap(cassette: Cassette, models: Readonly<Record<string, string>>): Cassette {
  const body = cassette.request.body;
  if (!body || !('json' in body) || body.json === null || typeof body.json !== 'object' || Array.isArray(body.json)) return cassette;
  const model = (body.json as { model?: unknown }).model;
  if (typeof model !== 'string' || !Object.hasOwn(models, model)) return cassette;
  return { ...cassette, request: { ...cassette.request, body: { json: { ...body.json, model: models[model] } } } };
}

/** Each event type's payloads merged into one shape. */
function shapesByEventType(events: ReturnType<typeof parseEvents>): Map<string, Map<string, Set<JsonType>>> {
  const out = new Map<string, Map<string, Set<JsonType>>>();
  for (const e of events) {
    if (e.type === '[DONE]') continue;
    shapeOf(e.data, out.get(e.type) ?? out.set(e.type, new Map()).get(e.type)!);
  }
  return out;
}

/**
 * Differences of the event types both streams have, each difference once with the event types
 * it holds in (`sequence_number` absent from 12 event types is one line, not 12). Event types
 * only one side sends show in the event sequences instead.
 */
function groupedEventDifferences(recorded: ReturnType<typeof parseEvents>, simulated: ReturnType<typeof parseEvents>): FieldDifference[] {
  const a = shapesByEventType(recorded);
  const b = shapesByEventType(simulated);
  const groups = new Map<string, { difference: ShapeDifference; events: string[] }>();
  for (const [type, shapeA] of a) {
    const shapeB = b.get(type);
    if (!shapeB) continue;
    for (const d of diffShapeMaps(shapeA, shapeB)) {
      const key = JSON.stringify([d.kind, d.path, d.recorded, d.simulated]);
      (groups.get(key) ?? groups.set(key, { difference: d, events: [] }).get(key)!).events.push(type);
    }
  }
  return [...groups.values()].map(({ difference, events }) => ({ ...difference, events }));
}

/** The `error.message` of an error envelope (spec 7), else undefined. */
function errorMessage(text: string): string | undefined {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } } | null)?.error?.message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Compare the simulator's answer with the recorded one, in shape: status, fields present, absent
 * or typed differently, and for streams the sequence of event types.
 *
 * @example
 * const diff = await diffCassette(cassette, await gateway.fetch(cassetteRequest(cassette, gateway.baseUrl, 'sk-gw-test')));
 */
export async function diffCassette(cassette: Cassette, simulated: Response): Promise<CassetteDiff> {
  const request = `${cassette.request.method} ${cassette.request.path}`;
  const status = { recorded: cassette.response.status, simulated: simulated.status };
  const recordedText = new TextDecoder().decode(bytesOf(cassette.response.body));
  const simulatedText = await simulated.text();
  const sameStatus = status.recorded === status.simulated;
  const messages = sameStatus ? undefined : { recorded: errorMessage(recordedText), simulated: errorMessage(simulatedText) };
  const recordedIsStream = /event-stream/i.test(cassette.response.headers['content-type'] ?? '');
  const simulatedIsStream = /event-stream/i.test(simulated.headers.get('content-type') ?? '');
  if (!sameStatus) return { request, status, ...(messages ? { messages } : {}), fields: [], identicalShape: false };
  if (recordedIsStream || simulatedIsStream) {
    const a = recordedIsStream ? parseEvents(recordedText) : [];
    const b = simulatedIsStream ? parseEvents(simulatedText) : [];
    const fields = groupedEventDifferences(a, b);
    const events = { recorded: foldTypes(a.map((e) => e.type)), simulated: foldTypes(b.map((e) => e.type)) };
    const sameEvents = events.recorded.map((t) => t.replace(/ ×\d+$/, '')).join('\n') === events.simulated.map((t) => t.replace(/ ×\d+$/, '')).join('\n');
    return { request, status, fields, events, identicalShape: fields.length === 0 && sameEvents };
  }
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  const fields = diffShapes(parse(recordedText), parse(simulatedText));
  return { request, status, fields, identicalShape: fields.length === 0 };
}

/**
 * A readable report of many diffs. Everything taken from a cassette or an answer is shown with
 * its control characters escaped ({@link printable}).
 *
 * @example
 * console.log(formatDiffReport([['0001-post-responses.json', diff]]));
 */
export function formatDiffReport(entries: ReadonlyArray<readonly [string, CassetteDiff]>): string {
  const lines: string[] = [];
  const types = (t?: readonly string[]) => (t ?? []).join('|');
  const list = (items: readonly string[]) => items.map(printable).join(', ');
  for (const [file, d] of entries) {
    lines.push(`${printable(file)}  ${printable(d.request)}`);
    lines.push(`  status: recorded ${d.status.recorded}, simulator ${d.status.simulated}${d.status.recorded === d.status.simulated ? '' : '  <- differs'}`);
    if (d.messages?.recorded !== undefined) lines.push(`    recorded said:  ${printable(d.messages.recorded)}`);
    if (d.messages?.simulated !== undefined) lines.push(`    simulator said: ${printable(d.messages.simulated)}`);
    if (d.status.recorded !== d.status.simulated) lines.push('    (bodies not compared: the statuses differ)');
    if (d.events) {
      const same = d.events.recorded.map((t) => t.replace(/ ×\d+$/, '')).join() === d.events.simulated.map((t) => t.replace(/ ×\d+$/, '')).join();
      lines.push(`  events${same ? ' (same sequence of types)' : '  <- differ'}:`);
      lines.push(`    recorded:  ${list(d.events.recorded) || '(none)'}`);
      lines.push(`    simulator: ${list(d.events.simulated) || '(none)'}`);
    }
    const groups: Array<[ShapeDifference['kind'], string]> = [
      ['absent-in-simulator', 'absent in simulator'],
      ['extra-in-simulator', 'only in simulator'],
      ['typed-differently', 'typed differently'],
    ];
    for (const [kind, label] of groups) {
      const of = d.fields.filter((f) => f.kind === kind);
      if (of.length === 0) continue;
      lines.push(`  ${label} (${of.length}):`);
      for (const f of of) {
        const where = f.events
          ? `  in ${f.events.length} event type(s): ${list(f.events.slice(0, 3))}${f.events.length > 3 ? `, +${f.events.length - 3} more` : ''}`
          : '';
        lines.push(
          `    ${printable(f.path || '(body)')}: ${kind === 'typed-differently' ? `recorded ${types(f.recorded)}, simulator ${types(f.simulated)}` : types(f.recorded ?? f.simulated)}${where}`,
        );
      }
    }
    if (d.identicalShape) lines.push('  same shape');
    lines.push('');
  }
  const same = entries.filter(([, d]) => d.identicalShape).length;
  const statusSame = entries.filter(([, d]) => d.status.recorded === d.status.simulated).length;
  lines.push(`${entries.length} exchange(s): ${statusSame} with the recorded status, ${same} with the same shape.`);
  return lines.join('\n');
}
