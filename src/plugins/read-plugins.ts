import { GatewayError } from '../errors/gateway-error.ts';
import { PLUGIN_IDS, type PluginId } from '../schemas/plugins.ts';

/** Plugins that choose the model; at most one may be enabled per request. */
export const ROUTER_PLUGINS: readonly PluginId[] = ['auto-router', 'auto-beta-router', 'pareto-router', 'fusion'];

/** One enabled plugin of the request, with its position for error messages (`plugins[2]`). */
export interface PluginEntry {
  id: PluginId;
  index: number;
  config: Record<string, unknown>;
}

/**
 * The enabled plugins of a request (spec 2.5): `enabled: false` drops a plugin (moderation has no
 * `enabled`), and when a plugin id repeats the last entry wins. Unknown ids and a second router
 * plugin are 400s naming the position.
 *
 * @example
 * readPlugins([{ id: 'web', max_results: 3 }, { id: 'moderation' }]).map((p) => p.id); // ['web', 'moderation']
 */
export function readPlugins(raw: unknown): PluginEntry[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new GatewayError(400, 'plugins: must be an array of plugin objects (spec 2.5)');
  const byId = new Map<PluginId, PluginEntry>();
  raw.forEach((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new GatewayError(400, `plugins[${index}]: must be an object with an id`);
    const config = item as Record<string, unknown>;
    const id = config.id;
    if (typeof id !== 'string' || !(PLUGIN_IDS as readonly string[]).includes(id)) {
      throw new GatewayError(400, `plugins[${index}].id: must be one of ${PLUGIN_IDS.join(', ')} (got ${JSON.stringify(id)})`);
    }
    byId.delete(id as PluginId);
    if (config.enabled === false && id !== 'moderation') return;
    byId.set(id as PluginId, { id: id as PluginId, index, config });
  });
  const list = [...byId.values()].sort((a, b) => a.index - b.index);
  const routers = list.filter((p) => ROUTER_PLUGINS.includes(p.id));
  if (routers.length > 1) {
    throw new GatewayError(400, `plugins: at most one router plugin may be enabled (got ${routers.map((r) => `plugins[${r.index}] ${r.id}`).join(', ')})`);
  }
  return list;
}

/** Typed accessors for plugin fields: each answers 400 naming `plugins[i].field` for a wrong type. */
export function pluginField(entry: PluginEntry) {
  const at = (name: string) => `plugins[${entry.index}].${name}`;
  return {
    strings(name: string): string[] | undefined {
      const v = entry.config[name];
      if (v === undefined || v === null) return undefined;
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new GatewayError(400, `${at(name)}: must be an array of strings`);
      return v as string[];
    },
    int(name: string, min: number, max: number): number | undefined {
      const v = entry.config[name];
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
        throw new GatewayError(400, `${at(name)}: must be an integer from ${min} to ${max} (got ${JSON.stringify(v)})`);
      }
      return v;
    },
    number(name: string, min: number, max: number): number | undefined {
      const v = entry.config[name];
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
        throw new GatewayError(400, `${at(name)}: must be a number from ${min} to ${max} (got ${JSON.stringify(v)})`);
      }
      return v;
    },
    bool(name: string): boolean | undefined {
      const v = entry.config[name];
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'boolean') throw new GatewayError(400, `${at(name)}: must be a boolean`);
      return v;
    },
    string(name: string): string | undefined {
      const v = entry.config[name];
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'string') throw new GatewayError(400, `${at(name)}: must be a string`);
      return v;
    },
    oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
      const v = entry.config[name];
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
        throw new GatewayError(400, `${at(name)}: must be one of ${values.join(', ')} (got ${JSON.stringify(v)})`);
      }
      return v as T;
    },
    object(name: string): Record<string, unknown> | undefined {
      const v = entry.config[name];
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'object' || Array.isArray(v)) throw new GatewayError(400, `${at(name)}: must be an object`);
      return v as Record<string, unknown>;
    },
    path: at,
  };
}
