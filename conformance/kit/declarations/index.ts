import { tableEndpoints } from '../../../src/gateway/operations-table.ts';
import type { OperationDeclaration } from '../operation-declaration.ts';
import { declarations as account } from '../../operations/account/declarations.ts';
import { declarations as activity } from '../../operations/activity/declarations.ts';
import { declarations as analytics } from '../../operations/analytics/declarations.ts';
import { declarations as audioTranscriptions } from '../../operations/audio-transcriptions/declarations.ts';
import { declarations as authKeys } from '../../operations/auth-keys/declarations.ts';
import { declarations as benchmarks } from '../../operations/benchmarks/declarations.ts';
import { declarations as byok } from '../../operations/byok/declarations.ts';
import { declarations as chat } from '../../operations/chat/declarations.ts';
import { declarations as classifications } from '../../operations/classifications/declarations.ts';
import { declarations as creditsCoinbase } from '../../operations/credits-coinbase/declarations.ts';
import { declarations as datasets } from '../../operations/datasets/declarations.ts';
import { declarations as embeddings } from '../../operations/embeddings/declarations.ts';
import { declarations as endpointsZdr } from '../../operations/endpoints-zdr/declarations.ts';
import { declarations as files } from '../../operations/files/declarations.ts';
import { declarations as generationContent } from '../../operations/generation-content/declarations.ts';
import { declarations as generationFeedback } from '../../operations/generation-feedback/declarations.ts';
import { declarations as guardrails } from '../../operations/guardrails/declarations.ts';
import { declarations as images } from '../../operations/images/declarations.ts';
import { declarations as keys } from '../../operations/keys/declarations.ts';
import { declarations as messages } from '../../operations/messages/declarations.ts';
import { declarations as model } from '../../operations/model/declarations.ts';
import { declarations as models } from '../../operations/models/declarations.ts';
import { declarations as modelsCount } from '../../operations/models-count/declarations.ts';
import { declarations as modelsUser } from '../../operations/models-user/declarations.ts';
import { declarations as observability } from '../../operations/observability/declarations.ts';
import { declarations as organization } from '../../operations/organization/declarations.ts';
import { declarations as presets } from '../../operations/presets/declarations.ts';
import { declarations as providers } from '../../operations/providers/declarations.ts';
import { declarations as rerank } from '../../operations/rerank/declarations.ts';
import { declarations as responses } from '../../operations/responses/declarations.ts';
import { declarations as scim } from '../../operations/scim/declarations.ts';
import { declarations as speech } from '../../operations/speech/declarations.ts';
import { declarations as videos } from '../../operations/videos/declarations.ts';
import { declarations as workspaces } from '../../operations/workspaces/declarations.ts';

// The table's order: checks are listed, scheduled and reported operation by operation.
const ORDER = new Map(tableEndpoints().map((endpoint, i) => [endpoint.id, i]));

/**
 * One declaration per endpoint of the operations table (the coverage test fails for an endpoint
 * without one), each in its operation's folder (`conformance/operations/<name>/declarations.ts`).
 * A new operation's checks are one more file there and one line here.
 */
export const OPERATION_DECLARATIONS: readonly OperationDeclaration[] = [
  ...account,
  ...activity,
  ...analytics,
  ...audioTranscriptions,
  ...authKeys,
  ...benchmarks,
  ...byok,
  ...chat,
  ...classifications,
  ...creditsCoinbase,
  ...datasets,
  ...embeddings,
  ...endpointsZdr,
  ...files,
  ...generationContent,
  ...generationFeedback,
  ...guardrails,
  ...images,
  ...keys,
  ...messages,
  ...model,
  ...models,
  ...modelsCount,
  ...modelsUser,
  ...observability,
  ...organization,
  ...presets,
  ...providers,
  ...rerank,
  ...responses,
  ...scim,
  ...speech,
  ...videos,
  ...workspaces,
].sort((a, b) => (ORDER.get(a.endpoint) ?? 0) - (ORDER.get(b.endpoint) ?? 0));
