import type { GatewayControl } from '../env/gateway-control.ts';
import { SCOPE_HEADER, parseScopeId } from '../http/scope-id.ts';
import type { ScriptEntry, ScriptHandle, ScriptRegistry } from '../scripts/script-registry.ts';
import type { ScriptRule, ScriptRuleInput } from '../scripts/script-rule.ts';
import type { JournalEntry } from '../state/journal.ts';
import type { VideoJobs } from '../videos/video-jobs.ts';

/**
 * One scope of a gateway in-process (`gateway.scope(id)`): what requests carrying
 * `X-Test-Id: <id>` see, with their own journal, scripts, faults, sessions and credits.
 */
export interface GatewayScope {
  readonly id: string;
  /** The controls of this scope only; its `reset()` forgets this scope and leaves the clock alone. */
  readonly control: GatewayControl;
  /** Add a scripted reply seen only by this scope's requests. */
  script(rule: ScriptRuleInput | ScriptRule): ScriptHandle;
  scripts(): ScriptEntry[];
  /** This scope's journal, oldest first. */
  requests(): JournalEntry[];
  readonly videos: VideoJobs;
  /** `gateway.fetch` with this scope's header set. */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /** `{ 'x-test-id': id }`: add it to a client's default headers. */
  headers(): Record<string, string>;
}

/** What a scope view reads of the scope's simulator. */
interface ScopeCore {
  readonly control: GatewayControl;
  readonly scripts: ScriptRegistry;
  readonly videos: VideoJobs;
  readonly env: { readonly journal: { list(): JournalEntry[] } };
}

/** A scope id of the in-process API, or a TypeError saying why it is refused (the 400's message). */
export function checkedScopeId(id: string): string {
  const parsed = parseScopeId(String(id));
  if (typeof parsed !== 'string') throw new TypeError(`gateway.scope(id): ${parsed.message}`);
  return parsed;
}

/**
 * The view of scope `id`. It looks the scope up on every call, as a request would: a scope
 * evicted in between is made again, empty.
 *
 * @example
 * const scope = gatewayScope('t1', (id) => scopes.get(id), gateway.fetch);
 * await scope.fetch('/models', { headers: { authorization: 'Bearer sk-gw-test' } });
 */
export function gatewayScope(id: string, core: (id: string) => ScopeCore, fetch: GatewayScope['fetch']): GatewayScope {
  return {
    id,
    get control() {
      return core(id).control;
    },
    script: (rule) => core(id).scripts.add(rule),
    scripts: () => core(id).scripts.list(),
    requests: () => core(id).env.journal.list(),
    get videos() {
      return core(id).videos;
    },
    fetch(input, init) {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set(SCOPE_HEADER, id);
      return fetch(input, { ...init, headers });
    },
    headers: () => ({ [SCOPE_HEADER]: id }),
  };
}
