import type { GenerationRecord } from '../account/generation-record.ts';

/**
 * What an answer shows of itself so that the same request can be answered again without the work
 * (answer-memo.ts): present only when the answer drew on nothing but the request, the key, the
 * scripts in play, the second of the clock and the per-answer ids (reusable-answer.ts decides).
 */
export interface AnswerReuse {
  /** The response id's 32 random characters (`resp_<32>`). */
  readonly responseDraw: string;
  /** The item ids' random parts, in draw order, and their lengths. */
  readonly itemDraws: readonly string[];
  readonly itemDrawLengths: readonly number[];
  /** The generation record written for this answer (none when it was not one to bill). */
  readonly records: readonly GenerationRecord[];
  /** The first of `records` as another answer to the same request would write it. */
  firstRecord(at: { id: string; responseId: string; receivedAt: number; headers: Headers }): GenerationRecord;
}
