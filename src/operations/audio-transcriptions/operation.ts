import { MULTIPART_OVERHEAD_BYTES, readTranscriptionRequest, transcriptionJsonLimit } from '../../audio/read-transcription-request.ts';
import type { RequestContext } from '../../http/route.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { recordTranscription } from './billing.ts';
import { isByokRequest } from '../../management/byok-for-request.ts';
import { byokCharge } from '../../generation/usage-cost.ts';
import { transcription } from './response.ts';
import { docs } from './docs.ts';

/**
 * Statuses the reference lists for createAudioTranscriptions (400, 401, 402, 404, 429, 500, 502,
 * 503, 524, 529) plus 413, which the size limits produce for real (spec 7).
 */
export const AUDIO_TRANSCRIPTION_FAULTS = [400, 401, 402, 404, 413, 429, 500, 502, 503, 524, 529] as const;

async function transcribe(ctx: RequestContext): Promise<Response> {
  const call = await readTranscriptionRequest(ctx);
  const { model, result } = await transcription(ctx.env, call);
  if (!result.usage || !ctx.apiKey) return jsonResponse(result, { status: 200 });
  // docs/byok.md: a credential of the key's workspace for this provider makes the cost the gateway fee.
  const byok = isByokRequest(ctx.env.management, ctx.apiKey, model.provider, model.id);
  const charge = byokCharge(result.usage.cost ?? 0, byok);
  const usage = { ...result.usage, cost: charge.cost };
  recordTranscription(ctx, model, usage, { isByok: byok, upstreamCost: charge.upstreamCost });
  return jsonResponse({ ...result, usage }, { status: 200 });
}

/**
 * POST /audio/transcriptions (spec 4.4; reference createAudioTranscriptions): JSON or multipart,
 * a paid operation, the catalogue's speech models.
 */
export const audioTranscriptionsOperation: Operation = {
  name: 'audio-transcriptions',
  docs,
  endpoints: [
    {
      method: 'POST',
      path: '/audio/transcriptions',
      id: 'audio.transcriptions.create',
      referenceId: 'createAudioTranscriptions',
      summary: 'Transcribe audio',
      auth: 'key',
      paid: true,
      faults: AUDIO_TRANSCRIPTION_FAULTS,
      // The larger of the two bodies' limits; each reader applies its own (JSON, multipart).
      maxBodyBytes: (env) => Math.max(transcriptionJsonLimit(env), env.maxUploadBytes + MULTIPART_OVERHEAD_BYTES),
    },
  ],
  handlers: () => ({ 'audio.transcriptions.create': transcribe }),
};
