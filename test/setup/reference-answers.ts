import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
// The observer hook's own module, not `gatewaykit/internals`: every test file runs this set-up,
// and a unit test should not load the whole package to install one hook.
import { observeExchanges, type Exchange } from '../../src/gateway/exchange-observer.ts';
import { judgeAnswer } from '../support/reference/answer-judge.ts';

/**
 * Every answer any gateway gives in this test process is judged against the reference's schema
 * for its operation and status (test/support/reference/). A non-conforming answer fails the test
 * that was running when it ended (or, for a stream that ended after its test, the next one to
 * end in this file), naming the operation, status, JSON path and the reference's rule.
 *
 * `REFERENCE_ANSWERS=report` only lists them in test-results/reference-answers-<pid>.jsonl;
 * `REFERENCE_ANSWERS=off` judges nothing (to measure what judging costs).
 */
const HOLDER = Symbol.for('gatewaykit.test.referenceAnswers');
type Holder = { [HOLDER]?: { pending: string[] } };
const state = ((globalThis as Holder)[HOLDER] ??= install());

function install(): { pending: string[] } {
  const pending: string[] = [];
  if (process.env.REFERENCE_ANSWERS === 'off') return { pending };
  const reportOnly = process.env.REFERENCE_ANSWERS === 'report';
  const log = join(import.meta.dirname, '..', '..', 'test-results', `reference-answers-${process.pid}.jsonl`);
  observeExchanges((exchange: Exchange) => {
    // A cassette's bytes are what some upstream once answered (or what a test wrote), not the simulator's.
    if (exchange.replayed) return;
    const problems = judgeAnswer(exchange);
    if (problems.length === 0) return;
    if (reportOnly) {
      mkdirSync(join(log, '..'), { recursive: true });
      appendFileSync(log, `${JSON.stringify({ path: exchange.path, status: exchange.status, problems })}\n`);
    } else pending.push(...problems);
  });
  return { pending };
}

function takePending(): void {
  if (state.pending.length === 0) return;
  const problems = [...new Set(state.pending.splice(0))];
  throw new Error(`answers that do not conform to the reference (../shared/reference/openrouter-openapi.yaml):\n  ${problems.join('\n  ')}`);
}

afterEach(takePending);
afterAll(takePending);
