import { TranscriptionRequestSchema, TranscriptionResponseSchema } from '../../schemas/audio-transcription.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The audio-transcriptions operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'audio.transcriptions.create': {
      tag: 'Audio',
      description: 'spec 4.4: JSON with base64 `input_audio`, or `multipart/form-data` with a `file` part.',
      requestBody: { 'application/json': 'TranscriptionRequest', 'multipart/form-data': 'TranscriptionMultipartRequest' },
      successStatus: 200,
      success: { 'application/json': 'TranscriptionResponse' },
      parameters: SIMULATION_HEADERS,
    },
  },
  components: {
    requests: {
      TranscriptionRequest: TranscriptionRequestSchema,
    },
    answers: {
      TranscriptionResponse: TranscriptionResponseSchema,
    },
    written: {
      TranscriptionMultipartRequest: {
        type: 'object',
        description: 'spec 4.4: the multipart form of the transcription request; `file` carries the audio bytes.',
        properties: {
          file: { type: 'string', contentMediaType: 'application/octet-stream' },
          model: { type: 'string' },
          language: { type: 'string' },
          response_format: { type: 'string', enum: ['json', 'verbose_json'] },
          temperature: { type: 'number' },
        },
        required: ['file', 'model'],
      },
    },
  },
};
