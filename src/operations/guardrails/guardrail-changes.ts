import { isoSeconds } from '../../management/key-entry.ts';
import type { GuardrailRecord } from '../../management/guardrail-record.ts';
import type { CreateGuardrailRequest, UpdateGuardrailRequest } from './request.ts';

type Fields = Omit<GuardrailRecord, 'id' | 'name' | 'workspace_id' | 'created_at' | 'updated_at' | 'seq'>;

/** A guardrail's settings from a create body: what is not given is null (unset), as the reference shows. */
function fieldsOf(body: CreateGuardrailRequest): Fields {
  return {
    description: body.description ?? null,
    allowed_models: body.allowed_models ?? null,
    allowed_providers: body.allowed_providers ?? null,
    ignored_models: body.ignored_models ?? null,
    ignored_providers: body.ignored_providers ?? null,
    content_filters: body.content_filters ?? null,
    content_filter_builtins: body.content_filter_builtins ?? null,
    enable_free_model_publication: body.enable_free_model_publication ?? null,
    enable_free_model_training: body.enable_free_model_training ?? null,
    enable_paid_model_training: body.enable_paid_model_training ?? null,
    enforce_zdr: body.enforce_zdr ?? null,
    enforce_zdr_anthropic: body.enforce_zdr_anthropic ?? null,
    enforce_zdr_google: body.enforce_zdr_google ?? null,
    enforce_zdr_openai: body.enforce_zdr_openai ?? null,
    enforce_zdr_other: body.enforce_zdr_other ?? null,
    enforce_zdr_xai: body.enforce_zdr_xai ?? null,
    include_byok_in_budgets: body.include_byok_in_budgets ?? false,
    limit_usd: body.limit_usd ?? null,
    reset_interval: body.reset_interval ?? null,
  };
}

/** The record of a new guardrail (reference createGuardrail). */
export function newGuardrail(body: CreateGuardrailRequest, id: string, workspaceId: string, seq: number, now: number): GuardrailRecord {
  return { id, name: body.name, workspace_id: workspaceId, ...fieldsOf(body), created_at: isoSeconds(now), updated_at: null, seq };
}

/** The record after a PATCH: only the fields given change (null clears a field). */
export function patchedGuardrail(record: GuardrailRecord, patch: UpdateGuardrailRequest, now: number): GuardrailRecord {
  const next: GuardrailRecord = { ...record, updated_at: isoSeconds(now) };
  for (const [field, value] of Object.entries(patch)) {
    // Own, known fields only (the schema stripped the rest): no prototype keys reach the record.
    if (value !== undefined && Object.hasOwn(record, field)) (next as Record<string, unknown>)[field] = value;
  }
  return next;
}
