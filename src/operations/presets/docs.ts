import { z } from 'zod';
import {
  PresetResponseSchema,
  PresetVersionResponseSchema,
  PresetVersionsListResponseSchema,
  PresetsListResponseSchema,
} from '../../schemas/preset-responses.ts';
import type { OperationDocs, ParameterDoc, OperationDoc } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The `{slug}` of the Presets operations, and their paging (reference listPresets). */
const PRESET_SLUG: ParameterDoc = {
  name: 'slug',
  in: 'path',
  required: true,
  description: 'The preset slug (1-64 letters, digits, `.`, `_`, `-`).',
  schema: z.string(),
};
const PRESET_PAGE: readonly ParameterDoc[] = [
  { name: 'offset', in: 'query', description: 'Records to skip.', schema: z.number().int().min(0) },
  { name: 'limit', in: 'query', description: 'Records a page (1-100, default 50).', schema: z.number().int().min(1).max(100) },
];
/** reference createPresets*: a new version from an inference body of one surface. */
const presetCreation = (body: string, prompt: string): OperationDoc => ({
  tag: 'Presets',
  description: `Management key only. A new version of the preset (the preset is created with its first): the body's ${prompt} become the system prompt, and its model, models, provider, plugins, reasoning, sampling members, budget and stop sequences the config; other members are ignored. \`@preset/<slug>\` as a model applies the latest version (docs/management.md).`,
  requestBody: { 'application/json': body },
  successStatus: 200,
  success: { 'application/json': 'PresetResponse' },
  parameters: [PRESET_SLUG, ...SIMULATION_HEADERS],
});
/** The presets operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'presets.list': {
      tag: 'Presets',
      description: 'Any key. The presets, most recently updated first; `offset` and `limit` (1-100, default 50) page, `total_count` counts them all.',
      successStatus: 200,
      success: { 'application/json': 'PresetsListResponse' },
      parameters: [...PRESET_PAGE, ...SIMULATION_HEADERS],
    },
    'presets.get': {
      tag: 'Presets',
      description: 'Any key. The preset with its latest version inline; 404 for none.',
      successStatus: 200,
      success: { 'application/json': 'PresetResponse' },
      parameters: [PRESET_SLUG, ...SIMULATION_HEADERS],
    },
    'presets.createFromChat': presetCreation('ChatRequest', 'system and developer messages'),
    'presets.createFromMessages': presetCreation('MessagesRequest', '`system`'),
    'presets.createFromResponses': presetCreation('ResponsesRequest', '`instructions`'),
    'presets.versions.list': {
      tag: 'Presets',
      description: "Any key. The preset's kept versions (the latest 100), oldest first, paged by `offset` and `limit`.",
      successStatus: 200,
      success: { 'application/json': 'PresetVersionsListResponse' },
      parameters: [PRESET_SLUG, ...PRESET_PAGE, ...SIMULATION_HEADERS],
    },
    'presets.versions.get': {
      tag: 'Presets',
      description: 'Any key. One version by its number; 404 for a version never made or no longer kept.',
      successStatus: 200,
      success: { 'application/json': 'PresetVersionResponse' },
      parameters: [PRESET_SLUG, { name: 'version', in: 'path', required: true, description: 'The version number.', schema: z.string() }, ...SIMULATION_HEADERS],
    },
  },
  components: {
    answers: {
      PresetsListResponse: PresetsListResponseSchema,
      PresetResponse: PresetResponseSchema,
      PresetVersionsListResponse: PresetVersionsListResponseSchema,
      PresetVersionResponse: PresetVersionResponseSchema,
    },
  },
};
