import { imagesOperation } from '../operations/images/operation.ts';
import type { Endpoint, Operation } from '../operations/operation.ts';
import { accountOperation } from '../operations/account/operation.ts';
import { audioTranscriptionsOperation } from '../operations/audio-transcriptions/operation.ts';
import { chatOperation } from '../operations/chat/operation.ts';
import { datasetsOperation } from '../operations/datasets/operation.ts';
import { embeddingsOperation } from '../operations/embeddings/operation.ts';
import { messagesOperation } from '../operations/messages/operation.ts';
import { modelsOperation } from '../operations/models/operation.ts';
import { responsesOperation } from '../operations/responses/operation.ts';
import { videosOperation } from '../operations/videos/operation.ts';
import { endpointsZdrOperation } from '../operations/endpoints-zdr/operation.ts';
import { modelOperation } from '../operations/model/operation.ts';
import { modelsCountOperation } from '../operations/models-count/operation.ts';
import { modelsUserOperation } from '../operations/models-user/operation.ts';
import { providersOperation } from '../operations/providers/operation.ts';
import { authKeysOperation } from '../operations/auth-keys/operation.ts';
import { keysOperation } from '../operations/keys/operation.ts';
import { workspacesOperation } from '../operations/workspaces/operation.ts';
import { guardrailsOperation } from '../operations/guardrails/operation.ts';
import { organizationOperation } from '../operations/organization/operation.ts';
import { scimOperation } from '../operations/scim/operation.ts';
import { byokOperation } from '../operations/byok/operation.ts';
import { observabilityOperation } from '../operations/observability/operation.ts';
import { presetsOperation } from '../operations/presets/operation.ts';
import { creditsCoinbaseOperation } from '../operations/credits-coinbase/operation.ts';
import { rerankOperation } from '../operations/rerank/operation.ts';
import { speechOperation } from '../operations/speech/operation.ts';
import { filesOperation } from '../operations/files/operation.ts';
import { benchmarksOperation } from '../operations/benchmarks/operation.ts';
import { classificationsOperation } from '../operations/classifications/operation.ts';
import { generationContentOperation } from '../operations/generation-content/operation.ts';
import { generationFeedbackOperation } from '../operations/generation-feedback/operation.ts';
import { activityOperation } from '../operations/activity/operation.ts';
import { analyticsOperation } from '../operations/analytics/operation.ts';

/**
 * The operations table: every public operation the gateway serves through the operation contract
 * (`src/operations/<name>/`), one line each. Adding an operation is one folder plus one line here.
 * The dispatcher, `/openapi.json`, the inspector, the journal, the conformance suite's paid list and
 * the README's operations table read this table. Its order is the order routes are matched in.
 */
export const OPERATIONS: readonly Operation[] = [
  responsesOperation,
  chatOperation,
  messagesOperation,
  modelsOperation,
  videosOperation,
  audioTranscriptionsOperation,
  datasetsOperation,
  accountOperation,
  embeddingsOperation,
  imagesOperation,
  providersOperation,
  modelsCountOperation,
  modelsUserOperation,
  modelOperation,
  endpointsZdrOperation,
  keysOperation,
  authKeysOperation,
  workspacesOperation,
  byokOperation,
  observabilityOperation,
  rerankOperation,
  speechOperation,
  filesOperation,
  benchmarksOperation,
  classificationsOperation,
  generationContentOperation,
  generationFeedbackOperation,
  guardrailsOperation,
  organizationOperation,
  presetsOperation,
  scimOperation,
  creditsCoinbaseOperation,
  activityOperation,
  analyticsOperation,
];

/** Every endpoint of the table, in table order. */
export function tableEndpoints(table: readonly Operation[] = OPERATIONS): Endpoint[] {
  return table.flatMap((operation) => operation.endpoints);
}

/**
 * The endpoints that cost credits (a key without credits gets 402): the conformance suite's
 * budget counts requests to these, and `conform --help` names them.
 *
 * @example
 * paidEndpoints().map((e) => e.path); // ['/responses', '/chat/completions', ...]
 */
export function paidEndpoints(table: readonly Operation[] = OPERATIONS): Endpoint[] {
  return tableEndpoints(table).filter((endpoint) => endpoint.paid === true);
}
