import type { SpeechModel } from '../../catalog/speech-model.ts';
import type { RequestContext } from '../../http/route.ts';
import type { TranscriptionUsage } from '../../schemas/audio-transcription.ts';

/**
 * The transcription is paid for and can be looked up by its X-Generation-Id (GET /generation).
 *
 * @example
 * recordTranscription(ctx, model, result.usage, { isByok: false, upstreamCost: null });
 */
export function recordTranscription(
  ctx: Pick<RequestContext, 'apiKey' | 'env' | 'generationId' | 'receivedAt' | 'reserve'>,
  model: SpeechModel,
  usage: TranscriptionUsage,
  byok: { isByok: boolean; upstreamCost: number | null },
): void {
  if (!ctx.apiKey) return;
  // docs/account.md: held, then settled, through the one billing path (a 402 when it does not fit).
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
    isByok: byok.isByok,
    upstreamCost: byok.upstreamCost,
    createdAt: ctx.receivedAt,
    latencyMs: 0,
    generationTimeMs: 0,
    apiKey: ctx.apiKey.key,
    numMediaPrompt: 1,
  });
}
