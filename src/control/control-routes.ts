import { z } from 'zod';
import { GatewayError } from '../errors/gateway-error.ts';
import type { Route } from '../http/route.ts';
import type { GatewayControl } from '../env/gateway-control.ts';
import { parseJsonBody } from '../http/read-body.ts';
import type { RequestContext } from '../http/route.ts';
import { validRequest } from '../validation/parse-request.ts';
import { jsonResponse } from '../http/raw-body.ts';
import { parseJournalQuery } from '../state/journal-query.ts';

const AdvanceSchema = z.object({ ms: z.number().finite().min(0) });
const FaultSchema = z.object({ status: z.number().int(), count: z.number().int().positive().optional() });
const UsdSchema = z.number().finite().min(0);
/** The account's credits and keys' spending limits (USD); a null limit is no limit. */
const CreditsSchema = z.strictObject({ total_credits: UsdSchema.optional(), keys: z.record(z.string().min(1), UsdSchema.nullable()).optional() });
const ResetSchema = z.strictObject({ credits: UsdSchema.optional() });

/** Control bodies are JSON (the guard has already refused other declared types, src/http/control-guard.ts). */
async function parse<T>(schema: z.ZodType<T>, ctx: RequestContext): Promise<T> {
  // zod's own wording, as the control API has always answered.
  return validRequest(schema, parseJsonBody(await ctx.bytes(), null), {});
}

const base = { auth: 'none', faults: [], control: true } as const;

/**
 * The control API (README, "Simulation controls"), at the origin root, loopback callers only. In-process
 * the same operations are methods of `gateway.control`.
 */
export function controlRoutes(control: GatewayControl): Route[] {
  return [...stateRoutes(control), ...providerFaultRoutes(control)];
}

/** Reset, credits, the journal and the clock. */
function stateRoutes(control: GatewayControl): Route[] {
  return [
    {
      ...base,
      method: 'POST',
      path: '/__gatewaykit/reset',
      operation: 'control.reset',
      async handle(ctx) {
        // An optional body `{"credits": N}` starts the account over with N credits (USD).
        const credits = (await ctx.bytes()).byteLength === 0 ? undefined : (await parse(ResetSchema, ctx)).credits;
        control.reset();
        if (credits !== undefined) control.setCredits({ totalCredits: credits });
        return jsonResponse({ ok: true });
      },
    },
    {
      ...base,
      method: 'GET',
      path: '/__gatewaykit/credits',
      operation: 'control.credits.get',
      handle: () => jsonResponse(control.credits()),
    },
    {
      ...base,
      method: 'POST',
      path: '/__gatewaykit/credits',
      operation: 'control.credits.set',
      async handle(ctx) {
        const body = await parse(CreditsSchema, ctx);
        control.setCredits({
          ...(body.total_credits !== undefined ? { totalCredits: body.total_credits } : {}),
          ...(body.keys ? { keyLimits: body.keys } : {}),
        });
        return jsonResponse({ ok: true, ...control.credits() });
      },
    },
    {
      ...base,
      method: 'GET',
      path: '/__gatewaykit/requests',
      operation: 'control.requests',
      handle(ctx) {
        const query = parseJournalQuery(ctx.url.searchParams);
        if ('error' in query) throw new GatewayError(400, query.error);
        return jsonResponse(control.queryRequests(query));
      },
    },
    {
      ...base,
      method: 'POST',
      path: '/__gatewaykit/clock/advance',
      operation: 'control.clock.advance',
      async handle(ctx) {
        const { ms } = await parse(AdvanceSchema, ctx);
        await control.advanceClock(ms);
        return jsonResponse({ ok: true, now: control.now(), now_iso: new Date(control.now()).toISOString() });
      },
    },
    {
      ...base,
      method: 'GET',
      path: '/__gatewaykit/clock',
      operation: 'control.clock.get',
      handle: () => jsonResponse({ kind: control.clockKind(), now: control.now(), now_iso: new Date(control.now()).toISOString() }),
    },
  ];
}

/** Programmed provider faults (spec 4.1: what fallbacks see). */
function providerFaultRoutes(control: GatewayControl): Route[] {
  return [
    {
      ...base,
      method: 'GET',
      path: '/__gatewaykit/providers/faults',
      operation: 'control.providers.faults.list',
      handle: () => jsonResponse({ data: control.providerFaults() }),
    },
    {
      ...base,
      method: 'POST',
      path: '/__gatewaykit/providers/:slug/faults',
      operation: 'control.providers.faults.set',
      async handle(ctx) {
        const { status, count } = await parse(FaultSchema, ctx);
        // The slug or the name gateway_metadata shows, case-insensitively; unknown -> 404 listing slugs.
        const provider = control.failProvider(ctx.params.slug as string, status, count);
        return jsonResponse({ ok: true, provider, status, count: count ?? null });
      },
    },
    {
      ...base,
      method: 'DELETE',
      path: '/__gatewaykit/providers/faults',
      operation: 'control.providers.faults.clear_all',
      handle() {
        control.clearProviderFaults();
        return jsonResponse({ ok: true });
      },
    },
    {
      ...base,
      method: 'DELETE',
      path: '/__gatewaykit/providers/:slug/faults',
      operation: 'control.providers.faults.clear',
      handle(ctx) {
        control.clearProviderFaults(ctx.params.slug);
        return jsonResponse({ ok: true });
      },
    },
  ];
}
