import type { Check, CheckContext } from '../check.ts';
import { authRefusals } from './auth-refusals.ts';
import type { OperationDeclaration, Refusal } from './operation-declaration.ts';
import { endpointOf, ownAuth } from './operation-sample.ts';
import { refusalCheck } from './refusal-check.ts';
import { shapeCheck } from './shape-check.ts';

/** What the declarations may read of a context when the kit lists their rules before any run. */
export const LISTING_CONTEXT = {
  model: 'model',
  reasoningModel: undefined,
  videoModel: undefined,
  includeVideos: false,
  simulator: undefined,
} as unknown as CheckContext;

const rulesOf = (refusals: readonly Refusal[]) => [...new Set(refusals.map((r) => r.rule))];

/**
 * The standard checks of one endpoint, from its declaration: `<endpoint id>.shape`, `.errors` and
 * `.auth`, leaving out the kinds a hand-written check judges.
 *
 * @example
 * operationChecks(providersDeclaration).map((c) => c.id); // ['providers.list.shape', 'providers.list.errors', 'providers.list.auth']
 */
export function operationChecks(declaration: OperationDeclaration): Check[] {
  const endpoint = endpointOf(declaration);
  const own = ownAuth(endpoint);
  const badInput = (ctx: CheckContext) => declaration.badInput(ctx).map((r) => ({ ...r, probe: { ...r.probe, auth: r.probe.auth ?? own } }));
  const auth = (ctx: CheckContext) => declaration.auth?.(ctx) ?? authRefusals(endpoint, declaration.request(ctx));
  const where = `${endpoint.method} ${endpoint.path}`;
  const checks: Check[] = [];
  if (!declaration.handWritten?.shape) checks.push(shapeCheck(declaration, endpoint));
  if (!declaration.handWritten?.errors) {
    const listed = badInput(LISTING_CONTEXT);
    checks.push(
      refusalCheck(declaration, endpoint, {
        kind: 'errors',
        spec: 'spec 7',
        title: `${where}: bad input (${listed.map((r) => r.label).join('; ')}) is refused with its status and error body`,
        rules: rulesOf(listed),
        refusals: badInput,
        managementKey: own === 'management',
      }),
    );
  }
  if (!declaration.handWritten?.auth) {
    const listed = auth(LISTING_CONTEXT);
    checks.push(
      refusalCheck(declaration, endpoint, {
        kind: 'auth',
        spec: own === 'management' ? 'spec 5.2, 5.3, 7' : 'spec 5.2, 7',
        title: `${where}: refused ${listed.map((r) => `${r.label} (${r.statuses.join(' or ')})`).join(', ')}`,
        rules: rulesOf(listed),
        refusals: auth,
        managementKey: false,
      }),
    );
  }
  return checks;
}
