import { GatewayError } from '../../errors/gateway-error.ts';
import { ACCOUNT_USER_ID, isoSeconds } from '../../management/key-entry.ts';
import { seededUuid } from '../../management/seeded-uuid.ts';
import type { WorkspaceRecord } from '../../management/workspace-record.ts';
import type { WorkspaceStore } from '../../management/workspace-store.ts';
import type { CreateWorkspaceRequest, UpdateWorkspaceRequest } from './request.ts';

/** A slug names one workspace: taken by another is a 400 (the reference documents no 409 here). */
export function freeSlug(store: WorkspaceStore, slug: string, self?: string): void {
  const holder = store.get(slug);
  if (holder && holder.id !== self) throw new GatewayError(400, `slug: ${JSON.stringify(slug)} is the slug of another workspace (${holder.id})`);
}

/** A new workspace from a createWorkspace body; the settings it leaves out take the reference's defaults. */
export function newWorkspace(body: CreateWorkspaceRequest, id: string, seq: number, now: number, seed: number): WorkspaceRecord {
  return {
    id,
    // reference Workspace: "Deterministic ID derived from the workspace ID".
    default_guardrail_id: seededUuid(seed, `default-guardrail:${id}`),
    name: body.name,
    slug: body.slug,
    description: body.description ?? null,
    default_text_model: body.default_text_model ?? null,
    default_image_model: body.default_image_model ?? null,
    default_provider_sort: body.default_provider_sort ?? null,
    is_observability_io_logging_enabled: body.is_observability_io_logging_enabled ?? false,
    is_observability_broadcast_enabled: body.is_observability_broadcast_enabled ?? false,
    is_data_discount_logging_enabled: body.is_data_discount_logging_enabled ?? true,
    io_logging_sampling_rate: body.io_logging_sampling_rate ?? 1,
    io_logging_api_key_ids: body.io_logging_api_key_ids ?? null,
    include_byok_in_budgets: false,
    created_at: isoSeconds(now),
    updated_at: null,
    created_by: ACCOUNT_USER_ID,
    seq,
  };
}

/** The record after an updateWorkspace: only the fields given change (own properties only: no prototype keys). */
export function patchedWorkspace(record: WorkspaceRecord, patch: UpdateWorkspaceRequest, now: number): WorkspaceRecord {
  const next: WorkspaceRecord = { ...record, updated_at: isoSeconds(now) };
  for (const [field, value] of Object.entries(patch)) if (value !== undefined && Object.hasOwn(record, field)) Object.assign(next, { [field]: value });
  return next;
}
