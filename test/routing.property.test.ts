import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogSchema, type Catalog, type CatalogInput } from '../src/catalog/catalog.ts';
import { QUANTIZATIONS } from '../src/catalog/model-endpoint.ts';
import { GatewayError } from '../src/errors/gateway-error.ts';
import { DEFAULT_API_KEYS, type ApiKey } from '../src/auth/api-key.ts';
import { parseCatalog } from '../src/catalog/parse-catalog.ts';
import { resolveRoute, type RouteDecision, type RouteInput } from '../src/routing/resolve-route.ts';
import { createProviderFaults } from '../src/state/provider-faults.ts';
import { createStickySessions } from '../src/state/sticky-sessions.ts';
import { validateResponsesRequest } from '../src/validation/validate-responses-request.ts';

/**
 * Properties of the router over ARBITRARY catalogues and preferences (issue 3 "done when"): the
 * oracles below re-state the rules of spec 2.4 / docs/routing.md independently of the code.
 */

const PARAMS = ['temperature', 'top_p', 'max_tokens', 'tools', 'tool_choice', 'response_format'] as const;
const QUANTS = ['fp8', 'fp16', 'bf16', 'int4'] as const;

const providerArb = (i: number) =>
  fc.record({
    slug: fc.constant(`p${i}`),
    name: fc.constant(`Provider ${i}`),
    data_collection: fc.constantFrom('allow', 'deny'),
    zdr: fc.boolean(),
  });

const endpointArb = (provider: string) =>
  fc.record({
    provider: fc.constant(provider),
    quantization: fc.constantFrom(...QUANTS),
    // USD per million 0..20 in steps of 0.25, written per token like the catalogue.
    pricing: fc.record({
      prompt: fc.integer({ min: 0, max: 80 }).map((q) => String((q * 0.25) / 1e6)),
      completion: fc.integer({ min: 0, max: 80 }).map((q) => String((q * 0.25) / 1e6)),
    }),
    latency: fc.integer({ min: 1, max: 50 }).map((x) => x / 10),
    throughput: fc.integer({ min: 5, max: 500 }),
    supported_parameters: fc.subarray([...PARAMS]),
  });

const catalogArb: fc.Arbitrary<Catalog> = fc
  .integer({ min: 1, max: 6 })
  .chain((nProviders) =>
    fc.tuple(
      fc.tuple(...Array.from({ length: nProviders }, (_, i) => providerArb(i))),
      fc.array(
        fc
          .subarray(
            Array.from({ length: nProviders }, (_, i) => `p${i}`),
            { minLength: 1 },
          )
          .chain((slugs) => fc.tuple(fc.shuffledSubarray(slugs, { minLength: slugs.length }), fc.boolean())),
        { minLength: 1, maxLength: 4 },
      ),
    ),
  )
  .chain(([providers, models]) =>
    fc.tuple(...models.map(([slugs]) => fc.tuple(...slugs.map(endpointArb)))).map((endpointLists) => {
      const input: CatalogInput = {
        providers,
        models: models.map(([, distillable], i) => ({
          id: `v${i % 2}/m${i}`,
          name: `Model ${i}`,
          context_length: 100_000,
          distillable,
          endpoints: endpointLists[i] as never,
        })),
      };
      return CatalogSchema.parse(input);
    }),
  );

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const prefsArb = fc.record(
  {
    only: maybe(fc.subarray(['p0', 'p1', 'p2', 'p3', 'P4', 'Provider 5'])),
    ignore: maybe(fc.subarray(['p0', 'p1', 'p2', 'p3', 'p4', 'p5'])),
    order: maybe(fc.shuffledSubarray(['p0', 'p1', 'p2', 'p3', 'p4', 'p5'])),
    data_collection: maybe(fc.constantFrom('allow', 'deny')),
    zdr: maybe(fc.boolean()),
    enforce_distillable_text: maybe(fc.boolean()),
    quantizations: maybe(fc.subarray([...QUANTS], { minLength: 1 })),
    max_price: maybe(
      fc.record({ prompt: maybe(fc.integer({ min: 0, max: 20 }).map(String)), completion: maybe(fc.integer({ min: 0, max: 20 })) }, { requiredKeys: [] }),
    ),
    sort: maybe(
      fc.oneof(
        fc.constantFrom('price', 'throughput', 'latency'),
        fc.record({ by: fc.constantFrom('price', 'throughput', 'latency'), partition: fc.constantFrom('model', 'none') }),
      ),
    ),
    require_parameters: maybe(fc.boolean()),
  },
  { requiredKeys: [] },
);

const requestExtrasArb = fc.record(
  { temperature: maybe(fc.constant(0.5)), tools: maybe(fc.constant([{ type: 'function', name: 'f', description: 'd', parameters: {} }])) },
  { requiredKeys: [] },
);

type Prefs = fc.Arbitrary<typeof prefsArb extends fc.Arbitrary<infer T> ? T : never> extends fc.Arbitrary<infer U> ? U : never;

function names(list: readonly string[] | undefined) {
  return (list ?? []).map((s) => s.toLowerCase());
}

/** Independent oracle: does (model, provider) satisfy every hard constraint of the preferences? */
function allowed(catalog: Catalog, modelId: string, slug: string, prefs: Prefs, accountIgnored: string[], used: string[]): boolean {
  const model = catalog.models.find((m) => m.id === modelId)!;
  const endpoint = model.endpoints.find((e) => e.provider === slug)!;
  const provider = catalog.providers.find((p) => p.slug === slug)!;
  const named = (list: string[]) => list.includes(provider.slug.toLowerCase()) || list.includes(provider.name.toLowerCase());
  if (prefs.only && !named(names(prefs.only))) return false;
  if (named(names([...(prefs.ignore ?? []), ...accountIgnored]))) return false;
  if (prefs.data_collection === 'deny' && provider.data_collection !== 'deny') return false;
  if (prefs.zdr && !provider.zdr) return false;
  if (prefs.enforce_distillable_text && !model.distillable) return false;
  if (prefs.quantizations && !prefs.quantizations.includes(endpoint.quantization as never)) return false;
  const perM = (s: string) => Number(s) * 1e6;
  if (prefs.max_price?.prompt !== undefined && perM(endpoint.pricing.prompt) > Number(prefs.max_price.prompt) + 1e-9) return false;
  if (prefs.max_price?.completion !== undefined && perM(endpoint.pricing.completion) > prefs.max_price.completion + 1e-9) return false;
  if (prefs.require_parameters && !used.every((p) => (endpoint.supported_parameters ?? []).includes(p))) return false;
  return true;
}

function usedParameters(extras: Record<string, unknown>): string[] {
  return [...(extras.temperature !== undefined ? ['temperature'] : []), ...(extras.tools !== undefined ? ['tools'] : [])];
}

/** What routing depends on, as createGateway builds it: the catalogue, the seed, sessions and faults. */
function routeEnv(catalog: Catalog): RouteInput['env'] {
  const parsed = parseCatalog(catalog);
  return { catalog: parsed, seed: 0, stickySessions: createStickySessions(), providerFaults: createProviderFaults(parsed.providers) };
}

/** Validate then route, as POST /responses does: the decision, or the error with its routing metadata. */
function route(catalog: Catalog, body: Record<string, unknown>, key: ApiKey, env = routeEnv(catalog), sessionId?: string): RouteDecision | GatewayError {
  let request;
  try {
    request = validateResponsesRequest(body);
  } catch (e) {
    if (e instanceof GatewayError) return e;
    throw e;
  }
  const routed = resolveRoute({ request, env, apiKey: key, sessionId });
  if (routed.ok) return routed.decision;
  routed.error.gatewayMetadata ??= routed.metadata as Record<string, unknown>;
  return routed.error;
}

const keyArb = fc.subarray(['p0', 'p1', 'p2']).map((ignoredProviders): ApiKey => ({ key: 'sk-prop', kind: 'standard', credits: 1, ignoredProviders }));

describe('routing properties (arbitrary catalogues and preferences)', () => {
  it('the chosen endpoint satisfies every filter, and 404 means no endpoint of any model did', () => {
    fc.assert(
      fc.property(catalogArb, prefsArb, requestExtrasArb, keyArb, fc.boolean(), (catalog, prefs, extras, key, withFallbacks) => {
        const ids = catalog.models.map((m) => m.id);
        const models = withFallbacks ? ids.slice(1) : [];
        const request = { model: ids[0], ...(models.length ? { models } : {}), input: 'hi', provider: prefs, ...extras };
        const result = route(catalog, request, key);
        const used = usedParameters(extras);
        const ignored = key.ignoredProviders ?? [];
        const candidates = [ids[0] as string, ...models];
        if (result instanceof GatewayError) {
          expect(result.status).toBe(404);
          expect(result.message).toMatch(/provider\.|No endpoints/);
          for (const id of candidates) {
            for (const e of catalog.models.find((m) => m.id === id)!.endpoints) expect(allowed(catalog, id, e.provider, prefs, ignored, used)).toBe(false);
          }
          return;
        }
        expect(candidates).toContain(result.model.id);
        expect(allowed(catalog, result.model.id, result.provider, prefs, ignored, used)).toBe(true);
        // Every endpoint listed as available satisfies the filters too, and exactly one is selected.
        const available = result.gatewayMetadata.endpoints?.available ?? [];
        expect(available.filter((a) => a.selected)).toHaveLength(1);
        for (const a of available) {
          const slug = catalog.providers.find((p) => p.name === a.provider)!.slug;
          expect(allowed(catalog, a.model, slug, prefs, ignored, used)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('ignored (per request or account-wide) and data-collecting providers are never chosen when excluded', () => {
    fc.assert(
      fc.property(catalogArb, fc.subarray(['p0', 'p1', 'p2', 'p3']), keyArb, (catalog, ignore, key) => {
        const result = route(catalog, { model: catalog.models[0]!.id, input: 'x', provider: { ignore, data_collection: 'deny' } }, key);
        if (result instanceof GatewayError) return;
        const provider = catalog.providers.find((p) => p.slug === result.provider)!;
        expect([...ignore, ...(key.ignoredProviders ?? [])]).not.toContain(result.provider);
        expect(provider.data_collection).toBe('deny');
      }),
      { numRuns: 150 },
    );
  });

  it('fallbacks follow the documented order: sorted endpoints per model, models in `models` order, failing providers skipped', () => {
    fc.assert(
      fc.property(
        catalogArb,
        fc.constantFrom('price', 'throughput', 'latency'),
        fc.subarray(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']),
        fc.constantFrom(502, 503, 524, 529, 408),
        (catalog, by, failing, status) => {
          const gateway = routeEnv(catalog);
          // Faults can be set only on providers of the catalogue (an unknown one is a 404 of the control API).
          for (const slug of failing) if (catalog.providers.some((p) => p.slug === slug)) gateway.providerFaults.set(slug, status);
          const ids = catalog.models.map((m) => m.id);
          const key = DEFAULT_API_KEYS[0]!;
          const result = route(catalog, { model: ids[0], models: ids.slice(1), input: 'x', provider: { sort: by } }, key, gateway);
          // Oracle: per model in order, endpoints by the sort key (catalogue order on ties).
          const keyOf = (e: Catalog['models'][number]['endpoints'][number]) =>
            by === 'price' ? Number(e.pricing.prompt) * 1e6 + Number(e.pricing.completion) * 1e6 : by === 'throughput' ? -e.throughput.p50 : e.latency.p50;
          const expected = ids.flatMap((id) =>
            catalog.models
              .find((m) => m.id === id)!
              .endpoints.map((e, i) => ({ e, i }))
              .sort((a, b) => keyOf(a.e) - keyOf(b.e) || a.i - b.i)
              .map(({ e }) => ({ model: id, provider: e.provider })),
          );
          const firstHealthy = expected.findIndex((x) => !failing.includes(x.provider));
          const nameOf = (slug: string) => catalog.providers.find((p) => p.slug === slug)!.name;
          if (firstHealthy < 0) {
            expect(result).toBeInstanceOf(GatewayError);
            const err = result as GatewayError;
            expect(err.status).toBe(status);
            expect(err.metadata?.provider_name).toBe(nameOf(expected[expected.length - 1]!.provider));
            expect((err.gatewayMetadata?.attempts as unknown[]).length).toBe(expected.length);
            return;
          }
          const decision = result as RouteDecision;
          expect({ model: decision.model.id, provider: decision.provider }).toEqual(expected[firstHealthy]);
          const attempts = decision.gatewayMetadata.attempts ?? [];
          expect(attempts).toEqual([
            ...expected.slice(0, firstHealthy).map((x) => ({ model: x.model, provider: nameOf(x.provider), status })),
            { model: expected[firstHealthy]!.model, provider: nameOf(expected[firstHealthy]!.provider), status: 200 },
          ]);
          expect(decision.gatewayMetadata.attempt).toBe(firstHealthy + 1);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('without allow_fallbacks only the primary endpoint is tried and its upstream error comes back as is', () => {
    fc.assert(
      fc.property(catalogArb, fc.constantFrom(502, 503, 524, 529, 408), (catalog, status) => {
        const gateway = routeEnv(catalog);
        const ids = catalog.models.map((m) => m.id);
        const first = route(catalog, { model: ids[0], input: 'x' }, DEFAULT_API_KEYS[0]!, gateway) as RouteDecision;
        gateway.providerFaults.set(first.provider, status, 1);
        const result = route(catalog, { model: ids[0], models: ids.slice(1), input: 'x', provider: { allow_fallbacks: false } }, DEFAULT_API_KEYS[0]!, gateway);
        expect(result).toBeInstanceOf(GatewayError);
        const err = result as GatewayError;
        expect(err.status).toBe(status);
        expect(err.metadata).toMatchObject({ provider_name: first.gatewayMetadata.attempts?.[0]?.provider, raw: expect.any(String) });
        expect(err.gatewayMetadata?.attempts).toHaveLength(1);
      }),
      { numRuns: 100 },
    );
  });

  it('sessions stick to their first endpoint across other traffic, and move when that provider fails', () => {
    fc.assert(
      fc.property(
        catalogArb,
        fc.array(fc.record({ session: fc.constantFrom('a', 'b', undefined), sort: fc.constantFrom('price', 'throughput', 'latency') }), { maxLength: 8 }),
        (catalog, traffic) => {
          const gateway = routeEnv(catalog);
          const key = DEFAULT_API_KEYS[0]!;
          const model = catalog.models[0]!.id;
          const first = route(catalog, { model, input: 'x', provider: { sort: 'latency' } }, key, gateway, 's') as RouteDecision;
          for (const t of traffic) route(catalog, { model, input: 'y', provider: { sort: t.sort } }, key, gateway, t.session);
          // A different sort would pick another endpoint without the session; with it, the session wins.
          const again = route(catalog, { model, input: 'z', provider: { sort: 'throughput' } }, key, gateway, 's') as RouteDecision;
          expect(again.provider).toBe(first.provider);
          if (catalog.models[0]!.endpoints.length < 2) return;
          gateway.providerFaults.set(first.provider, 503, 1);
          const moved = route(catalog, { model, input: 'z' }, key, gateway, 's') as RouteDecision;
          expect(moved.provider).not.toBe(first.provider);
          const after = route(catalog, { model, input: 'z', provider: { sort: 'latency' } }, key, gateway, 's') as RouteDecision;
          expect(after.provider).toBe(moved.provider);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('is deterministic: the same catalogue, request and state give the same decision', () => {
    fc.assert(
      fc.property(catalogArb, prefsArb, (catalog, prefs) => {
        const request = { model: catalog.models[0]!.id, input: 'x', provider: prefs };
        const a = route(catalog, request, DEFAULT_API_KEYS[0]!);
        const b = route(catalog, request, DEFAULT_API_KEYS[0]!);
        if (a instanceof GatewayError) expect((b as GatewayError).message).toBe(a.message);
        else expect((b as RouteDecision).gatewayMetadata).toEqual(a.gatewayMetadata);
      }),
      { numRuns: 50 },
    );
  });

  it('a request routed again (from the remembered route) gets the decision a fresh routing gives', () => {
    // The route of a request without plugins is remembered per catalogue: a sequence of such
    // requests over one catalogue must decide as each does alone. The sequence repeats a few
    // request shapes with settings changed from step to step (key, preferences, prompt, session), so
    // every part of what is remembered is met both unchanged and changed (parameters too).
    const shapeArb = fc.record({
      which: fc.nat(3),
      fallbacks: fc.boolean(),
      extras: requestExtrasArb,
      prefs: fc.option(prefsArb, { nil: undefined }),
    });
    const stepArb = fc.record({
      shape: fc.nat(2),
      // `past context` is longer than every model's context (100,000 tokens): no endpoint then.
      input: fc.constantFrom('short', 'longer', 'past context'),
      session: fc.option(fc.constantFrom('s1', 's2'), { nil: undefined }),
      key: fc.option(keyArb, { nil: undefined }),
      dropPrefs: fc.boolean(),
      dropExtras: fc.boolean(),
    });
    const texts = { short: 'hi', longer: 'a much longer prompt that counts more tokens than the short one does', 'past context': 'word '.repeat(90_000) };
    fc.assert(
      fc.property(
        catalogArb,
        fc.array(shapeArb, { minLength: 1, maxLength: 3 }),
        fc.array(stepArb, { minLength: 2, maxLength: 10 }),
        fc.subarray(['p0', 'p1']),
        (catalog, shapes, steps, failing) => {
          const shared = routeEnv(catalog);
          const ids = catalog.models.map((m) => m.id);
          for (const step of steps) {
            const r = shapes[step.shape % shapes.length]!;
            const key = step.key ?? DEFAULT_API_KEYS[0]!;
            const model = ids[r.which % ids.length] as string;
            const prefs = step.dropPrefs ? undefined : r.prefs;
            const body = {
              model,
              ...(r.fallbacks && ids.length > 1 ? { models: ids.filter((id) => id !== model) } : {}),
              input: texts[step.input],
              ...(step.dropExtras ? {} : r.extras),
              ...(prefs ? { provider: prefs } : {}),
            };
            // Faults are taken by the request that meets them: both sides get the same ones.
            const fresh = routeEnv(catalog);
            for (const slug of failing) {
              if (!catalog.providers.some((p) => p.slug === slug)) continue;
              shared.providerFaults.set(slug, 503);
              fresh.providerFaults.set(slug, 503);
            }
            const again = route(catalog, body, key, shared, step.session);
            const alone = route(catalog, body, key, fresh, step.session);
            // Sticky sessions live in the shared environment only: compare without them.
            if (step.session === undefined) expect(JSON.parse(JSON.stringify(again))).toEqual(JSON.parse(JSON.stringify(alone)));
            else expect(again instanceof GatewayError).toBe(alone instanceof GatewayError);
            shared.providerFaults.clear();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

void QUANTIZATIONS;
