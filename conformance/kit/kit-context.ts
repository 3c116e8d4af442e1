import type { Endpoint } from '../../src/operations/operation.ts';
import type { CheckContext, CheckOutcome } from '../check.ts';
import { answerComponents, type AnswerComponents } from './answer-validator.ts';

/** The answer components of the run, built once (the first kit check to judge an answer builds them). */
export function runComponents(ctx: CheckContext): Promise<AnswerComponents> {
  return ctx.shared('kit.answer-components', async () => answerComponents());
}

/** A management endpoint's served answers need `--management-key`; without one the check is skipped, saying so. */
export function needsManagementKey(ctx: CheckContext, endpoint: Pick<Endpoint, 'auth' | 'method' | 'path'>): CheckOutcome | undefined {
  if (endpoint.auth !== 'management' || ctx.hasManagementKey) return undefined;
  return { status: 'skipped', reason: `${endpoint.method} ${endpoint.path} takes a management key (spec 5.3): give one with --management-key` };
}

/** `requires` of an endpoint's checks: `/videos` paths only with `--include-videos`. */
export function endpointRequires(endpoint: Pick<Endpoint, 'path'>): readonly ['videos'] | undefined {
  return /^\/videos(\/|$)/.test(endpoint.path) ? ['videos'] : undefined;
}
