import { GatewayError } from '../../errors/gateway-error.ts';

/** The modalities `output_modalities` may name (reference `listModelsCount`). */
export const COUNT_MODALITIES = ['text', 'image', 'audio', 'embeddings'] as const;
export type CountModality = (typeof COUNT_MODALITIES)[number];

/**
 * The `output_modalities` query of `GET /models/count`: a comma-separated list, or `all`; absent
 * means `text` (reference). An unknown modality is a 400 naming the parameter and the values.
 *
 * @example
 * readCountQuery(new URLSearchParams('output_modalities=text,image')); // ['text', 'image']
 */
export function readCountQuery(params: URLSearchParams): readonly CountModality[] {
  const raw = params.get('output_modalities');
  if (raw === null || raw.trim() === '') return ['text'];
  if (raw.trim() === 'all') return COUNT_MODALITIES;
  const asked = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = asked.find((m) => !(COUNT_MODALITIES as readonly string[]).includes(m));
  if (unknown !== undefined) throw new GatewayError(400, `output_modalities: "${unknown}" is not a modality (use ${COUNT_MODALITIES.join(', ')}, or all)`);
  return asked as CountModality[];
}
