import { ACCOUNT_MUTANTS } from './account-mutants.ts';
import { GUARDRAIL_MUTANTS } from './guardrail-mutants.ts';
import { OBSERVABILITY_MUTANTS } from './observability-mutants.ts';
import { AUDIO_DATASETS_MUTANTS } from './audio-datasets-mutants.ts';
import { CHAT_MUTANTS } from './chat-mutants.ts';
import { EMBEDDINGS_MUTANTS } from './embeddings-mutants.ts';
import { KIT_MUTANTS } from './kit-mutants.ts';
import { MESSAGES_MUTANTS } from './messages-mutants.ts';
import { MORE_REQUEST_MUTANTS } from './more-request-mutants.ts';
import type { Mutant } from './mutant.ts';
import { PLUGIN_BOUND_MUTANTS } from './plugin-bound-mutants.ts';
import { REASONING_DEFAULT_MUTANTS } from './reasoning-default-mutants.ts';
import { REFERENCE_SHAPE_MUTANTS } from './reference-shape-mutants.ts';
import { REQUEST_MUTANTS } from './request-mutants.ts';
import { RESPONSE_MUTANTS } from './response-mutants.ts';
import { RESULT_MUTANTS } from './result-mutants.ts';
import { SERVER_TOOL_MUTANTS } from './server-tool-mutants.ts';
import { STREAM_MUTANTS } from './stream-mutants.ts';
import { STRUCTURED_OUTPUT_MUTANTS } from './structured-output-mutants.ts';
import { VIDEO_MUTANTS } from './video-mutants.ts';
import { WORKSPACE_MUTANTS } from './workspace-mutants.ts';
import { ACTIVITY_MUTANTS } from './activity-mutants.ts';
import { PRESET_MUTANTS } from './preset-mutants.ts';

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
  ...AUDIO_DATASETS_MUTANTS,
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
