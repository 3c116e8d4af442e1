import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { presetFromBody, type PresetSurface } from '../../management/preset-config.ts';
import type { PresetRecord } from '../../management/preset-record.ts';
import type { Endpoint, Operation } from '../operation.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { CREATION_BODIES, PageQuerySchema, slugOf, versionOf } from './request.ts';
import { presetData, presetWithVersion, versionData } from './response.ts';
import { docs } from './docs.ts';

/** reference listPresets, listPresetVersions: `limit` defaults to 50. */
const DEFAULT_PAGE = 50;

// The statuses the reference lists for each operation (X-Gatewaykit-Fault may force them).
const LIST_FAULTS = [400, 401, 500] as const;
const GET_FAULTS = [400, 401, 404, 500] as const;
const CREATE_FAULTS = [400, 401, 403, 404, 409, 500] as const;

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

const creation = (path: string, id: string, referenceId: string, summary: string): Endpoint => ({
  method: 'POST',
  path: `/presets/:slug/${path}`,
  id,
  referenceId,
  summary,
  auth: 'management',
  faults: CREATE_FAULTS,
});

/**
 * The reference's Presets operations: list, get, versions, and creation from a chat, Messages or
 * Responses body (management key; each creation makes a new version). `@preset/<slug>` as the
 * model of an inference request applies the latest version (src/management/apply-preset.ts).
 */
export const presetsOperation: Operation = {
  name: 'presets',
  docs,
  endpoints: [
    {
      method: 'GET',
      path: '/presets',
      id: 'presets.list',
      referenceId: 'listPresets',
      summary: 'List presets (most recently updated first)',
      auth: 'key',
      faults: LIST_FAULTS,
    },
    {
      method: 'GET',
      path: '/presets/:slug',
      id: 'presets.get',
      referenceId: 'getPreset',
      summary: 'Get a preset with its designated version',
      auth: 'key',
      faults: GET_FAULTS,
    },
    creation('chat/completions', 'presets.createFromChat', 'createPresetsChatCompletions', 'Create a preset version from a chat-completions body'),
    creation('messages', 'presets.createFromMessages', 'createPresetsMessages', 'Create a preset version from a Messages body'),
    creation('responses', 'presets.createFromResponses', 'createPresetsResponses', 'Create a preset version from a Responses body'),
    {
      method: 'GET',
      path: '/presets/:slug/versions',
      id: 'presets.versions.list',
      referenceId: 'listPresetVersions',
      summary: 'List the versions of a preset (oldest first)',
      auth: 'key',
      faults: GET_FAULTS,
    },
    {
      method: 'GET',
      path: '/presets/:slug/versions/:version',
      id: 'presets.versions.get',
      referenceId: 'getPresetVersion',
      summary: 'Get one version of a preset',
      auth: 'key',
      faults: GET_FAULTS,
    },
  ],
  handlers: ({ env }) => ({
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
  }),
};
