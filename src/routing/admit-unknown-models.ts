import { synthesizedModel } from '../catalog/synthesized-model.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';

/**
 * With `acceptUnknownModels` (`--accept-unknown-models`), give each named `vendor/model` id the
 * catalogue does not list a synthesized entry (catalog/synthesized-model.ts), added to this
 * gateway's own copy of the catalogue so `GET /models` and routing see it from then on. Without
 * the option nothing changes: the catalogue rule answers the 400 with its did-you-mean. An entry,
 * once added, stays while the gateway runs (it is a pure function of the id and the catalogue).
 *
 * @example
 * admitUnknownModels(env, ['openai/gpt-9']); // env.catalog.models now lists openai/gpt-9
 */
export function admitUnknownModels(
  env: Pick<GatewayEnv, 'catalog' | 'acceptUnknownModels'> & Partial<Pick<GatewayEnv, 'clock'>>,
  ids: ReadonlyArray<string | undefined>,
): void {
  if (!env.acceptUnknownModels) return;
  const models = env.catalog.models;
  for (const id of ids) {
    if (id === undefined || models.some((m) => m.id === id || m.aliases.includes(id))) continue;
    const model = synthesizedModel(id, env.catalog, Math.floor((env.clock?.now() ?? 0) / 1000));
    if (model) models.push(model);
  }
}
