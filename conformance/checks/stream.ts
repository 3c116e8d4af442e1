import type { Check, CheckContext, Problems } from '../check.ts';
import type { Exchange } from '../client/exchange.ts';
import type { Probe } from '../client/probe.ts';
import { parseStream } from '../oracles/parse-stream.ts';
import {
  streamContentTypeProblems,
  streamDeltaProblems,
  streamDoneProblems,
  streamGrammarProblems,
  streamSequenceProblems,
  streamTerminalProblems,
} from '../oracles/stream-oracles.ts';
import { judgeShared } from '../property/judge-shared.ts';
import { baseResponsesRequest } from '../requests.ts';

/** One cheap streamed generation, judged by every stream check (spec 4.1, 6). */
const sampleStream = (ctx: CheckContext): Probe => ({
  method: 'POST',
  path: '/responses',
  body: { ...baseResponsesRequest(ctx.model), input: 'Count from one to five in words.', max_output_tokens: 32, stream: true },
  paid: true,
});

function streamCheck(id: string, spec: string, title: string, oracle: (e: Exchange) => Problems): Check {
  return { id, spec, title, run: (ctx) => judgeShared(ctx, 'stream.sample', sampleStream(ctx), oracle) };
}

export const streamContentType = streamCheck('stream.content-type', 'spec 4.1, 6.1', 'A stream is answered 200 with content type text/event-stream', streamContentTypeProblems);
export const streamDone = streamCheck('stream.done-sentinel', 'spec 4.1, 6.2', 'The stream ends with data: [DONE], once, last', streamDoneProblems);
export const streamSequence = streamCheck('stream.sequence', 'spec 6.4; reference grammar', 'sequence_number runs 0, 1, 2, ... without gaps', streamSequenceProblems);
export const streamGrammar = streamCheck(
  'stream.grammar',
  'spec 6; reference grammar',
  'created -> in_progress -> items -> exactly one terminal event, each event matching its schema',
  streamGrammarProblems,
);
export const streamTerminal = streamCheck(
  'stream.terminal-event',
  'spec 2.2, 6; reference grammar',
  'The terminal event carries the whole response with output and usage that adds up',
  streamTerminalProblems,
);
export const streamDeltas = streamCheck(
  'stream.deltas-join',
  'spec 6.4',
  'Text deltas join to the done text and to the final output text',
  streamDeltaProblems,
);

/** The same rules when the simulator splits the bytes at random offsets (a network splitting events across reads). */
export const streamRandomChunking: Check = {
  id: 'stream.random-chunking',
  spec: 'spec 6; reference pitfalls',
  title: 'Events split across network reads (X-Gatewaykit-Chunking: random) decode to a conforming stream',
  requires: ['simulator'],
  run: (ctx) =>
    judgeShared(
      ctx,
      'stream.chunked',
      { ...sampleStream(ctx), headers: { 'X-Gatewaykit-Chunking': 'random' } },
      (e) => [streamContentTypeProblems, streamDoneProblems, streamSequenceProblems, streamGrammarProblems, streamTerminalProblems, streamDeltaProblems].flatMap((o) => o(e)),
    ),
};

/**
 * reference: once 200 was sent, a failure is reported in-stream (`error` then `response.failed`),
 * never swallowed into an empty "success" (a known client pitfall).
 */
export function inStreamErrorProblems(exchange: Exchange): Problems {
  if (exchange.status !== 200) return [`a failure after the headers must keep the 200 and report in-stream, got ${exchange.status}`];
  const types = parseStream(exchange).events.map((e) => e?.type);
  const error = types.indexOf('error');
  const failed = types.indexOf('response.failed');
  if (error < 0) return ['no in-stream error event'];
  if (failed < error) return ['response.failed must follow the error event'];
  if (types.includes('response.completed')) return ['a failed stream must not also complete'];
  return [];
}

export const streamInStreamError: Check = {
  id: 'stream.in-stream-error',
  spec: 'spec 6, 7; reference',
  title: 'A failure after the headers is reported in-stream: error, then response.failed',
  requires: ['simulator'],
  run: (ctx) => judgeShared(ctx, 'stream.error', { ...sampleStream(ctx), headers: { 'X-Gatewaykit-Fault': 'stream-error' } }, inStreamErrorProblems),
};

export const STREAM_CHECKS: readonly Check[] = [
  streamContentType,
  streamDone,
  streamSequence,
  streamGrammar,
  streamTerminal,
  streamDeltas,
  streamRandomChunking,
  streamInStreamError,
];
