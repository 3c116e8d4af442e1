import type { OperationHandlers } from '../operation.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { presetFromBody, type PresetSurface } from '../../management/preset-config.ts';
import type { PresetRecord } from '../../management/preset-record.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { CREATION_BODIES, PageQuerySchema, slugOf, versionOf } from './request.ts';
import { presetData, presetWithVersion, versionData } from './response.ts';

/** reference listPresets, listPresetVersions: `limit` defaults to 50. */
const DEFAULT_PAGE = 50;

/** The preset of the `{slug}` path parameter, or the reference's 404. */
function presetOf(env: GatewayEnv, ctx: RequestContext): PresetRecord {
  const slug = slugOf(ctx.params.slug);
  const preset = env.presets.preset(slug);
  if (!preset) throw new GatewayError(404, `No preset ${JSON.stringify(slug)} (never created, or forgotten by a control reset)`);
  return preset;
}

const pageOf = (ctx: RequestContext) => {
  const query = readRequest(PageQuerySchema, queryObject(ctx.url));
  return { skip: query.offset ?? 0, take: query.limit ?? DEFAULT_PAGE };
};

async function listPresets(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const page = pageOf(ctx);
  const { presets } = await env.presets.ready();
  // reference listPresets: "ordered by most recently updated first". @msw/data 1.1 takes `skip`
  // and `take` before it sorts, so the page is cut after (docs/decisions/0076).
  const data = presets.findMany(undefined, { orderBy: { updated_seq: 'desc' } }).slice(page.skip, page.skip + page.take);
  return jsonResponse({ data: data.map(presetData), total_count: presets.count() });
}

async function listVersions(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  // A malformed query is a 400 before any lookup (spec 7).
  const page = pageOf(ctx);
  const preset = presetOf(env, ctx);
  const { versions } = await env.presets.ready();
  // reference listPresetVersions: "ordered by version number ascending (oldest first)".
  const data = versions.findMany((q) => q.where({ slug: preset.slug }), { orderBy: { version: 'asc' } }).slice(page.skip, page.skip + page.take);
  return jsonResponse({ data: data.map(versionData), total_count: env.presets.versions(preset.slug).length });
}

function getVersion(env: GatewayEnv, ctx: RequestContext): Response {
  const preset = presetOf(env, ctx);
  const number = versionOf(ctx.params.version);
  const version = env.presets.versions(preset.slug).find((v) => v.version === number);
  if (!version) throw new GatewayError(404, `Preset ${JSON.stringify(preset.slug)} has no version ${number} (its latest is ${preset.latest_version})`);
  return jsonResponse({ data: versionData(version) });
}

/** reference createPresets*: a new preset, or a new version of an existing one, from the surface's request body. */
async function createFromBody(env: GatewayEnv, ctx: RequestContext, surface: PresetSurface): Promise<Response> {
  const slug = slugOf(ctx.params.slug);
  const body = readRequest(CREATION_BODIES[surface], await ctx.json()) as Record<string, unknown>;
  const { preset, version } = await env.presets.createVersion(slug, presetFromBody(surface, body));
  return jsonResponse({ data: presetWithVersion(preset, version) });
}

/** The presets operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'presets.list': (ctx) => listPresets(env, ctx),
  'presets.get': async (ctx) => {
    const preset = presetOf(env, ctx);
    return jsonResponse({ data: presetWithVersion(preset, env.presets.versions(preset.slug).at(-1)) });
  },
  'presets.createFromChat': (ctx) => createFromBody(env, ctx, 'chat'),
  'presets.createFromMessages': (ctx) => createFromBody(env, ctx, 'messages'),
  'presets.createFromResponses': (ctx) => createFromBody(env, ctx, 'responses'),
  'presets.versions.list': (ctx) => listVersions(env, ctx),
  'presets.versions.get': async (ctx) => getVersion(env, ctx),
});
