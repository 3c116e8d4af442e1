import type { GatewayMetadata } from '../schemas/gateway-metadata.ts';
import type { PipelineStage } from '../plugins/pipeline-stage.ts';
import type { RouteCandidate } from './route-candidate.ts';

/** One provider attempt (reference `RouterAttempt`). */
export interface RouteAttempt {
  model: string;
  provider: string;
  status: number;
}

/** The simulated edge region every response reports (reference sample `iad`). */
export const GATEWAY_REGION = 'iad';

export interface MetadataParts {
  requested: string;
  strategy: string;
  isByok: boolean;
  pipeline: PipelineStage[];
  /** Endpoints left after filtering, in attempt order. */
  available?: readonly RouteCandidate[];
  /** Endpoints of the candidate models before filtering. */
  total?: number;
  selected?: RouteCandidate;
  attempts?: RouteAttempt[];
  sticky?: boolean;
  note?: string;
}

/**
 * The spec 2.6 `gateway_metadata` object (reference `OpenRouterMetadata`): `requested`,
 * `strategy`, `attempt` (1-based number of the attempt that succeeded, or the attempts made
 * when all failed), `attempts[]`, `endpoints.available` (`{model, provider, selected}`, provider
 * by display name as in the reference sample) and `total`, `is_byok`, `region`, `summary`
 * (`available=N, selected=Name`, as the reference sample), `pipeline`.
 */
export function routeMetadata(parts: MetadataParts): GatewayMetadata {
  const available = parts.available ?? [];
  const attempts = parts.attempts ?? [];
  const selectedName = parts.selected?.provider.name;
  const summaryParts = [`available=${available.length}`, `selected=${selectedName ?? 'none'}`];
  if (attempts.length > 1) summaryParts.push(`attempts=${attempts.length}`);
  if (parts.sticky) summaryParts.push('sticky=true');
  if (parts.note) summaryParts.push(parts.note);
  return {
    requested: parts.requested,
    strategy: parts.strategy,
    attempt: attempts.length === 0 ? 0 : parts.selected ? attempts.findIndex((a) => a.status === 200) + 1 : attempts.length,
    attempts: attempts.map((a) => ({ ...a })),
    endpoints: {
      available: available.map((c) => ({ model: c.model.id, provider: c.provider.name, selected: c === parts.selected })),
      total: parts.total ?? available.length,
    },
    is_byok: parts.isByok,
    region: GATEWAY_REGION,
    summary: summaryParts.join(', '),
    pipeline: parts.pipeline.map((s) => ({ ...s })),
  };
}
