import { z } from 'zod';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { CONFIG_SCHEMAS, deliveryUrl, DELIVERED_TYPES } from '../../management/destination-config.ts';
import type { DestinationType } from '../../schemas/observability-destinations.ts';
import { answeredConfig, keptConfig, mergedConfig } from '../../management/destination-mask.ts';
import type { DestinationRecord } from '../../management/destination-record.ts';
import { isoSeconds } from '../../management/key-entry.ts';
import { seededUuid } from '../../management/seeded-uuid.ts';
import { callbackUrlProblem } from '../../webhooks/callback-url.ts';
import { readRequest } from '../read-request.ts';
import type { CreateDestinationRequest, UpdateDestinationRequest } from './request.ts';

/** Each type's config schema under `config`, so a 400 names `config.<field>` (built once). */
const UNDER_CONFIG = Object.fromEntries(Object.entries(CONFIG_SCHEMAS).map(([type, schema]) => [type, z.object({ config: schema })])) as unknown as Record<
  DestinationType,
  z.ZodType<{ config: Record<string, unknown> }>
>;

/**
 * A config read by its type's schema (reference: "validated server-side"), the 400 naming
 * `config.<field>` otherwise; a delivered type's URL obeys the webhook rule (HTTPS, never the
 * gateway itself or its control API: src/webhooks/callback-url.ts).
 */
export function checkedConfig(env: GatewayEnv, type: DestinationType, raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { config } = readRequest(UNDER_CONFIG[type], { config: raw });
  const url = deliveryUrl(type, config);
  if (DELIVERED_TYPES.has(type) && url !== undefined) {
    const field = `config.${type === 'webhook' ? 'url' : 'endpoint'}`;
    const problem = callbackUrlProblem(url, env.webhooks.allowInsecureLocalhost, env.baseUrl);
    if (problem) throw new GatewayError(400, `${field}: ${problem}`);
    // Fetch sends no credentials from a URL (it refuses such a URL, naming it in its error): they go in `headers`.
    if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url))
      throw new GatewayError(400, `${field}: a URL carries no user or password; send them in config.headers (Authorization)`);
  }
  return config;
}

/** A new destination from a createObservabilityDestination body; what it leaves out takes the reference's defaults. */
export function newDestination(env: GatewayEnv, body: CreateDestinationRequest, workspaceId: string): DestinationRecord {
  const config = checkedConfig(env, body.type, body.config);
  const seq = env.management.nextSeq();
  const now = isoSeconds(env.clock.now());
  return {
    id: seededUuid(env.seed, `observability-destination:${seq}`),
    workspace_id: workspaceId,
    type: body.type,
    name: body.name,
    enabled: body.enabled ?? true,
    privacy_mode: body.privacy_mode ?? false,
    broadcast_generation_cost: body.broadcast_generation_cost ?? false,
    broadcast_generation_identity: body.broadcast_generation_identity ?? false,
    broadcast_generation_request_context: body.broadcast_generation_request_context ?? false,
    sampling_rate: body.sampling_rate ?? 1,
    api_key_hashes: body.api_key_hashes ?? null,
    filter_rules: body.filter_rules ?? null,
    regions: body.regions ?? ['global'],
    config: keptConfig(body.type, config),
    created_at: now,
    updated_at: now,
    seq,
  };
}

/** The record after an updateObservabilityDestination: only the fields given change; the config merges (masked values ignored). */
export function patchedDestination(env: GatewayEnv, record: DestinationRecord, patch: UpdateDestinationRequest): DestinationRecord {
  const { config: rawConfig, ...fields } = patch;
  const next: DestinationRecord = { ...record, updated_at: isoSeconds(env.clock.now()) };
  for (const [field, value] of Object.entries(fields)) if (value !== undefined && Object.hasOwn(record, field)) Object.assign(next, { [field]: value });
  if (rawConfig !== undefined) {
    const merged = mergedConfig(record.config, answeredConfig(record.type, record.config), rawConfig);
    next.config = keptConfig(record.type, checkedConfig(env, record.type, merged), record.config);
  }
  return next;
}
