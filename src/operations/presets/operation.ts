import type { Endpoint, Operation } from '../operation.ts';

// The statuses the reference lists for each operation (X-Gatewaykit-Fault may force them).
const LIST_FAULTS = [400, 401, 500] as const;
const GET_FAULTS = [400, 401, 404, 500] as const;
const CREATE_FAULTS = [400, 401, 403, 404, 409, 500] as const;

const creation = (path: string, id: string, referenceId: string, summary: string): Endpoint => ({
  method: 'POST',
  path: `/presets/:slug/${path}`,
  id,
  referenceId,
  summary,
  auth: 'management',
  faults: CREATE_FAULTS,
});

/**
 * The reference's Presets operations: list, get, versions, and creation from a chat, Messages or
 * Responses body (management key; each creation makes a new version). `@preset/<slug>` as the
 * model of an inference request applies the latest version (src/management/apply-preset.ts).
 */
export const presetsOperation: Operation = {
  name: 'presets',
  endpoints: [
    {
      method: 'GET',
      path: '/presets',
      id: 'presets.list',
      referenceId: 'listPresets',
      summary: 'List presets (most recently updated first)',
      auth: 'key',
      faults: LIST_FAULTS,
    },
    {
      method: 'GET',
      path: '/presets/:slug',
      id: 'presets.get',
      referenceId: 'getPreset',
      summary: 'Get a preset with its designated version',
      auth: 'key',
      faults: GET_FAULTS,
    },
    creation('chat/completions', 'presets.createFromChat', 'createPresetsChatCompletions', 'Create a preset version from a chat-completions body'),
    creation('messages', 'presets.createFromMessages', 'createPresetsMessages', 'Create a preset version from a Messages body'),
    creation('responses', 'presets.createFromResponses', 'createPresetsResponses', 'Create a preset version from a Responses body'),
    {
      method: 'GET',
      path: '/presets/:slug/versions',
      id: 'presets.versions.list',
      referenceId: 'listPresetVersions',
      summary: 'List the versions of a preset (oldest first)',
      auth: 'key',
      faults: GET_FAULTS,
    },
    {
      method: 'GET',
      path: '/presets/:slug/versions/:version',
      id: 'presets.versions.get',
      referenceId: 'getPresetVersion',
      summary: 'Get one version of a preset',
      auth: 'key',
      faults: GET_FAULTS,
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
