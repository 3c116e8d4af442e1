import type { OperationHandlers } from '../operation.ts';
import { readTranscriptionRequest } from '../../audio/read-transcription-request.ts';
import type { RequestContext } from '../../http/route.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { recordTranscription } from './billing.ts';
import { isByokRequest } from '../../management/byok-for-request.ts';
import { byokCharge } from '../../generation/usage-cost.ts';
import { transcription } from './response.ts';

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

/** The audio-transcriptions operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = () => ({ 'audio.transcriptions.create': transcribe });
