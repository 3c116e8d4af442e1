import { escapeHtml } from './escape-html.ts';
import { INSPECTOR_SCRIPT } from './inspector-script.ts';
import { INSPECTOR_STYLE } from './inspector-style.ts';

/** What the server knows when it renders the page (the script fetches the rest, live). */
export interface InspectorView {
  /** The API's base URL, e.g. http://127.0.0.1:8080/api/v1. */
  baseUrl: string;
  clock: { kind: 'system' | 'virtual'; now: string };
  /** Provider slugs of the catalogue (fault form suggestions). */
  providers: readonly string[];
  /** Model ids of the catalogue (model filter suggestions). */
  models: readonly string[];
  /** Statuses a provider fault may use. */
  faultStatuses: readonly number[];
  /** Operation ids the gateway serves, from the operations table (operation filter suggestions). */
  operations?: readonly string[];
}

const options = (values: readonly (string | number)[]) => values.map((v) => `<option value="${escapeHtml(String(v))}"></option>`).join('');

/** The management plane's workspaces with their members and budgets (filled by the script). */
const WORKSPACES_SECTION = `  <section id="workspaces" aria-labelledby="workspaces-title">
    <h2 id="workspaces-title">Workspaces <small>management plane</small></h2>
    <table>
      <thead><tr><th>name</th><th>slug</th><th>members</th><th>budgets</th></tr></thead>
      <tbody id="workspace-rows"><tr><td colspan="4" class="empty">No workspaces.</td></tr></tbody>
    </table>
  </section>`;

/**
 * The inspector page (GET /__gatewaykit/): server-rendered HTML with an inline stylesheet and
 * script, no build step and no external resource. Everything the script shows comes from the
 * JSON control API and is put in the page as text, never as HTML: request bodies are whatever
 * callers sent.
 *
 * @example
 * const html = inspectorPage({ baseUrl, clock: { kind: 'virtual', now: '2026-01-01T00:00:00.000Z' }, providers: ['openai'], models: [], faultStatuses: [503] });
 */
export function inspectorPage(view: InspectorView): string {
  const virtual = view.clock.kind === 'virtual';
  const advance = virtual
    ? `<form id="clock-form" aria-label="Advance the clock">
        <button type="button" data-advance="1000">+1 s</button>
        <button type="button" data-advance="60000">+1 min</button>
        <button type="button" data-advance="600000">+10 min</button>
        <input id="clock-amount" type="number" min="0" step="any" value="30" aria-label="Amount">
        <select id="clock-unit" aria-label="Unit"><option value="1">ms</option><option value="1000" selected>s</option><option value="60000">min</option><option value="3600000">h</option></select>
        <button type="submit" id="clock-advance">Advance</button>
      </form>`
    : `<p class="muted">The system clock runs on its own; start with <code>--clock virtual</code> to move time from here.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>gatewaykit inspector</title>
<style>${INSPECTOR_STYLE}</style>
</head>
<body>
<header>
  <h1>gatewaykit inspector</h1>
  <span class="meta">API: <code>${escapeHtml(view.baseUrl)}</code></span>
  <span class="meta">clock (${escapeHtml(view.clock.kind)}): <span id="clock-now">${escapeHtml(view.clock.now)}</span></span>
  <span class="meta" id="conn" data-ok="true">live</span>
  <button type="button" id="reset" class="danger" title="Forget the journal, jobs, faults and run-time scripts; rewind a virtual clock">Reset</button>
</header>
<main>
<div>
${journalSection(view)}</div>
<div>
  <section id="clock" aria-labelledby="clock-title">
    <h2 id="clock-title">Clock <small>${escapeHtml(view.clock.kind)}</small></h2>
    ${advance}
    <p class="error" role="alert" id="clock-error"></p>
  </section>
  <section id="videos" aria-labelledby="videos-title">
    <h2 id="videos-title">Video jobs</h2>
    <table>
      <thead><tr><th>job</th><th>model</th><th>status</th><th></th></tr></thead>
      <tbody id="video-rows"><tr><td colspan="4" class="empty">No video jobs.</td></tr></tbody>
    </table>
    <p class="error" role="alert" id="videos-error"></p>
  </section>
  <section id="keys" aria-labelledby="keys-title">
    <h2 id="keys-title">API keys <small>management plane</small></h2>
    <table>
      <thead><tr><th>name</th><th>hash</th><th>limit</th><th>usage</th><th>state</th></tr></thead>
      <tbody id="key-rows"><tr><td colspan="5" class="empty">No keys.</td></tr></tbody>
    </table>
    <p id="code-count"></p>
    <p id="guardrail-count"></p><p id="preset-list"></p><p id="destination-list"></p>
    <p class="error" role="alert" id="keys-error"></p>
  </section>
${WORKSPACES_SECTION}
${faultsSection(view)}${SCRIPTS_SECTION}</div>
</main>
<script>${INSPECTOR_SCRIPT}</script>
</body>
</html>
`;
}

/** The requests of the journal, filtered as the user types. */
function journalSection(view: InspectorView): string {
  return `  <section id="journal" aria-labelledby="journal-title">
    <h2 id="journal-title">Requests <small id="journal-count">0</small></h2>
    <form class="filters" id="filters" role="search" aria-label="Filter requests">
      <input name="path" placeholder="path prefix" aria-label="Path starts with">
      <input name="status" placeholder="status: 200, 4xx" aria-label="Statuses">
      <input name="model" placeholder="model" aria-label="Model (exact)" list="model-list">
      <input name="key" placeholder="key (masked id)" aria-label="Key (masked id, exact)" list="key-list">
      <input name="operation" placeholder="operation" aria-label="Operation id (exact)" list="operation-list">
      <input name="check" placeholder="conformance check" aria-label="Conformance check that sent it (exact, or a prefix ending in *)">
      <label><input type="checkbox" id="pause"> pause</label>
    </form>
    <datalist id="model-list">${options(view.models)}</datalist>
    <datalist id="key-list"></datalist>
    <datalist id="operation-list">${options(view.operations ?? [])}</datalist>
    <p class="error" role="alert" id="journal-error"></p>
    <table>
      <thead><tr><th>#</th><th>time</th><th>method</th><th>path</th><th>status</th><th>model</th><th>key</th></tr></thead>
      <tbody id="journal-rows"><tr><td colspan="7" class="empty">No requests yet. Point a client at the API above.</td></tr></tbody>
    </table>
  </section>
`;
}

/** The provider faults in force, and a form to add one. */
function faultsSection(view: InspectorView): string {
  return `  <section id="faults" aria-labelledby="faults-title">
    <h2 id="faults-title">Provider faults</h2>
    <table>
      <thead><tr><th>provider</th><th>status</th><th>remaining</th><th></th></tr></thead>
      <tbody id="fault-rows"><tr><td colspan="4" class="empty">No faults: providers answer normally.</td></tr></tbody>
    </table>
    <form id="fault-form" aria-label="Add a provider fault">
      <input name="provider" placeholder="provider" list="provider-list" required aria-label="Provider">
      <datalist id="provider-list">${options(view.providers)}</datalist>
      <select name="status" aria-label="Status">${view.faultStatuses.map((s) => `<option>${s}</option>`).join('')}</select>
      <input name="count" type="number" min="1" step="1" placeholder="count (all)" aria-label="Count">
      <button type="submit">Add fault</button>
      <button type="button" id="faults-clear" class="danger">Clear all</button>
    </form>
    <p class="error" role="alert" id="faults-error"></p>
  </section>
`;
}

/** The scripted replies, first match wins, and a form to add one. */
const SCRIPTS_SECTION = `  <section id="scripts" aria-labelledby="scripts-title">
    <h2 id="scripts-title">Scripted replies <small>first match wins</small></h2>
    <table>
      <thead><tr><th>id</th><th>match</th><th>reply</th><th>left</th><th></th></tr></thead>
      <tbody id="script-rows"><tr><td colspan="5" class="empty">No scripted replies.</td></tr></tbody>
    </table>
    <form id="script-form" aria-label="Add a scripted reply">
      <textarea name="rule" rows="4" aria-label="Rule (JSON)">{"match": {"input": "weather"}, "reply": {"type": "text", "text": "Sunny, 21 °C."}, "times": 1}</textarea>
      <button type="submit">Add rule</button>
    </form>
    <p class="error" role="alert" id="scripts-error"></p>
  </section>
`;
