import { tableEndpoints } from '../../src/gateway/operations-table.ts';
import type { Endpoint } from '../../src/operations/operation.ts';
import type { CheckContext } from '../check.ts';
import type { Exchange } from '../client/exchange.ts';
import type { Probe } from '../client/probe.ts';
import type { OperationDeclaration, SampleFlow } from './operation-declaration.ts';

/** The table's endpoint a declaration names (throws for an unknown id: a bug in the declaration). */
export function endpointOf(declaration: Pick<OperationDeclaration, 'endpoint'>): Endpoint {
  const endpoint = tableEndpoints().find((e) => e.id === declaration.endpoint);
  if (!endpoint) throw new Error(`conformance kit: no endpoint ${declaration.endpoint} in the operations table`);
  return endpoint;
}

/**
 * Endpoint ids whose first segment names a group of hand-written checks of another kind (`auth.`
 * selects the auth checks of every surface): their kit checks take the operation's folder name.
 */
const RENAMED_GROUPS: Readonly<Record<string, string>> = { 'auth.keys': 'auth-keys' };

/**
 * The id prefix of an endpoint's kit checks: its endpoint id (`images.create` -> `images.create.shape`),
 * `auth.keys...` as `auth-keys...`.
 *
 * @example
 * kitCheckPrefix({ id: 'auth.keys.code.create' }); // 'auth-keys.code.create'
 */
export function kitCheckPrefix(endpoint: Pick<Endpoint, 'id'>): string {
  const renamed = Object.keys(RENAMED_GROUPS).find((from) => endpoint.id === from || endpoint.id.startsWith(`${from}.`));
  return renamed === undefined ? endpoint.id : `${RENAMED_GROUPS[renamed]}${endpoint.id.slice(renamed.length)}`;
}

/** The credentials an endpoint takes, as a probe's `auth`. */
export function ownAuth(endpoint: Pick<Endpoint, 'auth'>): Probe['auth'] {
  return endpoint.auth === 'management' ? 'management' : endpoint.auth === 'none' ? 'none' : 'key';
}

/** The flow of one served request, or the declaration's own flow; shared by the endpoint's checks. */
export function sampleFlow(declaration: OperationDeclaration, endpoint: Endpoint): SampleFlow {
  if (declaration.sample) return declaration.sample;
  return {
    key: `kit.sample:${endpoint.id}`,
    paid: endpoint.paid === true ? 1 : 0,
    make: async (client, ctx) => ({ [endpoint.id]: await client.send({ ...declaration.request(ctx), auth: ownAuth(endpoint) }) }),
  };
}

/** The served answer of the endpoint for this run (made once, by the first of its checks to ask); undefined when the flow made none. */
export async function operationSample(ctx: CheckContext, declaration: OperationDeclaration, endpoint: Endpoint): Promise<Exchange | undefined> {
  return (await flowAnswers(ctx, declaration, endpoint))[endpoint.id];
}

/** Every answer of the endpoint's flow (made once a run). */
export function flowAnswers(ctx: CheckContext, declaration: OperationDeclaration, endpoint: Endpoint): Promise<Readonly<Partial<Record<string, Exchange>>>> {
  const flow = sampleFlow(declaration, endpoint);
  return ctx.shared(flow.key, (client) => flow.make(client, ctx));
}

/** Why the endpoint cannot be judged on this target: it answered a valid request 404 or 405 (it does not serve the operation). */
export function notServedReason(endpoint: Pick<Endpoint, 'method' | 'path'>, sample: Pick<Exchange, 'status'> | undefined): string | undefined {
  if (sample && (sample.status === 404 || sample.status === 405))
    return `the target does not serve ${endpoint.method} ${endpoint.path}: a valid request got ${sample.status}`;
  return undefined;
}
