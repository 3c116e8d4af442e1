import { z } from 'zod';
import type { OperationDoc, ParameterDoc } from './operation-doc.ts';

/** spec 2.1 header table, plus the simulator's own per-request controls (DESIGN). */
export const METADATA_HEADERS: readonly ParameterDoc[] = [
  {
    name: 'X-Gateway-Metadata',
    in: 'header',
    description: '`enabled` returns routing metadata under `gateway_metadata` (spec 2.1, 2.6).',
    schema: z.enum(['enabled', 'disabled']),
  },
  {
    name: 'X-Gateway-Experimental-Metadata',
    in: 'header',
    description: 'Older name of X-Gateway-Metadata, same meaning.',
    schema: z.enum(['enabled', 'disabled']),
  },
];
/** The simulator's own per-request controls, which every operation takes. */
export const SIMULATION_HEADERS: readonly ParameterDoc[] = [
  {
    name: 'X-Gatewaykit-Fault',
    in: 'header',
    description:
      'Simulator only: answer this documented status instead (body per spec 7), or `stream-error` / `stream-cut` to fail a stream after its headers.',
    schema: z.string(),
  },
  {
    name: 'X-Gatewaykit-Chunking',
    in: 'header',
    description: 'Simulator only: `random` re-chunks the SSE bytes at seeded byte offsets.',
    schema: z.enum(['random', 'none']),
  },
];

/** `offset` and `limit`, the paging of every listing of the management plane (reference: 1-100, default 50). */
export const PAGING: readonly ParameterDoc[] = [
  { name: 'offset', in: 'query', description: 'Records to skip (default 0).', schema: z.number().int().min(0) },
  { name: 'limit', in: 'query', description: 'Records per page, 1-100 (default 50).', schema: z.number().int().min(1).max(100) },
];

/**
 * The doc of a management-plane endpoint: management key only, one JSON answer, its own
 * parameters and then the simulator's controls.
 *
 * @example
 * const doc = managementDoc('Workspaces');
 * doc('The workspace; 404 for none.', 'WorkspaceResponse', [ID]);
 */
export function managementDoc(tag: string) {
  return (description: string, success: string, parameters: readonly ParameterDoc[], successStatus = 200): OperationDoc => ({
    tag,
    description: `Management key only. ${description}`,
    successStatus,
    success: { 'application/json': success },
    parameters: [...parameters, ...SIMULATION_HEADERS],
  });
}
