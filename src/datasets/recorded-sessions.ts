import { median, usd, type SessionCostCell } from './session-cost-cells.ts';
import { turnRangeOf } from './session-cost-query.ts';

/** What the session-cost dataset reads of one recorded generation (the account's `GenerationRecord`). */
export interface SessionGeneration {
  readonly sessionId?: string | null;
  readonly model: string;
  readonly cost: number;
  readonly createdAt: number;
  readonly httpReferer?: string | null;
  readonly origin?: string | null;
}

/** The app a session is attributed to: the host of its `HTTP-Referer` (or `Origin`), else direct API use. */
export function sessionApp(g: SessionGeneration): { slug: string; name: string } {
  const from = g.httpReferer ?? g.origin;
  if (from) {
    try {
      const host = new URL(from).hostname.replace(/^www\./, '');
      if (host) return { slug: host.replace(/[^a-z0-9]+/gi, '-').toLowerCase(), name: host };
    } catch {
      // not a URL: direct use
    }
  }
  return { slug: 'direct', name: 'Direct API' };
}

/**
 * The cells of the sessions this gateway recorded (generations carrying a session id, from
 * `session_id` or `X-Session-Id`): each session's cost is the sum of its generations', its turns
 * their count, its model the one it spent most on; cells are per (app, turn range, model), with
 * the median session cost. Sessions are never pooled across apps (reference).
 *
 * @example
 * recordedSessionCells(account.generations(), since); // [{ app_slug: 'direct', turn_range: '2-9-turns', ... }]
 */
export function recordedSessionCells(generations: readonly SessionGeneration[], sinceMs: number): SessionCostCell[] {
  const sessions = new Map<string, SessionGeneration[]>();
  for (const g of generations) {
    if (!g.sessionId || g.createdAt < sinceMs) continue;
    const key = `${sessionApp(g).slug}\u0000${g.sessionId}`;
    sessions.set(key, [...(sessions.get(key) ?? []), g]);
  }
  const cells = new Map<string, { app: { slug: string; name: string }; range: ReturnType<typeof turnRangeOf>; model: string; costs: number[] }>();
  for (const turns of sessions.values()) {
    const byModel = new Map<string, number>();
    for (const t of turns) byModel.set(t.model, (byModel.get(t.model) ?? 0) + t.cost);
    const model = [...byModel].sort((a, b) => b[1] - a[1])[0]?.[0] as string;
    const app = sessionApp(turns[0] as SessionGeneration);
    const range = turnRangeOf(turns.length);
    const key = `${app.slug}\u0000${range}\u0000${model}`;
    const cell = cells.get(key) ?? { app, range, model, costs: [] };
    cell.costs.push(turns.reduce((s, t) => s + t.cost, 0));
    cells.set(key, cell);
  }
  return [...cells.values()].map((c) => ({
    app_slug: c.app.slug,
    app_name: c.app.name,
    turn_range: c.range,
    model_permaslug: c.model,
    median_session_cost_usd: usd(median(c.costs)),
  }));
}
