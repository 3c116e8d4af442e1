import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onSse, onStreamEvents } from '../../mutants/rewrite.ts';

/** Plausible bugs of a gateway's stream writer, one per mutant (spec 6 and the reference grammar). */

type Event = Record<string, unknown>;
const isTerminal = (e: Event) => ['response.completed', 'response.incomplete', 'response.failed'].includes(String(e.type));

export const streamItemIdChanges: Mutant = {
  id: 'stream-item-id-changes',
  breaks: 'reference grammar: output_item.done names another item id than output_item.added (ids minted twice)',
  caughtBy: 'stream.item-identity',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((e) => (e.type === 'response.output_item.done' && isObject(e.item) ? { ...e, item: { ...e.item, id: `${String(e.item.id)}_2` } } : e)),
    ),
};

export const streamDeltaItemIdWrong: Mutant = {
  id: 'stream-delta-item-id-wrong',
  breaks: 'reference grammar: text deltas carry an item_id that is not the id of their item',
  caughtBy: 'stream.item-identity',
  wrap: (fetch) => onStreamEvents(fetch, (events) => events.map((e) => (e.type === 'response.output_text.delta' ? { ...e, item_id: 'msg_stream' } : e))),
};

export const streamOutputIndexShifted: Mutant = {
  id: 'stream-output-index-shifted',
  breaks: 'reference grammar: output_item.done counts output_index from 1 while added counts from 0',
  caughtBy: 'stream.item-identity',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((e) => (e.type === 'response.output_item.done' && typeof e.output_index === 'number' ? { ...e, output_index: e.output_index + 1 } : e)),
    ),
};

export const streamOutputIndexFromOne: Mutant = {
  id: 'stream-output-index-from-one',
  breaks: 'reference grammar: every stream event counts output_index from 1 (ids, order and added/done agree; only the final output shows it)',
  caughtBy: 'stream.item-identity',
  wrap: (fetch) => onStreamEvents(fetch, (events) => events.map((e) => (typeof e.output_index === 'number' ? { ...e, output_index: e.output_index + 1 } : e))),
};

export const streamDropsOutputItemDone: Mutant = {
  id: 'stream-drops-output-item-done',
  breaks: 'reference grammar: output_item.done is never sent (the item stays open)',
  caughtBy: 'stream.item-identity',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) => events.filter((e) => e.type !== 'response.output_item.done').map((e, i) => ({ ...e, sequence_number: i }))),
};

export const streamDropsContentPartDone: Mutant = {
  id: 'stream-drops-content-part-done',
  breaks: 'reference grammar: content_part.done is never sent',
  caughtBy: 'stream.item-identity',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) => events.filter((e) => e.type !== 'response.content_part.done').map((e, i) => ({ ...e, sequence_number: i }))),
};

export const streamDropsTextDone: Mutant = {
  id: 'stream-drops-text-done',
  breaks: 'spec 6.4: output_text.done is never sent, so the deltas join to nothing',
  caughtBy: 'stream.deltas-join',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) => events.filter((e) => e.type !== 'response.output_text.done').map((e, i) => ({ ...e, sequence_number: i }))),
};

export const streamArgumentsDeltasWrong: Mutant = {
  id: 'stream-arguments-deltas-wrong',
  breaks: 'spec 6.4: function-call argument deltas do not join to the done arguments (first chunk sent twice)',
  caughtBy: 'stream.deltas-join',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) => {
      const first = events.findIndex((e) => e.type === 'response.function_call_arguments.delta');
      return first < 0 ? events : [...events.slice(0, first + 1), events[first]!, ...events.slice(first + 1)].map((e, i) => ({ ...e, sequence_number: i }));
    }),
};

export const streamReasoningDeltasWrong: Mutant = {
  id: 'stream-reasoning-deltas-wrong',
  breaks: 'spec 6.4: reasoning text deltas do not join to reasoning_text.done (the done event trimmed)',
  caughtBy: 'stream.deltas-join',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((e) => (e.type === 'response.reasoning_text.done' && typeof e.text === 'string' ? { ...e, text: e.text.trim().slice(0, -1) } : e)),
    ),
};

export const streamTerminalStatusStale: Mutant = {
  id: 'stream-terminal-status-stale',
  breaks: 'reference: response.completed carries the in_progress snapshot (status in_progress)',
  caughtBy: 'stream.terminal-status',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((e) => (e.type === 'response.completed' && isObject(e.response) ? { ...e, response: { ...e.response, status: 'in_progress' } } : e)),
    ),
};

export const streamIncompleteAsCompleted: Mutant = {
  id: 'stream-incomplete-as-completed',
  breaks: 'reference: a response cut at max_output_tokens ends with response.completed instead of response.incomplete',
  caughtBy: 'stream.terminal-status',
  wrap: (fetch) => onStreamEvents(fetch, (events) => events.map((e) => (e.type === 'response.incomplete' ? { ...e, type: 'response.completed' } : e))),
};

export const streamIncompleteWithoutReason: Mutant = {
  id: 'stream-incomplete-without-reason',
  breaks: 'reference: response.incomplete carries incomplete_details null',
  caughtBy: 'stream.terminal-status',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((e) => (e.type === 'response.incomplete' && isObject(e.response) ? { ...e, response: { ...e.response, incomplete_details: null } } : e)),
    ),
};

export const streamErrorEventNested: Mutant = {
  id: 'stream-error-event-nested',
  breaks: 'reference: the error event nests {code, message} under error instead of being flat',
  caughtBy: 'stream.error-event',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((e) =>
        e.type === 'error' ? { type: 'error', sequence_number: e.sequence_number, error: { code: e.code, message: e.message, param: e.param } } : e,
      ),
    ),
};

export const streamErrorEventNoParam: Mutant = {
  id: 'stream-error-event-no-param',
  breaks: 'reference: the error event leaves out param',
  caughtBy: 'stream.error-event',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((e) => {
        if (e.type !== 'error') return e;
        const { param: _param, ...rest } = e;
        return rest;
      }),
    ),
};

export const streamSequenceFromOne: Mutant = {
  id: 'stream-sequence-from-one',
  breaks: 'reference grammar: sequence_number starts at 1',
  caughtBy: 'stream.sequence',
  wrap: (fetch) => onStreamEvents(fetch, (events) => events.map((e, i) => ({ ...e, sequence_number: i + 1 }))),
};

export const streamInProgressFirst: Mutant = {
  id: 'stream-in-progress-first',
  breaks: 'reference grammar: response.in_progress is sent before response.created',
  caughtBy: 'stream.grammar',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) => {
      const [a, b, ...rest] = events;
      return a && b ? [b, a, ...rest].map((e, i) => ({ ...e, sequence_number: i })) : events;
    }),
};

export const streamTwoTerminals: Mutant = {
  id: 'stream-two-terminals',
  breaks: 'reference grammar: response.incomplete is followed by a second terminal response.completed',
  caughtBy: 'stream.grammar',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) => {
      const last = events.at(-1);
      return last && last.type === 'response.incomplete' ? [...events, { ...last, type: 'response.completed', sequence_number: events.length }] : events;
    }),
};

export const streamDoneTwice: Mutant = {
  id: 'stream-done-twice',
  breaks: 'spec 6.2: [DONE] is sent twice (once by the handler, once by the framework)',
  caughtBy: 'stream.done-sentinel',
  wrap: (fetch) => onSse(fetch, (data) => (data.includes('[DONE]') ? [...data, '[DONE]'] : data)),
};

export const streamIncompleteWithoutUsage: Mutant = {
  id: 'stream-incomplete-without-usage',
  breaks: 'reference grammar: response.incomplete carries no usage (only completed does)',
  caughtBy: 'stream.terminal-event',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((e) => {
        if (e.type !== 'response.incomplete' || !isObject(e.response)) return e;
        const { usage: _usage, ...response } = e.response;
        return { ...e, response };
      }),
    ),
};

export const streamRechunkDuplicates: Mutant = {
  id: 'stream-rechunk-duplicates',
  breaks: 'reference pitfall: a writer that splits events across writes repeats the event it split (seen only when the bytes are re-chunked)',
  caughtBy: 'stream.random-chunking',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events, request) => {
      if (!request.headers.get('x-gatewaykit-chunking') || events.length < 4) return events;
      return [...events.slice(0, 3), events[2]!, ...events.slice(3)];
    }),
};

export const streamTerminalWithoutOutput: Mutant = {
  id: 'stream-terminal-without-output',
  breaks: 'reference pitfall: the terminal event carries the response without output',
  caughtBy: 'stream.terminal-event',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) =>
      events.map((e) => {
        if (!isTerminal(e) || !isObject(e.response)) return e;
        const { output: _output, ...response } = e.response;
        return { ...e, response };
      }),
    ),
};

export const streamDropsArgumentsDone: Mutant = {
  id: 'stream-drops-arguments-done',
  breaks: 'spec 6.4: function_call_arguments.done is never sent (the arguments arrive only as deltas)',
  caughtBy: 'stream.deltas-join',
  wrap: (fetch) =>
    onStreamEvents(fetch, (events) => events.filter((e) => e.type !== 'response.function_call_arguments.done').map((e, i) => ({ ...e, sequence_number: i }))),
};

export const STREAM_MUTANTS: readonly Mutant[] = [
  streamDropsArgumentsDone,
  streamItemIdChanges,
  streamDeltaItemIdWrong,
  streamOutputIndexFromOne,
  streamOutputIndexShifted,
  streamDropsOutputItemDone,
  streamDropsContentPartDone,
  streamDropsTextDone,
  streamArgumentsDeltasWrong,
  streamReasoningDeltasWrong,
  streamTerminalStatusStale,
  streamIncompleteAsCompleted,
  streamIncompleteWithoutReason,
  streamErrorEventNested,
  streamErrorEventNoParam,
  streamSequenceFromOne,
  streamInProgressFirst,
  streamTwoTerminals,
  streamDoneTwice,
  streamIncompleteWithoutUsage,
  streamRechunkDuplicates,
  streamTerminalWithoutOutput,
];
