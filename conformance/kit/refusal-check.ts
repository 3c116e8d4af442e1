import type { Endpoint } from '../../src/operations/operation.ts';
import type { Check, CheckContext, CheckOutcome } from '../check.ts';
import { isSendError, outcomeOfError } from '../property/outcome-of-error.ts';
import { paidCount } from '../property/owed-probes.ts';
import { endpointRequires, needsManagementKey, runComponents } from './kit-context.ts';
import type { CheckKind, OperationDeclaration, Refusal } from './operation-declaration.ts';
import { kitCheckPrefix, notServedReason, operationSample, sampleFlow } from './operation-sample.ts';
import { refuseAll } from './refuse-all.ts';

/** What a refusal check of the kit is made from. */
export interface RefusalCheckParts {
  readonly kind: Exclude<CheckKind, 'shape'>;
  readonly spec: string;
  readonly title: string;
  /** Every rule its refusals may probe (the catalogue ids). */
  readonly rules: readonly string[];
  readonly refusals: (ctx: CheckContext) => readonly Refusal[];
  /** Its refusals are sent with a management key: skipped without one. */
  readonly managementKey: boolean;
}

/**
 * A kit check that sends requests the endpoint must refuse and judges each answer's status and
 * error body. It first asks for the endpoint's served answer (shared with its shape check): a
 * target that does not serve the endpoint is skipped, saying so, rather than judged by its 404s.
 */
export function refusalCheck(declaration: OperationDeclaration, endpoint: Endpoint, parts: RefusalCheckParts): Check {
  const flow = sampleFlow(declaration, endpoint);
  const requires = endpointRequires(endpoint);
  const consults = declaration.handWritten?.shape === undefined;
  const owesNothing = (flow.paid === 0 || !consults) && endpoint.paid !== true;
  return {
    id: `${kitCheckPrefix(endpoint)}.${parts.kind}`,
    spec: parts.spec,
    rules: parts.rules,
    title: parts.title,
    ...(requires ? { requires } : {}),
    ...(owesNothing ? { free: true } : {}),
    // Judges statuses and error bodies only; what a wrongly served refusal creates it removes at once.
    exclusive: declaration.creates !== undefined,
    owes: (ctx) => ({ own: paidCount(parts.refusals(ctx).map((r) => r.probe)), ...(consults ? { shared: { [flow.key]: flow.paid } } : {}) }),
    run: (ctx) => judgeRefusals(ctx, declaration, endpoint, parts),
  };
}

async function judgeRefusals(ctx: CheckContext, declaration: OperationDeclaration, endpoint: Endpoint, parts: RefusalCheckParts): Promise<CheckOutcome> {
  if (parts.managementKey) {
    const skip = needsManagementKey(ctx, endpoint);
    if (skip) return skip;
  }
  // Without a management key a management endpoint's served answer cannot be had: its refusals are
  // judged all the same. A surface whose shape is hand-written judges its own served answers.
  if ((endpoint.auth !== 'management' || ctx.hasManagementKey) && !declaration.handWritten?.shape) {
    try {
      const notServed = notServedReason(endpoint, await operationSample(ctx, declaration, endpoint));
      if (notServed) return { status: 'skipped', reason: notServed };
    } catch (error) {
      if (isSendError(error)) return outcomeOfError(error);
      throw error;
    }
  }
  return refuseAll(ctx, declaration, endpoint, parts.refusals(ctx), await runComponents(ctx));
}
