import { SpeechRequestSchema } from '../../schemas/speech-request.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The speech operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'audio.speech.create': {
      summary: 'Create speech',
      tag: 'Audio',
      description:
        'Raw audio of `input` spoken by `voice`: `pcm` (the default; 24 kHz 16-bit little-endian mono, `audio/pcm`) or `mp3` (`audio/mpeg`, the same samples encoded at 128 kbit/s). The duration follows the words and `speed`; the text rides in the audio, so `/audio/transcriptions` of it gives the text back. Billed per input character.',
      requestBody: { 'application/json': 'SpeechRequest' },
      successStatus: 200,
      success: { 'audio/pcm': 'binary', 'audio/mpeg': 'binary' },
      parameters: SIMULATION_HEADERS,
    },
  },
  components: {
    requests: {
      SpeechRequest: SpeechRequestSchema,
    },
  },
};
