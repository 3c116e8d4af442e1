import type { OperationHandlers } from '../operation.ts';
import { synthesizeSpeech } from '../../audio/synthesize-speech.ts';
import type { TtsModel } from '../../catalog/tts-model.ts';
import { ModelEndpointSchema } from '../../catalog/model-endpoint.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { byokCharge } from '../../generation/usage-cost.ts';
import { isByokRequest } from '../../management/byok-for-request.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { rawBodyResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { mediaEndpoint } from '../media-endpoint.ts';
import { requestRecordFields } from '../request-record-fields.ts';
import { answerTimes } from '../../timing/answer-times.ts';
import { waitForJsonAnswer } from '../../timing/timed-answer.ts';
import { speechCost } from './billing.ts';
import { readSpeechRequest } from './request.ts';
import { SPEECH_CONTENT_TYPES, speechBytes } from './response.ts';
import { realisticTiming } from '../../timing/realistic-timing.ts';

/** The catalogue's speech model; a model of another kind is a 400, an unknown id 404 (as transcriptions answer). */
function ttsModel(env: GatewayEnv, id: string): TtsModel {
  const model = env.catalog.ttsModels.find((m) => m.id === id);
  if (model) return model;
  const listed = env.catalog.ttsModels.map((m) => m.id).join(', ') || 'none';
  const known = env.catalog.models.some((m) => m.id === id) || env.catalog.speechModels.some((m) => m.id === id);
  if (known) throw new GatewayError(400, `model: "${id}" is not a text-to-speech model (speech models: ${listed})`);
  throw new GatewayError(404, `model: "${id}" is not a model of this gateway (speech models: ${listed})`);
}

async function createSpeech(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const request = readSpeechRequest(await ctx.json());
  const apiKey = ctx.apiKey;
  if (!apiKey) throw new GatewayError(401);
  const model = ttsModel(env, request.model);
  const voice = request.voice ?? (model.voices[0] as string);
  if (!model.voices.includes(voice)) throw new GatewayError(400, `voice: ${model.id} has the voices ${model.voices.join(', ')} (got "${voice}")`);
  const characters = [...request.input].length;
  if (characters > model.max_input_chars)
    throw new GatewayError(400, `input: ${model.id} speaks at most ${model.max_input_chars} characters (got ${characters})`);
  const { endpoint, providerName } = mediaEndpoint(env, model, undefined);
  const realistic = realisticTiming(ctx.simulation, env.timing);
  const timed = ModelEndpointSchema.parse({ provider: endpoint.provider, pricing: { prompt: '0', completion: '0' }, latency: endpoint.latency });
  if (realistic) await waitForJsonAnswer({ clock: env.clock, timing: env.timing, endpoint: timed, providerName }, 0);
  // reference `response_format`: pcm by default.
  const format = request.response_format ?? 'pcm';
  const samples = synthesizeSpeech(request.input, voice, request.speed ?? 1);
  const bytes = await speechBytes(samples, request.input, format);
  // docs/byok.md: a credential of the key's workspace for this provider makes the cost the gateway fee.
  const byok = isByokRequest(env.management, apiKey, endpoint.provider, model.id);
  const charge = byokCharge(speechCost(request.input, endpoint.price_per_character), byok);
  const id = ctx.generationId();
  const times = answerTimes(timed, 0, realistic);
  env.account.recordGeneration({
    id,
    apiType: 'tts',
    model: model.id,
    providerName,
    streamed: false,
    finishReason: 'stop',
    tokensPrompt: characters,
    tokensCompletion: 0,
    cost: charge.cost,
    upstreamCost: charge.upstreamCost,
    isByok: byok,
    ...requestRecordFields(ctx, apiKey.key, times),
  });
  return rawBodyResponse({ pieces: [bytes] }, { status: 200, headers: { 'content-type': SPEECH_CONTENT_TYPES[format], 'x-generation-id': id } });
}

/** The speech operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({ 'audio.speech.create': (ctx) => createSpeech(env, ctx) });
