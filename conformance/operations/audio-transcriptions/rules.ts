import { spec, ref, inferred, type Rule } from '../../rules/rule.ts';

/** The rules of POST /audio/transcriptions (spec 4.4). */
export const AUDIO_TRANSCRIPTIONS_RULES: readonly Rule[] = [
  spec('audio.auth', '4.4, 5.2', 'POST /audio/transcriptions without a key, or with a wrong one, is 401 with the envelope.'),
  ref(
    'audio.request-rules',
    '4.4, 7',
    'A transcription without model or input_audio, with undecodable or empty audio, an unknown format, response_format or timestamp granularity is refused with 400.',
  ),
  inferred('audio.non-speech-model', '4.4, 7', 'A transcription asking a text model is refused (400 or 404), never served.'),
  ref('audio.json-transcription', '4.4', 'A base64 WAV transcription answers {text, usage} with usage.seconds equal to the audio duration.'),
  spec('audio.multipart', '4.4', 'POST /audio/transcriptions accepts a multipart/form-data upload (file + model).'),
];
