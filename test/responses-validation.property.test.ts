import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleBreakingRequestArb, RESPONSES_BOUNDARIES, validResponsesRequestArb } from '../conformance/operations/responses/request-arbitraries.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { ResponsesResultSchema } from '../src/schemas/responses-result.ts';
import { checkUsageArithmetic } from '../src/schemas/usage.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

/**
 * spec 2.1 / 2.2 / 7 over the wire, against both targets: valid requests get 200 and a spec 2.2
 * result; each rule broken gets its 400 (or 422) with a message naming the field.
 */
describe.each(TARGET_KINDS)('POST /responses validation (%s)', (kind) => {
  let target: Target;
  let models: string[];

  beforeAll(async () => {
    target = await startTarget(kind, { seed: 7 });
    models = target.gateway.catalog.models.map((m) => m.id);
  });
  afterAll(async () => {
    await target.close();
  });

  const post = (body: unknown) => target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify(body) });

  it('answers valid requests with 200 and a result that parses, with consistent usage and echoed settings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constant(null).chain(() => validResponsesRequestArb({ models })),
        async (request) => {
          const res = await post(request);
          const body = (await res.json()) as unknown;
          expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
          const parsed = ResponsesResultSchema.safeParse(body);
          expect(parsed.success, parsed.error?.message).toBe(true);
          const result = parsed.data!;
          expect(result.object).toBe('response');
          expect(checkUsageArithmetic(result.usage)).toEqual([]);
          // spec 2.2: request settings are echoed.
          if (request.metadata !== undefined) expect(result.metadata).toEqual(request.metadata);
          if (request.instructions !== undefined) expect(result.instructions).toEqual(request.instructions);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('rejects each broken rule with its status, the spec 7 envelope and a message naming the field', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constant(null).chain(() => ruleBreakingRequestArb({ models })),
        async (c) => {
          const res = await post(c.request);
          const body = (await res.json()) as unknown;
          expect(res.status, `${c.rule}: ${JSON.stringify(body)}`).toBe(c.status);
          const envelope = ErrorBodySchema.parse(body);
          expect(envelope.error.code).toBe(c.status);
          expect(envelope.error.message).toContain(c.field);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('holds every exact boundary: the last accepted value gets 200, the first rejected 400', async () => {
    for (const boundary of RESPONSES_BOUNDARIES) {
      const base = { model: models[0], input: 'Say OK.', max_output_tokens: 16 };
      const accepted = await post({ ...base, ...boundary.accepted });
      expect(accepted.status, `${boundary.name} accepted: ${await accepted.clone().text()}`).toBe(200);
      await accepted.body?.cancel();
      const rejected = await post({ ...base, ...boundary.rejected });
      expect(rejected.status, boundary.name).toBe(400);
      const { error } = ErrorBodySchema.parse(await rejected.json());
      expect(error.message, boundary.name).toContain(boundary.field);
    }
  });
});
