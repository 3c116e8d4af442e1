import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { parseApiKeys, type ApiKey } from '../auth/api-key.ts';
import { parseWindow } from '../auth/demo-keys.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { loadCatalogFile } from '../adapter/node/load-catalog-file.ts';
import { parseCatalog } from '../catalog/parse-catalog.ts';
import { isCatalogName } from '../catalog/named-catalog.ts';
import { formatZodError, gatewayZodErrorMap } from '../errors/format-zod-error.ts';
import { parseScriptsFile, type ScriptRule } from '../scripts/script-rule.ts';
import { TimingOptionsSchema, type TimingOptions } from '../timing/timing-options.ts';

/** The file `gatewaykit serve` reads from the working directory when it exists (or `--config FILE`). */
export const CONFIG_FILE_NAME = 'gatewaykit.config.json';

/** A file path (relative to the config file) or the value itself. */
const fileOr = <T extends z.ZodType>(schema: T) => z.union([z.string().min(1), schema]);

const ConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  port: z.number().int().min(0).max(65535).optional(),
  host: z.string().min(1).optional(),
  seed: z.number().int().min(0).optional(),
  clock: z.enum(['system', 'virtual']).optional(),
  /** The keys file's content (`[...]` or `{"keys": [...]}`), or its path. */
  keys: fileOr(z.union([z.array(z.unknown()), z.object({ keys: z.array(z.unknown()) })])).optional(),
  /** Scripted replies, or the path of a scripts file. */
  scripts: fileOr(z.array(z.unknown())).optional(),
  /** A catalogue, its path, or the name of an embedded one (`default`, `small`). */
  catalog: fileOr(z.record(z.string(), z.unknown())).optional(),
  /** A mode name or `{ "mode": ..., "firstTokenTimeoutMs": ..., "generationTimeoutMs": ... }`, checked by {@link timingOf}. */
  timing: z.unknown().optional(),
  /** Provider faults set at start: `{ "openai": { "status": 503, "count": 2 } }` (count: default all). */
  faults: z.record(z.string().min(1), z.strictObject({ status: z.number().int(), count: z.number().int().positive().optional() })).optional(),
  /** The window of the demo key sk-gw-rate-limited: milliseconds, or a duration such as "2s" (`--rate-limit-window`). */
  rateLimitWindow: z.union([z.number(), z.string()]).optional(),
  /** An unknown `vendor/model` id gets a synthesized catalogue entry (`--accept-unknown-models`). */
  acceptUnknownModels: z.boolean().optional(),
  /** false: every memo and shortcut off (`--no-fast-paths`). */
  fastPaths: z.boolean().optional(),
});

/** What a config file sets, resolved (files read, values validated). */
export interface ServeConfig {
  readonly file: string;
  readonly port?: number;
  readonly host?: string;
  readonly seed?: number;
  readonly clock?: 'system' | 'virtual';
  readonly keys?: ApiKey[];
  /** Where the keys came from: the keys file the config names, else the config file itself. */
  readonly keysFrom?: string;
  /** Where the scripted replies came from, likewise. */
  readonly scriptsFrom?: string;
  readonly scripts?: ScriptRule[];
  readonly catalog?: Catalog;
  readonly timing?: TimingOptions;
  readonly faults?: Readonly<Record<string, { status: number; count?: number }>>;
  readonly rateLimitWindowMs?: number;
  readonly acceptUnknownModels?: boolean;
  readonly fastPaths?: boolean;
}

/**
 * Read `gatewaykit.config.json` (or `explicit`): undefined when no file is given and none is in
 * `cwd`. Throws an Error naming the file and the path of the first problem.
 *
 * @example
 * const config = readServeConfig(undefined, process.cwd());
 */
export function readServeConfig(explicit: string | undefined, cwd: string): ServeConfig | undefined {
  const file = resolve(cwd, explicit ?? CONFIG_FILE_NAME);
  if (!explicit && !existsSync(file)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(code ? `${file}: cannot read the config file (${code})` : `${file}: not valid JSON (${(e as Error).message})`);
  }
  // A record key named __proto__ would vanish in parsing (it sets a prototype): refused by name.
  const faults = typeof json === 'object' && json !== null ? (json as { faults?: unknown }).faults : undefined;
  if (typeof faults === 'object' && faults !== null && Object.hasOwn(faults, '__proto__')) {
    throw new Error(`${file}: faults.__proto__: not a provider slug`);
  }
  const parsed = ConfigSchema.safeParse(json, { error: gatewayZodErrorMap });
  if (!parsed.success) throw new Error(`${file}: ${formatZodError(parsed.error)}`);
  const c = parsed.data;
  const base = dirname(file);
  const readJson = (path: string, what: string): unknown => {
    const target = resolve(base, path);
    try {
      return JSON.parse(readFileSync(target, 'utf8'));
    } catch (e) {
      throw new Error(`${file}: ${what}: cannot read ${target} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  };
  const keys = c.keys === undefined ? undefined : parseApiKeys(typeof c.keys === 'string' ? readJson(c.keys, 'keys') : c.keys, `${file}: keys`);
  const scripts =
    c.scripts === undefined
      ? undefined
      : typeof c.scripts === 'string'
        ? parseScriptsFile(JSON.stringify(readJson(c.scripts, 'scripts')), resolve(base, c.scripts))
        : parseScriptsFile(JSON.stringify(c.scripts), `${file}: scripts`);
  const timing = c.timing === undefined ? undefined : timingOf(c.timing, file);
  let rateLimitWindowMs: number | undefined;
  if (c.rateLimitWindow !== undefined) {
    try {
      rateLimitWindowMs = parseWindow(c.rateLimitWindow);
    } catch (e) {
      throw new Error(`${file}: rateLimitWindow: ${(e as Error).message}`);
    }
  }
  const catalog =
    c.catalog === undefined
      ? undefined
      : typeof c.catalog === 'string'
        ? loadCatalogFile(isCatalogName(c.catalog) ? c.catalog : resolve(base, c.catalog))
        : parseCatalog(c.catalog);
  return {
    file,
    ...(c.port !== undefined ? { port: c.port } : {}),
    ...(c.host !== undefined ? { host: c.host } : {}),
    ...(c.seed !== undefined ? { seed: c.seed } : {}),
    ...(c.clock !== undefined ? { clock: c.clock } : {}),
    ...(keys ? { keys, keysFrom: typeof c.keys === 'string' ? resolve(base, c.keys) : file } : {}),
    ...(scripts ? { scripts, scriptsFrom: typeof c.scripts === 'string' ? resolve(base, c.scripts) : file } : {}),
    ...(catalog ? { catalog } : {}),
    ...(timing !== undefined ? { timing } : {}),
    ...(c.faults ? { faults: c.faults } : {}),
    ...(rateLimitWindowMs !== undefined ? { rateLimitWindowMs } : {}),
    ...(c.acceptUnknownModels !== undefined ? { acceptUnknownModels: c.acceptUnknownModels } : {}),
    ...(c.fastPaths !== undefined ? { fastPaths: c.fastPaths } : {}),
  };
}

/**
 * The config's `timing`, judged by the form it takes: a string is a mode name, an object the
 * `{ mode, firstTokenTimeoutMs, generationTimeoutMs }` form, so a mistake inside the object is
 * named (`timing.mode: must be one of ...`) instead of "must be a string".
 */
function timingOf(value: unknown, file: string): TimingOptions {
  const [modeName, objectForm] = TimingOptionsSchema.options;
  const schema = z.strictObject({ timing: value !== null && typeof value === 'object' && !Array.isArray(value) ? objectForm : modeName });
  const parsed = schema.safeParse({ timing: value }, { error: gatewayZodErrorMap });
  if (!parsed.success)
    throw new Error(
      `${file}: ${formatZodError(parsed.error)}${typeof value === 'string' || (value !== null && typeof value === 'object') ? '' : ' (a mode name, or an object such as {"mode": "realistic"})'}`,
    );
  return parsed.data.timing as TimingOptions;
}
