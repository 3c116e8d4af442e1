import type { Check } from './check.ts';
import { AUDIO_CHECKS } from './checks/audio.ts';
import { ACCOUNT_CHECKS } from './checks/account.ts';
import { ALWAYS_CHECKS } from './checks/always.ts';
import { AUTH_CHECKS } from './checks/auth.ts';
import { CHAT_CHECKS } from './checks/chat-completions.ts';
import { DATASETS_CHECKS } from './checks/datasets.ts';
import { EMBEDDINGS_CHECKS } from './checks/embeddings.ts';
import { ERRORS_CHECKS } from './checks/errors.ts';
import { GUARDRAIL_CHECKS } from './checks/guardrail.ts';
import { WORKSPACE_CHECKS } from './checks/workspace-budget.ts';
import { ACTIVITY_CHECKS } from './checks/activity-counts.ts';
import { guardrailAssignment } from './checks/guardrail-assignment.ts';
import { observabilityCrud } from './checks/observability-crud.ts';
import { PRESET_CHECKS } from './checks/preset-applies.ts';
import { MESSAGES_CHECKS } from './checks/messages.ts';
import { METADATA_CHECKS } from './checks/metadata.ts';
import { OPERATIONS_CHECKS } from './checks/operations.ts';
import { RESULT_CHECKS } from './checks/result.ts';
import { STREAM_CHECKS } from './checks/stream.ts';
import { REFERENCE_SHAPE_CHECKS } from './checks/reference-shapes.ts';
import { VALIDATION_CHECKS } from './checks/validation.ts';
import { USAGE_CHECKS } from './checks/usage.ts';
import { VIDEOS_CHECKS } from './checks/videos.ts';

/**
 * Every check of the suite, in the order they run: free checks first (auth, errors, validation),
 * then paid ones (results, metadata, streams), then video jobs, then the always-on oracles over
 * every exchange. To add a group: write
 * `checks/<group>.ts` exporting `<GROUP>_CHECKS` and list it here (docs/conformance.md).
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
