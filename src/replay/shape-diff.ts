/** A JSON type as the diff names it. */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** One way the simulator's answer differs in shape from the recorded one. */
export interface ShapeDifference {
  /** `output[].content[].text`: `[]` stands for any array item. */
  readonly path: string;
  readonly kind: 'absent-in-simulator' | 'extra-in-simulator' | 'typed-differently';
  readonly recorded?: readonly JsonType[];
  readonly simulated?: readonly JsonType[];
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : (typeof value as 'string' | 'number' | 'boolean');
}

/**
 * Every path of a JSON value with the types seen there (array items merged under `[]`).
 *
 * @example
 * shapeOf({ a: [{ b: 1 }, { b: 'x' }] }); // Map { '' => {object}, 'a' => {array}, 'a[]' => {object}, 'a[].b' => {number, string} }
 */
export function shapeOf(value: unknown, into = new Map<string, Set<JsonType>>(), path = ''): Map<string, Set<JsonType>> {
  const type = typeOf(value);
  (into.get(path) ?? into.set(path, new Set()).get(path)!).add(type);
  if (type === 'array') for (const item of value as unknown[]) shapeOf(item, into, `${path}[]`);
  else if (type === 'object') for (const [k, v] of Object.entries(value as object)) shapeOf(v, into, path ? `${path}.${k}` : k);
  return into;
}

/**
 * How `simulated` differs in shape from `recorded`: paths only one has, and paths whose types
 * differ. Values are not compared (the simulator's text is its own).
 *
 * @example
 * diffShapes({ id: 'a', usage: { cost: 0.1 } }, { id: 'b', usage: {} });
 * // [{ path: 'usage.cost', kind: 'absent-in-simulator', recorded: ['number'] }]
 */
export function diffShapes(recorded: unknown, simulated: unknown): ShapeDifference[] {
  return diffShapeMaps(shapeOf(recorded), shapeOf(simulated));
}

/** {@link diffShapes} over shapes already taken (e.g. merged over many events). */
export function diffShapeMaps(a: Map<string, Set<JsonType>>, b: Map<string, Set<JsonType>>): ShapeDifference[] {
  const out: ShapeDifference[] = [];
  const sorted = (s: Set<JsonType>) => [...s].sort();
  // A path below one that is already absent (or extra) is not reported again.
  const reported: string[] = [];
  const under = (path: string) => reported.some((p) => path.startsWith(`${p}.`) || path.startsWith(`${p}[]`));
  for (const path of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    if (under(path)) continue;
    const ra = a.get(path);
    const rb = b.get(path);
    if (ra && !rb) {
      out.push({ path, kind: 'absent-in-simulator', recorded: sorted(ra) });
      reported.push(path);
    } else if (!ra && rb) {
      out.push({ path, kind: 'extra-in-simulator', simulated: sorted(rb) });
      reported.push(path);
    } else if (ra && rb && sorted(ra).join() !== sorted(rb).join()) {
      out.push({ path, kind: 'typed-differently', recorded: sorted(ra), simulated: sorted(rb) });
    }
  }
  return out;
}

/** One server-sent event: its type (the payload's `type`, else the `event:` name) and payload. */
export interface ParsedEvent {
  readonly type: string;
  readonly data: unknown;
}

/**
 * The events of an event-stream text (comments skipped; `[DONE]` kept as the type `[DONE]`).
 *
 * @example
 * parseEvents('event: a\ndata: {"type":"a"}\n\ndata: [DONE]\n\n'); // [{ type: 'a', ... }, { type: '[DONE]', data: null }]
 */
export function parseEvents(text: string): ParsedEvent[] {
  const out: ParsedEvent[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split('\n\n')) {
    let name: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) continue;
    const raw = data.join('\n');
    if (raw === '[DONE]') {
      out.push({ type: '[DONE]', data: null });
      continue;
    }
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw);
    } catch {
      // not JSON: keep the text
    }
    out.push({ type: eventType(payload, name), data: payload });
  }
  return out;
}

/**
 * The type of one stream event: its payload's `type` (Responses events), a chat chunk's kind
 * (`chat.completion.chunk content`: which delta members it carries, or its `finish_reason`, its
 * `error` or its `usage`, so two chat streams compare chunk by chunk), else the SSE `event:` name.
 */
function eventType(payload: unknown, name: string | undefined): string {
  if (!payload || typeof payload !== 'object') return name ?? 'message';
  const p = payload as { type?: unknown; object?: unknown; choices?: unknown; error?: unknown; usage?: unknown };
  if (typeof p.type === 'string') return p.type;
  if (p.object !== 'chat.completion.chunk') return name ?? 'message';
  const choice = Array.isArray(p.choices) ? (p.choices[0] as { delta?: Record<string, unknown>; finish_reason?: unknown } | undefined) : undefined;
  if (p.error !== undefined && p.error !== null) return 'chat.completion.chunk error';
  if (choice && typeof choice.finish_reason === 'string') return `chat.completion.chunk finish_reason`;
  const carried = Object.keys(choice?.delta ?? {}).filter((k) => choice?.delta?.[k] !== null && choice?.delta?.[k] !== undefined);
  if (carried.length > 0) return `chat.completion.chunk ${carried.sort().join('+')}`;
  return p.usage !== undefined && p.usage !== null ? 'chat.completion.chunk usage' : 'chat.completion.chunk';
}

/** Event types with runs of one type folded: `response.output_text.delta ×12`. */
export function foldTypes(types: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < types.length;) {
    let j = i;
    while (j < types.length && types[j] === types[i]) j++;
    out.push(j - i > 1 ? `${types[i]} ×${j - i}` : types[i]!);
    i = j;
  }
  return out;
}
