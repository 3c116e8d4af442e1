import type { Check } from './check.ts';
import { AUDIO_CHECKS } from './operations/audio-transcriptions/checks.ts';
import { ACCOUNT_CHECKS } from './operations/account/checks.ts';
import { ALWAYS_CHECKS } from './always-checks.ts';
import { AUTH_CHECKS } from './operations/responses/auth-checks.ts';
import { CHAT_CHECKS } from './operations/chat/checks.ts';
import { DATASETS_CHECKS } from './operations/datasets/checks.ts';
import { EMBEDDINGS_CHECKS } from './operations/embeddings/checks.ts';
import { ERRORS_CHECKS } from './operations/responses/errors-checks.ts';
import { GUARDRAIL_CHECKS } from './operations/guardrails/block-checks.ts';
import { WORKSPACE_CHECKS } from './operations/workspaces/checks.ts';
import { ACTIVITY_CHECKS } from './operations/activity/checks.ts';
import { guardrailAssignment } from './operations/guardrails/assignment-checks.ts';
import { observabilityCrud } from './operations/observability/checks.ts';
import { PRESET_CHECKS } from './operations/presets/checks.ts';
import { MESSAGES_CHECKS } from './operations/messages/checks.ts';
import { METADATA_CHECKS } from './operations/responses/metadata-checks.ts';
import { OPERATIONS_CHECKS } from './kit/kit-checks.ts';
import { RESULT_CHECKS } from './operations/responses/result-checks.ts';
import { STREAM_CHECKS } from './operations/responses/stream-checks.ts';
import { REFERENCE_SHAPE_CHECKS } from './operations/responses/reference-shape-checks.ts';
import { VALIDATION_CHECKS } from './operations/responses/validation-checks.ts';
import { USAGE_CHECKS } from './operations/responses/usage-checks.ts';
import { VIDEOS_CHECKS } from './operations/videos/checks.ts';

/**
 * Every check of the suite, in the order they run: free checks first (auth, errors, validation),
 * then paid ones (results, metadata, streams), then video jobs, then the always-on oracles over
 * every exchange. To add a group: write
 * `operations/<name>/checks.ts` (the folder of its operation, named as in `src/operations/`)
 * exporting `<GROUP>_CHECKS` and list it here (docs/conformance.md).
 */
export const ALL_CHECKS: readonly Check[] = [
  ...AUTH_CHECKS,
  ...ERRORS_CHECKS,
  ...VALIDATION_CHECKS,
  ...REFERENCE_SHAPE_CHECKS,
  ...RESULT_CHECKS,
  ...METADATA_CHECKS,
  ...STREAM_CHECKS,
  ...CHAT_CHECKS,
  ...MESSAGES_CHECKS,
  ...EMBEDDINGS_CHECKS,
  ...USAGE_CHECKS,
  ...ACCOUNT_CHECKS,
  ...VIDEOS_CHECKS,
  ...DATASETS_CHECKS,
  ...AUDIO_CHECKS,
  ...GUARDRAIL_CHECKS,
  ...WORKSPACE_CHECKS,
  ...ACTIVITY_CHECKS,
  guardrailAssignment,
  observabilityCrud,
  ...PRESET_CHECKS,
  // The kit's shape, errors and auth checks of every other endpoint of the operations table.
  ...OPERATIONS_CHECKS,
  // Always-on oracles judge every exchange of the checks above: they run last.
  ...ALWAYS_CHECKS,
];
