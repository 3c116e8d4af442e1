import type { Check, CheckContext, Judgement } from '../../check.ts';
import type { Exchange } from '../../client/exchange.ts';
import {
  errorEventProblems,
  inStreamErrorProblems,
  streamContentTypeProblems,
  streamDeltaProblems,
  streamDoneProblems,
  streamGrammarProblems,
  streamItemIdentityProblems,
  streamItemPositionProblems,
  streamSequenceProblems,
  streamTerminalProblems,
  streamTerminalStatusProblems,
} from './stream-oracles.ts';
import { judgeSamples, sharedSamples, type Sample } from '../../property/judge-shared.ts';
import { owesSampleSets, sampleSet } from '../../property/sample-set.ts';
import { shapeSamples } from './samples.ts';

/** The streamed samples (every answer shape; many on the simulator), sent once and judged by every stream check. */
const streamSet = sampleSet('stream.samples', (ctx) => shapeSamples(ctx, true));
export const streamSamples = (ctx: CheckContext) => streamSet.samples(ctx);

/** What a check judging the streamed samples owes: the samples, paid once a run. */
const streamSamplesOwed = owesSampleSets(streamSet);

/** Deltas of a stream cut by a failure need not join: the deltas check judges the other shapes. */
const notError = (oracle: (e: Exchange) => Judgement) => async (ctx: CheckContext) =>
  judgeSamples(
    (await streamSamples(ctx)).filter((s) => !s.label.startsWith('in-stream-error')),
    oracle,
  );

function streamCheck(id: string, spec: string, rules: string[], title: string, oracle: (e: Exchange, s: Sample) => Judgement): Check {
  return { id, spec, rules, title, exclusive: false, owes: streamSamplesOwed, run: async (ctx) => judgeSamples(await streamSamples(ctx), oracle) };
}

export const streamContentType = streamCheck(
  'stream.content-type',
  'spec 4.1, 6.1',
  ['stream.event-stream'],
  'A stream is answered 200 with content type text/event-stream',
  streamContentTypeProblems,
);
export const streamDone = streamCheck(
  'stream.done-sentinel',
  'spec 4.1, 6.2',
  ['stream.done'],
  'The stream ends with data: [DONE], once, last',
  streamDoneProblems,
);
export const streamSequence = streamCheck(
  'stream.sequence',
  'spec 6; reference grammar',
  ['stream.sequence-numbers'],
  'sequence_number runs 0, 1, 2, ... without gaps',
  streamSequenceProblems,
);
export const streamGrammar = streamCheck(
  'stream.grammar',
  'spec 6; reference grammar',
  ['stream.grammar'],
  'created -> in_progress -> items -> exactly one terminal event, each event matching its schema',
  streamGrammarProblems,
);
/** Two rules on the same samples: each failure names the one its answer breaks. */
export const streamItemIdentity: Check = {
  id: 'stream.item-identity',
  exclusive: false,
  spec: 'spec 6; reference grammar',
  rules: ['stream.item-identity', 'stream.item-positions'],
  title:
    "Item ids and output indexes stay the same from added to done, every added item and part is done, and each index is the item's position in the final output",
  owes: streamSamplesOwed,
  async run(ctx) {
    const samples = await streamSamples(ctx);
    const identity = judgeSamples(samples, streamItemIdentityProblems);
    if (identity.status === 'failed') return { ...identity, rules: ['stream.item-identity'] };
    const positions = judgeSamples(samples, streamItemPositionProblems);
    if (positions.status === 'failed') return { ...positions, rules: ['stream.item-positions'] };
    return identity;
  },
};
export const streamTerminalStatus = streamCheck(
  'stream.terminal-status',
  'spec 2.2, 6; reference grammar',
  ['stream.terminal-status'],
  'The terminal event agrees with its response status and incomplete_details',
  streamTerminalStatusProblems,
);
export const streamTerminal = streamCheck(
  'stream.terminal-event',
  'spec 2.2, 6; reference grammar',
  ['stream.terminal-carries-response'],
  'The terminal event carries the whole response with output and usage that adds up',
  streamTerminalProblems,
);
export const streamDeltas: Check = {
  id: 'stream.deltas-join',
  exclusive: false,
  spec: 'spec 6.4',
  rules: ['stream.deltas-join'],
  title: 'Text, argument and reasoning deltas join to their done events and to the final output text',
  owes: streamSamplesOwed,
  run: notError(streamDeltaProblems),
};

/** Only the in-stream error samples (simulator): the other shapes have no failure to judge. */
const errorSamples = async (ctx: CheckContext) => (await streamSamples(ctx)).filter((s) => s.label.startsWith('in-stream-error'));

/** reference: once 200 was sent, a failure is reported in-stream (`error` then `response.failed`). */
export const streamInStreamError: Check = {
  id: 'stream.in-stream-error',
  exclusive: false,
  spec: 'spec 6, 7; reference',
  rules: ['stream.failure-in-stream'],
  title: 'A failure after the headers is reported in-stream: error, then response.failed',
  requires: ['simulator'],
  owes: streamSamplesOwed,
  run: async (ctx) => judgeSamples(await errorSamples(ctx), inStreamErrorProblems),
};

export const streamErrorEvent: Check = {
  id: 'stream.error-event',
  exclusive: false,
  spec: 'spec 6, 7; reference',
  rules: ['stream.error-flat'],
  title: 'The in-stream error event is flat: type, code, message, param, sequence_number',
  requires: ['simulator'],
  owes: streamSamplesOwed,
  run: async (ctx) => judgeSamples(await errorSamples(ctx), errorEventProblems),
};

/** The same rules when the simulator splits the bytes at random offsets (a network splitting events across reads). */
export const streamRandomChunking: Check = {
  id: 'stream.random-chunking',
  exclusive: false,
  spec: 'spec 6; reference pitfalls',
  rules: ['stream.split-reads'],
  title: 'Events split across network reads (X-Gatewaykit-Chunking: random) decode to a conforming stream',
  requires: ['simulator'],
  run: async (ctx) => {
    const probes = shapeSamples({ ...ctx, runs: 0 }, true)
      .filter((s) => !s.label.startsWith('in-stream-error'))
      .map((s) => ({ label: `${s.label} (random chunking)`, probe: { ...s.probe, headers: { ...s.probe.headers, 'X-Gatewaykit-Chunking': 'random' } } }));
    const oracles = [
      streamContentTypeProblems,
      streamDoneProblems,
      streamSequenceProblems,
      streamGrammarProblems,
      streamItemIdentityProblems,
      streamTerminalProblems,
      streamDeltaProblems,
    ];
    return judgeSamples(await sharedSamples(ctx, 'stream.chunked', probes), (e) => {
      const judgements = oracles.map((o) => o(e));
      const problems = judgements.flatMap((j) => (Array.isArray(j) ? j : []));
      if (problems.length > 0) return problems;
      return judgements.find((j) => !Array.isArray(j)) ?? [];
    });
  },
};

export const STREAM_CHECKS: readonly Check[] = [
  streamContentType,
  streamDone,
  streamSequence,
  streamGrammar,
  streamItemIdentity,
  streamTerminalStatus,
  streamTerminal,
  streamDeltas,
  streamInStreamError,
  streamErrorEvent,
  streamRandomChunking,
];
