import { formatZodError } from '../../errors/format-zod-error.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { SpeechRequestSchema, type SpeechRequest } from '../../schemas/speech-request.ts';
import { parseRequest } from '../../validation/parse-request.ts';

export { SpeechRequestSchema, type SpeechRequest } from '../../schemas/speech-request.ts';

/**
 * The body of `POST /audio/speech`, validated once (reference `SpeechRequest`), or the 400
 * naming the first bad field.
 *
 * @example
 * readSpeechRequest({ model: 'mistralai/voxtral-mini-tts-2603', input: 'Hello world' }).response_format; // undefined (pcm)
 */
export function readSpeechRequest(body: unknown): SpeechRequest {
  const parsed = parseRequest(SpeechRequestSchema, body);
  if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
  if (!/\S/.test(parsed.data.input)) throw new GatewayError(400, 'input: nothing to say (only whitespace)');
  return parsed.data;
}
