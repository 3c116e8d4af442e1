import type { GatewayEnv } from '../env/gateway-env.ts';

/** Room for the other form fields and the part headers/boundaries around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Slack over the base64 of the largest file for the other JSON members. */
const JSON_OVERHEAD_BYTES = 64 * 1024;

/**
 * The JSON body limit: base64 of the largest file any catalogue speech model accepts (reference:
 * "send larger files as base64 JSON via input_audio"), and never more than `--max-body-bytes`,
 * which holds here as on every operation. The 413 comes
 * while reading, never after buffering a body no model could take.
 *
 * @example
 * transcriptionJsonLimit(env); // e.g. 10485760 with the default --max-body-bytes
 */
export function transcriptionJsonLimit(env: Pick<GatewayEnv, 'maxBodyBytes' | 'catalog'>): number {
  let largest = 0;
  for (const m of env.catalog.speechModels) largest = Math.max(largest, m.max_file_bytes);
  return Math.min(env.maxBodyBytes, Math.ceil(largest / 3) * 4 + JSON_OVERHEAD_BYTES);
}
