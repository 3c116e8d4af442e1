import type { TextModel } from '../catalog/text-model.ts';
import { closestIds } from '../catalog/closest-ids.ts';
import { GatewayError } from '../errors/gateway-error.ts';

/**
 * The first model id that the catalogue does not list, as the 400 that names its field (the one
 * source of this message: `model`, `models[i]`, `plugins[i].analysis_models[j]`, ...). The schema
 * cannot state this rule: which ids exist is the catalogue's.
 *
 * @example
 * unknownModel([{ id: 'nobody/nothing', where: 'model' }], catalog.models)?.message; // 'model: "nobody/nothing" is not a valid model ID (GET /models lists them all)'
 * unknownModel([{ id: 'gpt-4o-mini', where: 'model' }], catalog.models)?.message; // 'model: "gpt-4o-mini" is not a valid model ID; did you mean "openai/gpt-4o-mini"? (GET /models lists them all)'
 */
export function unknownModel(refs: ReadonlyArray<{ id: string; where: string }>, models: readonly TextModel[]): GatewayError | undefined {
  const missing = refs.find(({ id }) => !models.some((m) => m.id === id));
  if (!missing) return undefined;
  const close = closestIds(
    missing.id,
    models.map((m) => m.id),
  );
  const suggestion = close.length > 0 ? `; did you mean ${close.map((id) => `"${id}"`).join(' or ')}?` : '';
  return new GatewayError(400, `${missing.where}: "${missing.id}" is not a valid model ID${suggestion} (GET /models lists them all)`);
}
