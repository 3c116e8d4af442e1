import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/index.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { referenceValidator } from './reference-schema.ts';

const auth = { authorization: 'Bearer sk-gw-test' };
type Json = Record<string, any>;

describe('catalogue reads: /models/count, /models/user, /model/{author}/{slug}, /endpoints/zdr', () => {
  const gateway = createGateway({ clock: virtualClock() });
  const reference = referenceValidator();
  const get = async (path: string, headers: Record<string, string> = auth) => {
    const res = await gateway.fetch(path, { headers });
    return { status: res.status, body: (await res.json()) as Json };
  };

  it('GET /models/count agrees with GET /models, per output modality; a bad modality is a 400', async () => {
    const count = await get('/models/count');
    expect(count.status).toBe(200);
    expect(reference.validate('/models/count', '200', count.body)).toEqual([]);
    const models = await get('/models');
    expect(count.body.data.count).toBe(models.body.total_count);
    const images = await get('/models/count?output_modalities=image');
    expect(images.body.data.count).toBe(models.body.data.filter((m: Json) => m.architecture.output_modalities.includes('image')).length);
    expect(images.body.data.count).toBeGreaterThan(0);
    const all = await get('/models/count?output_modalities=all');
    expect(all.body.data.count).toBe(models.body.total_count + gateway.catalog.embeddingModels.length);
    const bad = await get('/models/count?output_modalities=smell');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^output_modalities: "smell" is not a modality/);
  });

  it('GET /models/user lists what GET /models lists, paged; bad paging is a 400', async () => {
    const user = await get('/models/user');
    expect(user.status).toBe(200);
    expect(reference.validate('/models/user', '200', user.body)).toEqual([]);
    const models = await get('/models');
    expect(user.body.data.map((m: Json) => m.id)).toEqual(models.body.data.map((m: Json) => m.id));
    const page = await get('/models/user?offset=2&limit=3');
    expect(page.body.data.map((m: Json) => m.id)).toEqual(models.body.data.slice(2, 5).map((m: Json) => m.id));
    expect(page.body.links.next).toBe('/api/v1/models/user?offset=5&limit=3');
    expect((await get('/models/user?limit=0')).status).toBe(400);
    expect((await get('/models/user?limit=1001')).body.error.message).toMatch(/^limit: must be an integer from 1 to 1000/);
  });

  it('GET /model/{author}/{slug}: the reference example, a variant, an alias; 404 otherwise', async () => {
    const gpt4 = await get('/model/openai/gpt-4');
    expect(gpt4.status).toBe(200);
    expect(reference.validate('/model/{author}/{slug}', '200', gpt4.body)).toEqual([]);
    const listed = (await get('/models')).body.data.find((m: Json) => m.id === 'openai/gpt-4');
    expect(gpt4.body.data).toEqual(listed);
    const free = gateway.catalog.models.find((m) => m.variants.includes('free'));
    expect((await get(`/model/${free?.id}:free`)).body.data.id).toBe(`${free?.id}:free`);
    expect((await get('/model/anthropic/claude-4.5-sonnet-20250929')).body.data.id).toBe('anthropic/claude-sonnet-4.5');
    const missing = await get('/model/nobody/nothing');
    expect(missing.status).toBe(404);
    expect(reference.validate('/model/{author}/{slug}', '404', missing.body)).toEqual([]);
    expect((await get('/model/openai/gpt-4:thinking')).status).toBe(404);
  });

  it('GET /endpoints/zdr lists exactly the endpoints of ZDR providers, as the model endpoint listings do', async () => {
    const zdr = await get('/endpoints/zdr');
    expect(zdr.status).toBe(200);
    expect(reference.validate('/endpoints/zdr', '200', zdr.body)).toEqual([]);
    const zdrProviders = new Set(gateway.catalog.providers.filter((p) => p.zdr).map((p) => p.slug));
    const expected = gateway.catalog.models.flatMap((m) => m.endpoints.filter((e) => zdrProviders.has(e.provider)).map((e) => `${m.id}@${e.provider}`));
    expect(zdr.body.data.map((e: Json) => `${e.model_id}@${e.tag}`)).toEqual(
      gateway.catalog.models.flatMap((m) => m.endpoints.filter((e) => zdrProviders.has(e.provider)).map((e) => `${m.canonical_slug ?? m.id}@${e.provider}`)),
    );
    expect(expected.length).toBeGreaterThan(0);
  });

  it('every read needs a key: 401 in the error envelope', async () => {
    for (const path of ['/models/count', '/models/user', '/model/openai/gpt-4', '/endpoints/zdr']) {
      const res = await get(path, {});
      expect(res.status, path).toBe(401);
      expect(res.body.error.code).toBe(401);
    }
  });
});
