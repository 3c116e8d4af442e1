import type { Reservation } from '../account/reservation.ts';
import type { Delivery } from '../types/delivery.ts';
import type { ApiKey } from '../auth/api-key.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { SimulationControls } from '../simulation/simulation-headers.ts';
import type { RequestInfo } from './request-info.ts';
import { generationId } from './generation-id.ts';
import { parseJsonBody, readBodyLimited } from './read-body.ts';
import type { RequestContext, Route } from './route.ts';

const NO_PARAMS: Record<string, string> = {};
// What a control route sees (it reads no simulation headers).
const NO_SIMULATION: SimulationControls = Object.freeze({ randomChunking: false });

/**
 * One request's context as operations see it (route.ts), and what the dispatcher learns of the
 * request on the way (the body, for the journal). A class: its accessor and methods live on the
 * prototype, where an object literal made per request needed a closure for each (and an accessor
 * pair for `url`).
 */
export class DispatchContext implements RequestContext {
  params: Record<string, string> = NO_PARAMS;
  apiKey: ApiKey | undefined = undefined;
  simulation: SimulationControls = NO_SIMULATION;
  /** The route's body limit (0 until a route is found: nothing reads a body before). */
  limit = 0;
  /** The body as parsed, and as read: the journal shows them. */
  body: unknown = undefined;
  bodyRead: Uint8Array | undefined = undefined;
  /** The route found for the request (undefined until then, and for a path no route serves). */
  route: Route | undefined = undefined;
  /** Whose error shape the failures take (Route.errorBody): the route's, or its path family's when no route serves the path. */
  errorShape: Pick<Route, 'errorBody' | 'requestIdHeader'> | undefined = undefined;
  /** The retry delay 429/503 answers advertise: the request's header, else the key's (keys file). */
  retryAfterFromHeader: number | undefined = undefined;
  retryAfterFromKey: number | undefined = undefined;
  #url: URL | undefined;
  #generationId: string | undefined = undefined;
  #bytes: Promise<Uint8Array> | undefined = undefined;
  #holds: Reservation[] | undefined = undefined;
  #afterDelivery: ((delivery: Delivery) => void)[] | undefined = undefined;

  constructor(
    readonly request: Request,
    url: URL | undefined,
    readonly env: GatewayEnv,
    readonly metadataEnabled: boolean,
    readonly receivedAt: number,
    readonly seq: number,
    private readonly info: RequestInfo,
  ) {
    this.#url = url;
  }

  get url(): URL {
    return (this.#url ??= new URL(this.request.url));
  }

  get remoteAddress(): string | undefined {
    return this.info.remoteAddress;
  }

  generationId(): string {
    return (this.#generationId ??= generationId(this.env.seed, this.seq, this.receivedAt));
  }

  bytes(tighter?: number): Promise<Uint8Array> {
    if (this.#bytes) return this.#bytes;
    const max = tighter === undefined ? this.limit : Math.min(this.limit, tighter);
    const read = this.info.readBody ? this.info.readBody(max) : readBodyLimited(this.request, max);
    return (this.#bytes = read.then((bytes) => (this.bodyRead = bytes)));
  }

  /**
   * Put `body` in place of the request's body (a guardrail's redaction): every later reader, the
   * operation's and the journal's, sees it as if the client had sent it.
   */
  replaceBody(body: unknown): void {
    const bytes = new TextEncoder().encode(JSON.stringify(body));
    this.#bytes = Promise.resolve(bytes);
    this.bodyRead = bytes;
    this.body = body;
  }

  async json(): Promise<unknown> {
    const bytes = await this.bytes();
    this.body = parseJsonBody(bytes, this.request.headers.get('content-type'));
    return this.body;
  }

  reserve(worstCost: number, explain?: (left: number) => string): Reservation {
    if (!this.apiKey) throw new GatewayError(401);
    const hold = this.env.account.reserve(this.apiKey, worstCost, explain);
    (this.#holds ??= []).push(hold);
    return hold;
  }

  afterDelivery(settle: (delivery: Delivery) => void): void {
    (this.#afterDelivery ??= []).push(settle);
  }

  /** What runs once the answer is out (undefined: nothing asked). */
  deliveryListener(): ((delivery: Delivery) => void) | undefined {
    const listeners = this.#afterDelivery;
    if (!listeners) return undefined;
    return listeners.length === 1 ? listeners[0] : (delivery) => listeners.forEach((settle) => settle(delivery));
  }

  /** Releases the holds the operation left open (it failed: no answer was delivered), and forgets what was to run on delivery. */
  releaseHolds(): void {
    this.#afterDelivery = undefined;
    if (this.#holds) for (const hold of this.#holds) hold.release();
  }
}
