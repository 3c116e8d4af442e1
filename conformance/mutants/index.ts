import { ACCOUNT_MUTANTS } from '../operations/account/mutants.ts';
import { GUARDRAIL_MUTANTS } from '../operations/guardrails/mutants.ts';
import { OBSERVABILITY_MUTANTS } from '../operations/observability/mutants.ts';
import { AUDIO_TRANSCRIPTIONS_MUTANTS } from '../operations/audio-transcriptions/mutants.ts';
import { DATASETS_MUTANTS } from '../operations/datasets/mutants.ts';
import { CHAT_MUTANTS } from '../operations/chat/mutants.ts';
import { EMBEDDINGS_MUTANTS } from '../operations/embeddings/mutants.ts';
import { KIT_MUTANTS } from './kit-mutants.ts';
import { MESSAGES_MUTANTS } from '../operations/messages/mutants.ts';
import { MORE_REQUEST_MUTANTS } from '../operations/responses/more-request-mutants.ts';
import type { Mutant } from './mutant.ts';
import { PLUGIN_BOUND_MUTANTS } from '../operations/responses/plugin-bound-mutants.ts';
import { REASONING_DEFAULT_MUTANTS } from '../operations/responses/reasoning-default-mutants.ts';
import { REFERENCE_SHAPE_MUTANTS } from '../operations/responses/reference-shape-mutants.ts';
import { REQUEST_MUTANTS } from '../operations/responses/request-mutants.ts';
import { RESPONSE_MUTANTS } from '../operations/responses/response-mutants.ts';
import { RESULT_MUTANTS } from '../operations/responses/result-mutants.ts';
import { SERVER_TOOL_MUTANTS } from '../operations/responses/server-tool-mutants.ts';
import { STREAM_MUTANTS } from '../operations/responses/stream-mutants.ts';
import { STRUCTURED_OUTPUT_MUTANTS } from '../operations/responses/structured-output-mutants.ts';
import { VIDEO_MUTANTS } from '../operations/videos/mutants.ts';
import { WORKSPACE_MUTANTS } from '../operations/workspaces/mutants.ts';
import { ACTIVITY_MUTANTS } from '../operations/activity/mutants.ts';
import { PRESET_MUTANTS } from '../operations/presets/mutants.ts';

export type { Mutant } from './mutant.ts';

/** Every deliberately broken gateway; `mutants.test.ts` runs each against the check that targets it. */
export const ALL_MUTANTS: readonly Mutant[] = [
  ...REQUEST_MUTANTS,
  ...MORE_REQUEST_MUTANTS,
  ...PLUGIN_BOUND_MUTANTS,
  ...REFERENCE_SHAPE_MUTANTS,
  ...RESPONSE_MUTANTS,
  ...RESULT_MUTANTS,
  ...STRUCTURED_OUTPUT_MUTANTS,
  ...SERVER_TOOL_MUTANTS,
  ...REASONING_DEFAULT_MUTANTS,
  ...STREAM_MUTANTS,
  ...VIDEO_MUTANTS,
  ...AUDIO_TRANSCRIPTIONS_MUTANTS,
  ...DATASETS_MUTANTS,
  ...CHAT_MUTANTS,
  ...MESSAGES_MUTANTS,
  ...EMBEDDINGS_MUTANTS,
  ...ACCOUNT_MUTANTS,
  ...GUARDRAIL_MUTANTS,
  ...OBSERVABILITY_MUTANTS,
  ...KIT_MUTANTS,
  ...WORKSPACE_MUTANTS,
  ...ACTIVITY_MUTANTS,
  ...PRESET_MUTANTS,
];
