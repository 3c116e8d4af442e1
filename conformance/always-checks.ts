import type { Check, CheckContext, CheckOutcome, Problems, SentExchange } from './check.ts';
import { observedOf, type Exchange } from './client/exchange.ts';
import { isControlPath } from './client/probe.ts';
import { errorEnvelopeProblems } from './oracles/error-envelope.ts';

/** The operations of spec 4 (what the always-on oracles judge; an edge's answer for any other path is not a rule). */
export function isOperationPath(path: string): boolean {
  const p = path.split('?')[0]!;
  // /messages answers errors in the Anthropic shape (messages.errors judges them), not the envelope.
  return !isControlPath(p) && /^\/(responses|videos(\/[^/]+)?|models|audio\/transcriptions|datasets\/rankings-daily|chat\/completions|embeddings)\/?$/.test(p);
}

/**
 * An always-on oracle (as in Schemathesis): judges every exchange any check of the run had with
 * an operation, and reports under its own id. Runs last; judges nothing when no check ran.
 */
function alwaysOn(id: string, rules: string[], spec: string, title: string, applies: (e: Exchange) => boolean, oracle: (e: Exchange) => Problems): Check {
  return {
    id,
    spec,
    rules,
    title,
    free: true,
    // Judges the journal of every check before it: those have all finished, none runs beside it.
    exclusive: true,
    async run(ctx: CheckContext): Promise<CheckOutcome> {
      const seen = ctx.exchanges().filter((s: SentExchange) => isOperationPath(s.exchange.probe.path) && applies(s.exchange));
      for (const { checkId, exchange } of seen) {
        const problems = oracle(exchange);
        if (problems.length > 0) {
          // The preflight's exchanges are sent by every run; any other is replayed with its check.
          const by = checkId === 'preflight' ? [] : [checkId];
          return {
            status: 'failed',
            reason: `${problems.join('; ')} (sent by ${checkId})`,
            counterexample: exchange.probe,
            observed: observedOf(exchange),
            with: by,
          };
        }
      }
      if (seen.length === 0) return { status: 'skipped', reason: 'no exchange of the run to judge (run it with other checks)' };
      return { status: 'passed', reason: `${seen.length} answers judged`, probed: { examples: seen.length, rules } };
    },
  };
}

const asked5xx = (e: Exchange) =>
  Object.entries(e.probe.headers ?? {}).some(([k, v]) => k.toLowerCase() === 'x-gatewaykit-fault' && /^5\d\d$|^stream-/.test(v.trim()));

export const alwaysErrorEnvelope = alwaysOn(
  'always.error-envelope',
  ['always.error-envelope'],
  'spec 7',
  'Every non-2xx answer any check received from an operation carries the error envelope',
  (e) => e.status >= 400,
  errorEnvelopeProblems,
);

export const alwaysNoUnasked5xx = alwaysOn(
  'always.no-unasked-5xx',
  ['always.no-unasked-5xx'],
  'spec 7',
  'No answer any check received is a 5xx that the request did not ask for',
  (e) => !asked5xx(e),
  (e) => (e.status >= 500 ? [`an unasked ${e.status} for ${e.probe.method} ${e.probe.path}: ${JSON.stringify(e.text.slice(0, 160))}`] : []),
);

export const alwaysGenerationId = alwaysOn(
  'always.generation-id',
  ['headers.generation-id'],
  'spec 4.1; reference',
  'Every answer any check received from an operation carries X-Generation-Id (header names match in any case)',
  () => true,
  (e) => (e.headers['x-generation-id'] ? [] : [`no X-Generation-Id header on the ${e.status} answer to ${e.probe.method} ${e.probe.path}`]),
);

export const ALWAYS_CHECKS: readonly Check[] = [alwaysErrorEnvelope, alwaysNoUnasked5xx, alwaysGenerationId];
