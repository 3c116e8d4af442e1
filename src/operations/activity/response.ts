import type { ActivityRow } from '../../schemas/activity-row.ts';
import { seededUuid } from '../../management/seeded-uuid.ts';

/** Which cells an activity listing shows, and whether it splits them per workspace. */
export interface ActivitySelection {
  readonly days: ReadonlySet<string>;
  readonly keyHash?: string;
  readonly userId?: string;
  readonly workspaceId?: string;
  readonly byWorkspace: boolean;
}

/** One item of the reference ActivityResponse `data`. */
export interface ActivityItem {
  date: string;
  model: string;
  model_permaslug: string;
  endpoint_id: string;
  provider_name: string;
  usage: number;
  byok_usage_inference: number;
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
  workspace_id?: string;
}

/** Round away binary noise of summed decimal prices (12 places, as usage costs are). */
const usd = (n: number) => Math.round(n * 1e12) / 1e12;

/** The endpoint a model and provider name: a stable UUID, as the reference's `endpoint_id` is one. */
export function activityEndpointId(model: string, provider: string): string {
  return seededUuid(0, `endpoint:${model}:${provider}`);
}

const selected = (row: ActivityRow, s: ActivitySelection) =>
  s.days.has(row.day) &&
  (s.keyHash === undefined || row.key_hash === s.keyHash) &&
  (s.userId === undefined || row.user_id === s.userId) &&
  (s.workspaceId === undefined || row.workspace_id === s.workspaceId);

/**
 * The reference ActivityResponse `data` of the cells selected: one item per day, model and
 * endpoint (and workspace, with `group_by=workspace`), keys summed; oldest day first, then by
 * model, provider and workspace, so the same cells give the same bytes.
 */
export function activityItems(rows: readonly ActivityRow[], s: ActivitySelection, permaslug: (model: string) => string): ActivityItem[] {
  const items = new Map<string, ActivityItem>();
  for (const row of rows) {
    if (!selected(row, s)) continue;
    const id = JSON.stringify([row.day, row.model, row.provider, s.byWorkspace ? row.workspace_id : '']);
    let item = items.get(id);
    if (!item) {
      item = {
        date: row.day,
        model: row.model,
        model_permaslug: permaslug(row.model),
        endpoint_id: activityEndpointId(row.model, row.provider),
        provider_name: row.provider,
        usage: 0,
        byok_usage_inference: 0,
        requests: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
        reasoning_tokens: 0,
        ...(s.byWorkspace ? { workspace_id: row.workspace_id } : {}),
      };
      items.set(id, item);
    }
    item.usage = usd(item.usage + row.cost);
    item.byok_usage_inference = usd(item.byok_usage_inference + row.byok_cost);
    item.requests += row.requests;
    item.prompt_tokens += row.prompt_tokens;
    item.completion_tokens += row.completion_tokens;
    item.reasoning_tokens += row.reasoning_tokens;
  }
  return [...items.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
}
