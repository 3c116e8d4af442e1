import type { Endpoint } from '../../src/operations/operation.ts';
import type { Check, CheckContext, CheckOutcome } from '../check.ts';
import { observedOf } from '../client/exchange.ts';
import { isSendError, outcomeOfError } from '../property/outcome-of-error.ts';
import { successProblems } from './answer-problems.ts';
import { endpointRequires, needsManagementKey, runComponents } from './kit-context.ts';
import type { OperationDeclaration } from './operation-declaration.ts';
import { flowAnswers, kitCheckPrefix, notServedReason, sampleFlow } from './operation-sample.ts';

export const SHAPE_RULE = 'operations.answer-schema';

/**
 * The kit's shape check of one endpoint: its served answer (shared with the endpoint's other
 * checks) has the status, content type and body its operation documents, judged with the
 * package's own schema of that answer.
 */
export function shapeCheck(declaration: OperationDeclaration, endpoint: Endpoint): Check {
  const flow = sampleFlow(declaration, endpoint);
  const requires = endpointRequires(endpoint);
  return {
    id: `${kitCheckPrefix(endpoint)}.shape`,
    spec: `reference ${endpoint.referenceId || endpoint.id}`,
    rules: [SHAPE_RULE],
    title: `${endpoint.method} ${endpoint.path}: a served answer has the status, content type and body of its operation${declaration.creates ? ` (${declaration.creates})` : ''}`,
    ...(requires ? { requires } : {}),
    ...(flow.paid === 0 ? { free: true } : {}),
    // Judges its own answer only; a flow that creates objects runs alone.
    exclusive: declaration.creates !== undefined,
    owes: () => ({ own: 0, shared: { [flow.key]: flow.paid } }),
    run: (ctx) => judgeShape(ctx, declaration, endpoint),
  };
}

async function judgeShape(ctx: CheckContext, declaration: OperationDeclaration, endpoint: Endpoint): Promise<CheckOutcome> {
  const skip = needsManagementKey(ctx, endpoint);
  if (skip) return skip;
  let flow;
  try {
    flow = await flowAnswers(ctx, declaration, endpoint);
  } catch (error) {
    if (isSendError(error)) return outcomeOfError(error);
    throw error;
  }
  const sample = flow[endpoint.id];
  if (!sample) return { status: 'skipped', reason: `no served answer of ${endpoint.method} ${endpoint.path} to judge: an earlier step of its flow failed` };
  const notServed = notServedReason(endpoint, sample);
  if (notServed) return { status: 'skipped', reason: notServed };
  const components = await runComponents(ctx);
  const problems = declaration.judge ? declaration.judge(sample, flow, components) : successProblems(endpoint.id, sample, components);
  if (problems.length > 0) return { status: 'failed', reason: problems.join('; '), counterexample: sample.probe, observed: observedOf(sample) };
  return { status: 'passed', probed: { examples: 1, rules: [SHAPE_RULE] } };
}
