import { GatewayError } from '../errors/gateway-error.ts';
import { jsonResponse } from '../http/raw-body.ts';
import { parseJsonBody } from '../http/read-body.ts';
import type { Route } from '../http/route.ts';
import type { ScriptEntry, ScriptRegistry } from '../scripts/script-registry.ts';

/** A rule is a few hundred bytes; 64 KiB leaves room for long reply texts and refuses junk early. */
const SCRIPT_BODY_LIMIT = 64 * 1024;

/** The JSON view of a listed rule (`remaining: null` means unlimited, JSON has no undefined). */
function scriptView(entry: ScriptEntry) {
  return {
    id: entry.id,
    match: entry.rule.match,
    reply: entry.rule.reply,
    times: entry.rule.times ?? null,
    remaining: entry.remaining ?? null,
    persistent: entry.persistent,
  };
}

/**
 * Scripted replies over the control API (docs/responses.md): list, add, remove. Rules added here
 * are run-time rules, as with `gateway.script()`: control reset clears them; rules given at
 * creation (`--scripts`, `scripts:`) are listed as `persistent` and can be removed too.
 *
 * @example
 * // POST /__gatewaykit/scripts {"match": {"input": "weather"}, "reply": {"type": "text", "text": "Sunny."}}
 * const routes = scriptControlRoutes(createScriptRegistry());
 */
export function scriptControlRoutes(registry: ScriptRegistry): Route[] {
  const base = { auth: 'none', faults: [], control: true } as const;
  return [
    {
      ...base,
      method: 'GET',
      path: '/__gatewaykit/scripts',
      operation: 'control.scripts.list',
      handle: () => jsonResponse({ data: registry.list().map(scriptView) }),
    },
    {
      ...base,
      method: 'POST',
      path: '/__gatewaykit/scripts',
      operation: 'control.scripts.add',
      maxBodyBytes: SCRIPT_BODY_LIMIT,
      async handle(ctx) {
        const input = parseJsonBody(await ctx.bytes(), null);
        let id: string;
        try {
          id = registry.add(input as never).id;
        } catch (error) {
          // parseScriptRule names the path and the rule: "Invalid script: reply.text: required ..."
          if (error instanceof TypeError) throw new GatewayError(400, error.message);
          throw error;
        }
        const entry = registry.list().find((e) => e.id === id);
        return jsonResponse(entry ? scriptView(entry) : { id }, { status: 201 });
      },
    },
    {
      ...base,
      method: 'DELETE',
      path: '/__gatewaykit/scripts/:id',
      operation: 'control.scripts.remove',
      handle(ctx) {
        const id = ctx.params.id ?? '';
        if (!registry.remove(id)) throw new GatewayError(404, `No scripted reply with id "${id}"`);
        return jsonResponse({ ok: true, id });
      },
    },
  ];
}
