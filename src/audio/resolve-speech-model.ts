import type { Catalog } from '../catalog/catalog.ts';
import type { SpeechModel } from '../catalog/speech-model.ts';
import { GatewayError } from '../errors/gateway-error.ts';

/**
 * The catalogue speech model for `id`. A model the gateway knows but that does not transcribe (a
 * text or video model) is the caller's mistake: 400 naming `model`. An id nobody knows is 404
 * (reference: the operation lists 404 "Resource does not exist"; the Responses resolver answers
 * unknown models the same way).
 *
 * @example
 * resolveSpeechModel(catalog, 'openai/whisper-large-v3').provider; // 'openai'
 */
export function resolveSpeechModel(catalog: Catalog, id: string): SpeechModel {
  const model = catalog.speechModels.find((m) => m.id === id);
  if (model) return model;
  const speech = catalog.speechModels.map((m) => m.id).join(', ') || '(none in this catalogue)';
  const kind = catalog.models.some((m) => m.id === id) ? 'a text model' : catalog.videoModels.some((m) => m.id === id) ? 'a video model' : undefined;
  if (kind) throw new GatewayError(400, `model: "${id}" is ${kind}, not a speech-to-text model (speech models: ${speech})`);
  throw new GatewayError(404, `model: "${id}" is not a model of this gateway (speech models: ${speech})`);
}
