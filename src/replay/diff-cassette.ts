import { bytesOf, type Cassette } from './cassette.ts';
import { REDACTED } from './redact.ts';
import { diffShapeMaps, diffShapes, foldTypes, parseEvents, shapeOf, type JsonType, type ShapeDifference } from './shape-diff.ts';

/** How the simulator's answer to one recorded request differs from the recording. */
export interface CassetteDiff {
  readonly request: string;
  readonly status: { readonly recorded: number; readonly simulated: number };
  /** Body shape differences (JSON answers), or of each event type's payloads merged (streams). */
  readonly fields: readonly ShapeDifference[];
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
  return new Request(`${baseUrl}${cassette.request.path}`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : (body as Uint8Array<ArrayBuffer> | undefined) });
}

function mergedEventShapes(events: ReturnType<typeof parseEvents>): Map<string, Set<JsonType>> {
  const merged = new Map<string, Set<JsonType>>();
  for (const e of events) if (e.type !== '[DONE]') shapeOf(e.data, merged, e.type);
  return merged;
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
  const recordedIsStream = /event-stream/i.test(cassette.response.headers['content-type'] ?? '');
  const simulatedIsStream = /event-stream/i.test(simulated.headers.get('content-type') ?? '');
  if (recordedIsStream || simulatedIsStream) {
    const a = recordedIsStream ? parseEvents(recordedText) : [];
    const b = simulatedIsStream ? parseEvents(simulatedText) : [];
    const fields = diffShapeMaps(mergedEventShapes(a), mergedEventShapes(b));
    const events = { recorded: foldTypes(a.map((e) => e.type)), simulated: foldTypes(b.map((e) => e.type)) };
    const sameEvents = events.recorded.map((t) => t.replace(/ ×\d+$/, '')).join('\n') === events.simulated.map((t) => t.replace(/ ×\d+$/, '')).join('\n');
    return { request, status, fields, events, identicalShape: status.recorded === status.simulated && fields.length === 0 && sameEvents };
  }
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  const fields = diffShapes(parse(recordedText), parse(simulatedText));
  return { request, status, fields, identicalShape: status.recorded === status.simulated && fields.length === 0 };
}

/**
 * A readable report of many diffs.
 *
 * @example
 * console.log(formatDiffReport([['0001-post-responses.json', diff]]));
 */
export function formatDiffReport(entries: ReadonlyArray<readonly [string, CassetteDiff]>): string {
  const lines: string[] = [];
  const types = (t?: readonly string[]) => (t ?? []).join('|');
  for (const [file, d] of entries) {
    lines.push(`${file}  ${d.request}`);
    lines.push(`  status: recorded ${d.status.recorded}, simulator ${d.status.simulated}${d.status.recorded === d.status.simulated ? '' : '  <- differs'}`);
    if (d.events) {
      const same = d.events.recorded.map((t) => t.replace(/ ×\d+$/, '')).join() === d.events.simulated.map((t) => t.replace(/ ×\d+$/, '')).join();
      lines.push(`  events${same ? ' (same sequence of types)' : '  <- differ'}:`);
      lines.push(`    recorded:  ${d.events.recorded.join(', ') || '(none)'}`);
      lines.push(`    simulator: ${d.events.simulated.join(', ') || '(none)'}`);
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
        lines.push(`    ${f.path || '(body)'}: ${kind === 'typed-differently' ? `recorded ${types(f.recorded)}, simulator ${types(f.simulated)}` : types(f.recorded ?? f.simulated)}`);
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
