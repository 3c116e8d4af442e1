import { probeAudio } from '../../audio/audio-probe.ts';
import { buildTranscription } from '../../audio/build-transcription.ts';
import { hashBytes } from '../../audio/hash-bytes.ts';
import type { TranscriptionCall } from '../../audio/read-transcription-request.ts';
import { resolveSpeechModel } from '../../audio/resolve-speech-model.ts';
import { spokenText } from '../../audio/spoken-text.ts';
import type { SpeechModel } from '../../catalog/speech-model.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { loadTokenizer } from '../../generation/tokenizer.ts';
import { seededRandom } from '../../random/seeded-random.ts';

/** The speech model a call names, or the 400/413 that says why it cannot take this audio. */
function speechModelFor(env: Pick<GatewayEnv, 'catalog'>, call: TranscriptionCall): SpeechModel {
  const model = resolveSpeechModel(env.catalog, call.model);
  const field = call.audioField === 'file' ? 'file' : 'input_audio.format';
  if (!model.formats.includes(call.format)) {
    throw new GatewayError(400, `${field}: ${model.id} does not accept ${call.format} audio (accepts ${model.formats.join(', ')})`);
  }
  if (call.audio.length > model.max_file_bytes) {
    throw new GatewayError(413, `${call.audioField}: ${call.audio.length} bytes of audio exceeds ${model.id}'s ${model.max_file_bytes}-byte file limit`);
  }
  if (!model.response_formats.includes(call.responseFormat)) {
    throw new GatewayError(400, `response_format: ${model.id} supports ${model.response_formats.join(', ')} (got "${call.responseFormat}")`);
  }
  return model;
}

/**
 * The transcription of a read call (reference createAudioTranscriptions), with the model that
 * made it.
 *
 * @example
 * const { model, result } = await transcription(env, await readTranscriptionRequest(ctx));
 */
export async function transcription(env: Pick<GatewayEnv, 'catalog' | 'seed'>, call: TranscriptionCall) {
  const model = speechModelFor(env, call);
  const probe = probeAudio(call.audio, call.format);
  if (typeof probe === 'string') throw new GatewayError(400, `${call.audioField === 'file' ? 'file' : 'input_audio.data'}: ${probe}`);
  // Determinism: the transcript is keyed by seed + audio bytes only, so the same recording reads
  // the same whichever model or body shape carried it.
  const rng = seededRandom(env.seed, 'audio.transcriptions', String(hashBytes(call.audio)), String(call.audio.length));
  const result = buildTranscription(
    {
      model,
      seconds: probe.seconds,
      responseFormat: call.responseFormat,
      granularities: call.granularities,
      language: call.language,
      temperature: call.temperature,
      // Speech made by /audio/speech carries its text: the two operations agree.
      spokenText: spokenText(call.audio, call.format),
    },
    rng,
    await loadTokenizer(),
  );
  return { model, result };
}
