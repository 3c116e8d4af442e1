import type { Exchange } from '../../client/exchange.ts';
import type { OperationDeclaration, SampleFlow } from '../../kit/operation-declaration.ts';
import { badQuery, malformedJson, unknownId, wrongType } from '../../kit/refusals.ts';

/**
 * The one preset the kit makes on a live gateway. The reference has no way to delete a preset, so
 * every run adds versions to this one slug and never makes another.
 */
export const KIT_PRESET = 'gatewaykit-conformance';
const UNKNOWN_PRESET = 'gatewaykit-conformance-never-created';
const presetPath = (slug: string) => `/presets/${encodeURIComponent(slug)}`;

/** A chat body whose preset says little: a model, a temperature, a system prompt. */
export const kitPresetBody = (model: string) => ({
  model,
  temperature: 0,
  messages: [
    { role: 'system', content: 'gatewaykit conformance preset' },
    { role: 'user', content: 'ignored' },
  ],
});

/**
 * The kit preset's life with the management key: a version made from a chat body, then the preset,
 * its versions and its first version read. It makes at most one preset (KIT_PRESET) ever, and one
 * version a run.
 */
const presetFlow: SampleFlow = {
  key: 'kit.sample:presets',
  paid: 0,
  async make(client, ctx) {
    const created = await client.send({
      method: 'POST',
      path: `${presetPath(KIT_PRESET)}/chat/completions`,
      auth: 'management',
      body: kitPresetBody(ctx.model),
    });
    const answers: Record<string, Exchange> = { 'presets.createFromChat': created };
    if (created.status >= 300) return answers;
    answers['presets.get'] = await client.send({ method: 'GET', path: presetPath(KIT_PRESET) });
    answers['presets.versions.list'] = await client.send({ method: 'GET', path: `${presetPath(KIT_PRESET)}/versions?limit=5` });
    answers['presets.versions.get'] = await client.send({ method: 'GET', path: `${presetPath(KIT_PRESET)}/versions/1` });
    return answers;
  },
};

const creates = `adds one version to the preset ${KIT_PRESET} (presets cannot be deleted: the kit never makes another)`;

const creation = (endpoint: string, surface: string, body: (model: string) => Record<string, unknown>): OperationDeclaration => ({
  endpoint,
  request: (ctx) => ({ method: 'POST', path: `${presetPath(KIT_PRESET)}/${surface}`, body: body(ctx.model) }),
  creates,
  badInput: () => [
    malformedJson(`${presetPath(KIT_PRESET)}/${surface}`),
    wrongType(`${presetPath(KIT_PRESET)}/${surface}`, { model: 42, messages: [] }, 'model'),
  ],
});

/** The kit's declarations of the presets operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'presets.list', request: () => ({ method: 'GET', path: '/presets?limit=5' }), badInput: () => [badQuery('/presets', 'limit=abc')] },
  {
    endpoint: 'presets.get',
    request: () => ({ method: 'GET', path: presetPath(KIT_PRESET) }),
    sample: presetFlow,
    creates,
    badInput: () => [unknownId(presetPath(UNKNOWN_PRESET), 'preset slug')],
  },
  { ...creation('presets.createFromChat', 'chat/completions', kitPresetBody), sample: presetFlow },
  creation('presets.createFromMessages', 'messages', (model) => ({
    model,
    max_tokens: 16,
    system: 'gatewaykit conformance preset',
    messages: [{ role: 'user', content: 'x' }],
  })),
  creation('presets.createFromResponses', 'responses', (model) => ({ model, instructions: 'gatewaykit conformance preset', input: 'x' })),
  {
    endpoint: 'presets.versions.list',
    request: () => ({ method: 'GET', path: `${presetPath(KIT_PRESET)}/versions?limit=5` }),
    sample: presetFlow,
    creates,
    badInput: () => [unknownId(`${presetPath(UNKNOWN_PRESET)}/versions`, 'preset slug'), badQuery(`${presetPath(KIT_PRESET)}/versions`, 'limit=abc')],
  },
  {
    endpoint: 'presets.versions.get',
    request: () => ({ method: 'GET', path: `${presetPath(KIT_PRESET)}/versions/1` }),
    sample: presetFlow,
    creates,
    badInput: () => [unknownId(`${presetPath(UNKNOWN_PRESET)}/versions/1`, 'preset slug')],
  },
];
