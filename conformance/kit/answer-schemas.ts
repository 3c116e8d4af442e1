import { z } from 'zod';
import { VideoModelSchema } from '../../src/catalog/video-model.ts';
import { CreditsResponseSchema, GenerationResponseSchema } from '../../src/schemas/account-responses.ts';
import { TranscriptionResponseSchema } from '../../src/schemas/audio-transcription.ts';
import { ChatResultSchema } from '../../src/schemas/chat-result.ts';
import { EmbeddingsResponseSchema } from '../../src/schemas/embeddings-request.ts';
import { ErrorBodySchema } from '../../src/schemas/error-body.ts';
import { ImageModelEndpointsSchema, ImageModelsListSchema } from '../../src/schemas/image-request.ts';
import {
  AuthCodeResponseSchema,
  AuthKeyExchangeResponseSchema,
  KeyCreatedResponseSchema,
  KeyDataResponseSchema,
  KeyDeletedResponseSchema,
  KeysListResponseSchema,
} from '../../src/schemas/management-responses.ts';
import { MessagesCountTokensResultSchema } from '../../src/schemas/messages-count-tokens.ts';
import { MessagesErrorBodySchema, MessagesResultSchema } from '../../src/schemas/messages-result.ts';
import { RankingsDailyResponseSchema } from '../../src/schemas/rankings-daily.ts';
import { ResponsesResultSchema } from '../../src/schemas/responses-result.ts';
import { VideoJobSchema } from '../../src/schemas/videos.ts';
import { REFERENCE_REQUIRED } from './reference-required.ts';

/**
 * The package's own zod schemas of the answers, by the component name `/openapi.json` gives them
 * (each operation's docs: `success` and `errorBody`, and their components). The operations
 * issue ties these to the reference by a drift test, so the kit judges with them first; a name
 * missing here is judged with its JSON Schema from the same components (answer-validator.ts).
 */
export const ANSWER_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  ResponsesResult: ResponsesResultSchema,
  ChatResult: ChatResultSchema,
  MessagesResult: MessagesResultSchema,
  // The simulator's own schema is strict (it sends nothing else); a gateway may add members.
  MessagesCountTokensResult: z.looseObject(MessagesCountTokensResultSchema.shape),
  AnthropicMessagesErrorResponse: MessagesErrorBodySchema,
  ErrorBody: ErrorBodySchema,
  VideoJob: VideoJobSchema,
  VideoModelsListResponse: z.object({ data: z.array(VideoModelSchema.omit({ simulation: true })) }),
  TranscriptionResponse: TranscriptionResponseSchema,
  RankingsDailyResponse: RankingsDailyResponseSchema,
  EmbeddingsResponse: EmbeddingsResponseSchema,
  ImageModelsListResponse: ImageModelsListSchema,
  ImageModelEndpointsResponse: ImageModelEndpointsSchema,
  GenerationResponse: GenerationResponseSchema,
  CreditsResponse: CreditsResponseSchema,
  KeysListResponse: KeysListResponseSchema,
  KeyDataResponse: KeyDataResponseSchema,
  KeyCreatedResponse: KeyCreatedResponseSchema,
  KeyDeletedResponse: KeyDeletedResponseSchema,
  AuthCodeResponse: AuthCodeResponseSchema,
  AuthKeyExchangeResponse: AuthKeyExchangeResponseSchema,
  ...REFERENCE_REQUIRED,
};
