import type { ActivityAttribution, ActivityRow } from '../schemas/activity-row.ts';
import type { GenerationRecord } from './generation-record.ts';

/** The provider a cell names: the generation's, or `unknown` when the operation has none. */
export function providerOf(record: GenerationRecord): string {
  return record.providerName || 'unknown';
}

/** The id of a cell of the activity aggregate (also its record id in the state file). */
export function activityRowId(day: string, model: string, provider: string, keyHash: string, workspaceId: string): string {
  return JSON.stringify([day, model, provider, keyHash, workspaceId]);
}

/** A cell with nothing counted yet. */
export function emptyRow(day: string, record: GenerationRecord, who: ActivityAttribution): ActivityRow {
  return {
    day,
    model: record.model,
    provider: providerOf(record),
    key_hash: who.keyHash,
    workspace_id: who.workspaceId,
    user_id: who.userId,
    requests: 0,
    cost: 0,
    byok_cost: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    reasoning_tokens: 0,
    cached_tokens: 0,
    latency_ms: 0,
  };
}

/** Round away binary noise of summed decimal prices (12 places, as usage costs are). */
function usd(n: number): number {
  return Math.round(n * 1e12) / 1e12;
}

const count = (n: number | undefined) => (Number.isFinite(n) && (n as number) > 0 ? Math.round(n as number) : 0);

/** Count one paid answer into its cell (the same sums `GET /generation` reports per answer). */
export function addToRow(row: ActivityRow, record: GenerationRecord): void {
  row.requests += 1;
  row.cost = usd(row.cost + Math.max(0, record.cost));
  row.byok_cost = usd(row.byok_cost + (record.isByok ? Math.max(0, record.upstreamCost ?? 0) : 0));
  row.prompt_tokens += count(record.tokensPrompt);
  row.completion_tokens += count(record.tokensCompletion);
  row.reasoning_tokens += count(record.reasoningTokens);
  row.cached_tokens += count(record.cachedTokens);
  row.latency_ms += Math.max(0, record.latencyMs || 0);
}
