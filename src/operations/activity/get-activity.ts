import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { workspaceOf } from '../../management/workspace-store.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { activityDays } from './activity-window.ts';
import { permaslugs } from './permaslugs.ts';
import { ActivityQuerySchema } from './request.ts';
import { activityItems } from './response.ts';

/** reference getUserActivity: the paid answers of the last 30 completed UTC days, grouped by endpoint. */
export async function getActivity(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const query = readRequest(ActivityQuerySchema, queryObject(ctx.url));
  const days = activityDays(env.clock.now(), query.date);
  // "The workspace must belong to the authenticated account": an unknown one is the 404.
  const workspaceId = query.workspace_id === undefined ? undefined : workspaceOf(env.management.workspaces, query.workspace_id).id;
  const data = activityItems(
    await env.activity.rows(),
    {
      days,
      byWorkspace: query.group_by === 'workspace',
      ...(query.api_key_hash !== undefined ? { keyHash: query.api_key_hash } : {}),
      ...(query.user_id !== undefined ? { userId: query.user_id } : {}),
      ...(workspaceId !== undefined ? { workspaceId } : {}),
    },
    permaslugs(env.catalog),
  );
  return jsonResponse({ data });
}
