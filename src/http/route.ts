import type { ApiKey } from '../auth/api-key.ts';
import type { Reservation } from '../account/reservation.ts';
import type { Delivery } from '../types/delivery.ts';
import type { GatewayError } from '../errors/gateway-error.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import type { SimulationControls } from '../simulation/simulation-headers.ts';

/** What an operation handler receives. */
export interface RequestContext {
  readonly request: Request;
  readonly url: URL;
  /** Path parameters, e.g. `{ jobId }`. */
  readonly params: Record<string, string>;
  /** The authenticated key (undefined for auth: 'none' routes). */
  readonly apiKey: ApiKey | undefined;
  readonly env: GatewayEnv;
  /** spec 2.1: X-Gateway-Metadata / X-Gateway-Experimental-Metadata is `enabled`. */
  readonly metadataEnabled: boolean;
  readonly simulation: SimulationControls;
  /** Gateway clock reading when the request arrived (ms). */
  readonly receivedAt: number;
  /**
   * Sequence number of this answer among the gateway's API answers since start or control reset
   * (0, 1, 2, ...): answer ids derive from it, so each answer's are fresh yet replayable.
   */
  readonly seq: number;
  /**
   * This answer's `X-Generation-Id` (reference README: every response carries one), made once per
   * request: an operation that names it on its answer and the dispatcher, which sets it on every
   * other answer, use this same value.
   */
  generationId(): string;
  /** Remote address as the adapter saw it; undefined in-process. */
  readonly remoteAddress: string | undefined;
  /**
   * Body bytes, read once with the size limit (413 past it): the route's limit, or `limit` when an
   * operation knows a tighter one for this body (given on the first call; later calls share it).
   */
  bytes(limit?: number): Promise<Uint8Array>;
  /** Body parsed as JSON (400 for bad content type, bad UTF-8, bad JSON). Recorded in the journal. */
  json(): Promise<unknown>;
  /**
   * The one billing path of a paid operation (docs/architecture.md, "Billing"): hold the most this
   * answer can cost against the key's limit and the account's credits, before any work (402 when
   * it does not fit; `explain` words it from what is left, USD). Settle the hold with the answer's
   * record once it is delivered; a hold still open when the operation fails is released by the
   * dispatcher, so an answer not delivered is neither charged nor recorded.
   */
  reserve(worstCost: number, explain?: (left: number) => string): Reservation;
  /**
   * Run `settle` once the answer is out, with how much of it the client got: at once for a body
   * handed over whole, at the end of an event stream, or when the client leaves it mid-way (a
   * cancelled stream is billed for what was sent, docs/account.md). Never for a failed answer.
   */
  afterDelivery(settle: (delivery: Delivery) => void): void;
}

export type HttpMethod = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';

/** One operation of the API (or of the control API). */
export interface Route {
  readonly method: HttpMethod;
  /** Relative to the base path for API routes (`/responses`), absolute for control routes. */
  readonly path: string;
  /** Stable id used in the journal, conformance reports and OpenAPI (`responses.create`). */
  readonly operation: string;
  /** One line for `/openapi.json` and the README (the operations table's endpoints carry one). */
  readonly summary?: string;
  /** The reference's `operationId` this route serves (`createEmbeddings`). */
  readonly referenceId?: string;
  /** `key`: any valid key; `management`: a management key (spec 5.3); `none`: no auth (control API). */
  readonly auth: 'key' | 'management' | 'none';
  /** Costs credits: a key without credits gets 402. */
  readonly paid?: boolean;
  /** Statuses `X-Gatewaykit-Fault` may force here (spec 4.1, 4.2, 7). */
  readonly faults: readonly number[];
  /** Overrides the gateway's body-size limit for this route. */
  readonly maxBodyBytes?: number;
  /** Control routes live at the origin root and refuse non-loopback callers. */
  readonly control?: boolean;
  /**
   * The error body of this operation, when its clients parse another shape than the spec 7
   * envelope (the Anthropic Messages surface). Every failure once the route is found uses it:
   * auth, forced faults, rate limits, validation. `requestId` is the answer's generation id.
   */
  readonly errorBody?: (err: GatewayError, info: { requestId: string; metadataEnabled: boolean }) => unknown;
  /**
   * The bodies of this operation carry secrets (a created key, a PKCE verifier): the journal keeps
   * neither the request body nor the answer body, only the status and headers (masked).
   */
  readonly secretBodies?: boolean;
  /** With `errorBody`: a header that repeats the generation id on errors, where this operation's clients read it (Anthropic's `request-id`). */
  readonly requestIdHeader?: string;
  /** A header that may carry the key instead of `Authorization: Bearer` (Anthropic clients send `x-api-key`). */
  readonly keyHeader?: string;
  handle(ctx: RequestContext): Promise<Response> | Response;
}
