import type { OperationDeclaration } from '../operation-declaration.ts';
import { ACCOUNT_DECLARATIONS } from './account.ts';
import { ANALYTICS_DECLARATIONS } from './analytics.ts';
import { AUTH_KEYS_DECLARATIONS } from './auth-keys.ts';
import { CATALOGUE_DECLARATIONS } from './catalogue.ts';
import { FILES_DECLARATIONS } from './files.ts';
import { GENERATION_DECLARATIONS } from './generations.ts';
import { HAND_WRITTEN_DECLARATIONS } from './hand-written.ts';
import { KEYS_DECLARATIONS } from './management.ts';
import { GUARDRAIL_DECLARATIONS } from './guardrails.ts';
import { OBSERVABILITY_DECLARATIONS } from './observability.ts';
import { PRESETS_DECLARATIONS } from './presets.ts';
import { SCIM_DECLARATIONS } from './scim.ts';
import { CREDITS_COINBASE_DECLARATIONS } from './credits-coinbase.ts';
import { VIDEO_DECLARATIONS } from './videos.ts';
import { WORKSPACE_DECLARATIONS } from './workspaces.ts';

/**
 * One declaration per endpoint of the operations table (the coverage test fails for an endpoint
 * without one). A new operation's checks are one more declaration here.
 */
export const OPERATION_DECLARATIONS: readonly OperationDeclaration[] = [
  ...HAND_WRITTEN_DECLARATIONS,
  ...GENERATION_DECLARATIONS,
  ...CATALOGUE_DECLARATIONS,
  ...ACCOUNT_DECLARATIONS,
  ...KEYS_DECLARATIONS,
  ...AUTH_KEYS_DECLARATIONS,
  ...VIDEO_DECLARATIONS,
  ...FILES_DECLARATIONS,
  ...GUARDRAIL_DECLARATIONS,
  ...WORKSPACE_DECLARATIONS,
  ...OBSERVABILITY_DECLARATIONS,
  ...PRESETS_DECLARATIONS,
  ...SCIM_DECLARATIONS,
  ...CREDITS_COINBASE_DECLARATIONS,
  ...ANALYTICS_DECLARATIONS,
];
