import type { GatewayEnv } from '../env/gateway-env.ts';
import type { RequestContext } from '../http/route.ts';
import { requestWithPreset } from '../management/apply-preset.ts';
import type { Delivery } from '../types/delivery.ts';
import type { AnswerReuse } from './answer-reuse.ts';

/** What a surface made of one request: the engine's answer and the Response it rendered. */
export interface Rendered {
  /** The engine's answer (`EngineAnswer`): what it says of its reuse, its generation id, and its charge. */
  readonly answer: { readonly reuse: AnswerReuse | undefined; readonly generationId: string; readonly settle: (delivery?: Delivery) => void };
  readonly response: Response;
}

/** How a text surface's request becomes its Response: in full every time, or through the answer memo (answer-memo.ts). */
export interface AnswerPath {
  /** The Response to this request; `render` makes it in full from the body (a preset applied). */
  answer(ctx: RequestContext, surface: string, render: (body: unknown) => Promise<Rendered>): Promise<Response>;
  /** Counts for tests: answers given from a memo, and requests it knows (both 0 on the full path). */
  stats(): { replayed: number; kept: number };
  clear(): void;
}

/**
 * A text surface's body as answered: as sent (`ctx.json()`, parsed as on every path, so its
 * errors and the journal's view of it stay the same), or with its `@preset/<slug>` model applied
 * (docs/decisions/0076).
 *
 * @example
 * const body = answeredBody(env, 'chat', await ctx.json());
 */
export function answeredBody(env: Pick<GatewayEnv, 'presets'>, surface: string, sent: unknown): unknown {
  return requestWithPreset(env.presets, surface, sent) ?? sent;
}

/**
 * The answer made in full, charged once it is out (a failure before is not delivered, and not
 * charged), for what the client got: a stream it left mid-way, for its share.
 *
 * @example
 * const { answer, response } = await renderInFull(ctx, render, body);
 */
export async function renderInFull(ctx: RequestContext, render: (body: unknown) => Promise<Rendered>, body: unknown): Promise<Rendered> {
  const rendered = await render(body);
  ctx.afterDelivery((delivery) => rendered.answer.settle(delivery));
  return rendered;
}

/**
 * The full path, every request answered in full: what a gateway made with `fastPaths: false`
 * wires in place of the answer memo, and what the memo itself does for a request it passes by.
 *
 * @example
 * const answers = fullAnswerPath(env);
 */
export function fullAnswerPath(env: Pick<GatewayEnv, 'presets'>): AnswerPath {
  return {
    async answer(ctx, surface, render) {
      return (await renderInFull(ctx, render, answeredBody(env, surface, await ctx.json()))).response;
    },
    stats: () => ({ replayed: 0, kept: 0 }),
    clear: () => undefined,
  };
}
