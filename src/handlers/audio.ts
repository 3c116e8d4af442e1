import { buildTranscription } from '../audio/build-transcription.ts';
import { probeAudio } from '../audio/audio-probe.ts';
import { hashBytes } from '../audio/hash-bytes.ts';
import { MULTIPART_OVERHEAD_BYTES, readTranscriptionRequest, transcriptionJsonLimit } from '../audio/read-transcription-request.ts';
import { resolveSpeechModel } from '../audio/resolve-speech-model.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { loadTokenizer } from '../generation/tokenizer.ts';
import type { RequestContext, Route } from '../http/route.ts';
import { seededRandom } from '../random/seeded-random.ts';
import { jsonResponse } from '../http/raw-body.ts';

/**
 * Statuses the reference lists for createAudioTranscriptions (400, 401, 402, 404, 429, 500, 502,
 * 503, 524, 529) plus 413, which the size limits produce for real (spec 7).
 */
export const AUDIO_TRANSCRIPTION_FAULTS = [400, 401, 402, 404, 413, 429, 500, 502, 503, 524, 529] as const;

/** The JSON body limit of /audio/transcriptions (src/audio/read-transcription-request.ts). */
export const transcriptionBodyLimit = transcriptionJsonLimit;

async function transcribe(ctx: RequestContext): Promise<Response> {
  const call = await readTranscriptionRequest(ctx);
  const model = resolveSpeechModel(ctx.env.catalog, call.model);
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
  const probe = probeAudio(call.audio, call.format);
  if (typeof probe === 'string') throw new GatewayError(400, `${call.audioField === 'file' ? 'file' : 'input_audio.data'}: ${probe}`);

  // DESIGN determinism: the transcript is keyed by seed + audio bytes only, so the same recording
  // reads the same whichever model or body shape carried it.
  const rng = seededRandom(ctx.env.seed, 'audio.transcriptions', String(hashBytes(call.audio)), String(call.audio.length));
  const result = buildTranscription(
    {
      model,
      seconds: probe.seconds,
      responseFormat: call.responseFormat,
      granularities: call.granularities,
      language: call.language,
      temperature: call.temperature,
    },
    rng,
    await loadTokenizer(),
  );
  // The transcription is paid for and can be looked up by its X-Generation-Id (GET /generation).
  // docs/account.md: held, then settled, through the one billing path (a 402 when it does not fit).
  const usage = result.usage;
  if (ctx.apiKey && usage) {
    ctx.reserve(usage.cost ?? 0).settle({
      id: ctx.generationId(),
      apiType: 'stt',
      model: model.id,
      providerName: ctx.env.catalog.providers.find((p) => p.slug === model.provider)?.name ?? model.provider,
      streamed: false,
      finishReason: 'stop',
      tokensPrompt: usage.input_tokens ?? 0,
      tokensCompletion: usage.output_tokens ?? 0,
      cost: usage.cost ?? 0,
      isByok: ctx.apiKey.byok ?? false,
      createdAt: ctx.receivedAt,
      latencyMs: 0,
      generationTimeMs: 0,
      apiKey: ctx.apiKey.key,
      numMediaPrompt: 1,
    });
  }
  return jsonResponse(result, { status: 200 });
}

/**
 * POST /audio/transcriptions (spec 4.4; reference createAudioTranscriptions): JSON or multipart,
 * a paid operation, the catalogue's speech models.
 *
 * @example
 * const routes = audioRoutes(env); // [{ method: 'POST', path: '/audio/transcriptions', ... }]
 */
export function audioRoutes(env: GatewayEnv): Route[] {
  return [
    {
      method: 'POST',
      path: '/audio/transcriptions',
      operation: 'audio.transcriptions.create',
      auth: 'key',
      paid: true,
      faults: AUDIO_TRANSCRIPTION_FAULTS,
      // The larger of the two bodies' limits; each reader applies its own (JSON, multipart).
      maxBodyBytes: Math.max(transcriptionBodyLimit(env), env.maxUploadBytes + MULTIPART_OVERHEAD_BYTES),
      handle: transcribe,
    },
  ];
}
