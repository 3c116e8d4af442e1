import type { CheckContext, Problems } from '../check.ts';
import type { AnswerComponents } from './answer-validator.ts';
import type { Exchange } from '../client/exchange.ts';
import type { GatewayClient } from '../client/gateway-client.ts';
import type { Probe } from '../client/probe.ts';

/** The three standard checks every operation of the table gets. */
export type CheckKind = 'shape' | 'errors' | 'auth';
export const CHECK_KINDS: readonly CheckKind[] = ['shape', 'errors', 'auth'];

/** A request the operation must refuse, the statuses it may refuse it with, and the catalogue rule it probes. */
export interface Refusal {
  readonly label: string;
  readonly probe: Probe;
  readonly statuses: readonly number[];
  readonly rule: string;
}

/**
 * Served answers made by a flow of several requests (create a key, read it, change it, delete it),
 * by endpoint id, when one request cannot show an answer. `paid`: how many of its requests take a
 * unit of the budget. Shared by every check that names the same `key`.
 */
export interface SampleFlow {
  readonly key: string;
  readonly paid: number;
  make(client: GatewayClient, ctx: CheckContext): Promise<Readonly<Partial<Record<string, Exchange>>>>;
}

/**
 * The checks of one endpoint of the operations table, as one declaration (conformance/kit/).
 * The kit derives the shape, errors and auth checks from it and from the table's `Endpoint`
 * (method, auth, paid) and the operation's docs (success status, content types, schemas, error body).
 *
 * @example
 * const providers: OperationDeclaration = {
 *   endpoint: 'providers.list',
 *   request: () => ({ method: 'GET', path: '/providers' }),
 *   badInput: () => [wrongMethod('/providers')],
 * };
 */
export interface OperationDeclaration {
  /** The endpoint's id in the operations table (`providers.list`). */
  readonly endpoint: string;
  /**
   * A request the endpoint serves, without credentials (the kit sends the key the endpoint takes):
   * the shape check's sample and the target of the auth refusals.
   */
  readonly request: (ctx: CheckContext) => Omit<Probe, 'auth'>;
  /** When one request cannot show a served answer: the flow that makes it. */
  readonly sample?: SampleFlow;
  /**
   * Judge the endpoint's answer with the rest of its flow in view, when what the operation documents
   * depends on it (a file's content: 200 with its bytes when it is downloadable, else 400).
   * Default: the endpoint's documented success.
   */
  readonly judge?: (answer: Exchange, flow: Readonly<Partial<Record<string, Exchange>>>, components: AnswerComponents) => Problems;
  /** Requests it must refuse as bad input (malformed JSON, a wrong type, an unknown id, a method it does not take). */
  readonly badInput: (ctx: CheckContext) => readonly Refusal[];
  /** Auth refusals of an endpoint that takes no key (`POST /auth/keys`); others get the kit's by their `auth`. */
  readonly auth?: (ctx: CheckContext) => readonly Refusal[];
  /** Kinds judged by a hand-written check (its id): the kit makes no check of that kind. */
  readonly handWritten?: Partial<Readonly<Record<CheckKind, string>>>;
  /** What a served request creates on a live gateway, and how the check removes it (said in its title). */
  readonly creates?: string;
  /** The request that removes what a wrongly served refusal created (a key made from bad input). */
  readonly cleanup?: (exchange: Exchange) => Probe | undefined;
}
