import { z } from 'zod';
import type { ParameterDoc } from './operation-doc.ts';

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
