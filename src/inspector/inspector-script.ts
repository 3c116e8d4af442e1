/**
 * The inspector's inline script (plain ES2020, no build step): it polls the JSON control API once
 * a second and renders what it gets with `textContent` only, since journal bodies are whatever
 * callers sent. Kept free of backticks and `${` so it can live in this String.raw literal.
 */
export const INSPECTOR_SCRIPT = String.raw`
(function () {
  'use strict';
  // The inspector's script: polls the JSON control API once a second and renders what it gets as
  // text (request bodies are whatever callers sent: never HTML). Every POST sends JSON.
  var CONTROL = '/__gatewaykit';
  var JOURNAL_MAX = 1000;
  var TERMINAL = { completed: 1, failed: 1, cancelled: 1, expired: 1 };
  var $ = function (id) { return document.getElementById(id); };
  // A test's scope (?testId=...): every control call carries it as X-Test-Id, so the page shows
  // and controls that scope of a shared server; without it, the default scope.
  var SCOPE = new URLSearchParams(location.search).get('testId');

  function el(tag, props) {
    var node = document.createElement(tag);
    if (props) for (var name in props) {
      var value = props[name];
      if (value === undefined || value === null) continue;
      if (name === 'text') node.textContent = String(value);
      else if (name.slice(0, 2) === 'on') node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, String(value));
    }
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === undefined || child === null) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  async function api(method, path, body) {
    var init = { method: method, headers: { accept: 'application/json' } };
    if (SCOPE) init.headers['x-test-id'] = SCOPE;
    if (method !== 'GET') {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body === undefined ? {} : body);
    }
    var response = await fetch(CONTROL + path, init);
    var text = await response.text();
    var json;
    try { json = JSON.parse(text); } catch (e) { json = undefined; }
    if (!response.ok) {
      var message = json && json.error && json.error.message ? json.error.message : 'HTTP ' + response.status;
      throw new Error(message);
    }
    return json;
  }

  function showError(id, error) { $(id).textContent = error ? String(error.message || error) : ''; }
  function pretty(value) {
    if (typeof value === 'string') return value;
    try { return JSON.stringify(value, null, 2); } catch (e) { return String(value); }
  }
  function compact(value) {
    try { return JSON.stringify(value); } catch (e) { return String(value); }
  }
  function statusClass(status) { return 's' + String(status).charAt(0); }
  function clockText(iso) { return typeof iso === 'string' ? iso.replace('T', ' ').replace('Z', '') : ''; }

  // ---- the journal ----------------------------------------------------------------------------
  var entries = new Map(); // seq -> entry
  var lastSeq = -1;
  var lastTotal = 0;
  var open = new Set();
  var journalDirty = true;
  var filterGeneration = 0;

  function filters() {
    var form = $('filters');
    return {
      path: form.elements.path.value.trim(),
      status: form.elements.status.value.trim(),
      model: form.elements.model.value.trim(),
      key: form.elements.key.value.trim(),
      check: form.elements.check.value.trim(),
      operation: form.elements.operation.value.trim(),
    };
  }
  function modelOf(entry) { return typeof entry.model === 'string' ? entry.model : ''; }
  function keyOf(entry) { return typeof entry.key === 'string' ? entry.key : ''; }

  // One journal event is the bytes sent at once: an SSE event (or several, or a comment).
  function eventParts(event) {
    var text = typeof event.data === 'string' ? event.data : '';
    var name = /^event: ?(.*)$/m.exec(text);
    var lines = [];
    text.split('\n').forEach(function (line) { if (line.slice(0, 5) === 'data:') lines.push(line.slice(5).replace(/^ /, '')); });
    var data = lines.join('\n');
    var label = name ? name[1] : '';
    if (!label && data) {
      // A Responses event names its type; a chat chunk its object (chat.completion.chunk).
      try { var parsed = JSON.parse(data); label = parsed && typeof parsed.type === 'string' ? parsed.type : parsed && typeof parsed.object === 'string' ? parsed.object : 'data'; } catch (e) { label = data === '[DONE]' ? '[DONE]' : 'data'; }
    }
    if (!label) label = text.charAt(0) === ':' ? 'comment' : 'data';
    return { time: typeof event.offset_ms === 'number' ? '+' + event.offset_ms + ' ms' : '', label: label, data: data || text.trim() };
  }

  function bodyBlock(holder, what) {
    if (holder.body !== undefined) return el('pre', { class: 'body', text: pretty(holder.body) });
    var size = typeof holder.body_bytes === 'number' ? holder.body_bytes + ' bytes' : '';
    if (typeof holder.body_excerpt === 'string') return el('div', null, el('p', { class: 'muted', text: 'Excerpt' + (size ? ' of ' + size : '') }), el('pre', { class: 'body', text: holder.body_excerpt }));
    if (size) return el('p', { class: 'muted', text: size + ' (' + what + ' not kept)' });
    return el('p', { class: 'muted', text: '(no body)' });
  }

  function headerTable(headers) {
    var table = el('table', { class: 'headers' });
    Object.keys(headers || {}).sort().forEach(function (name) { table.append(el('tr', null, el('td', { text: name }), el('td', { text: headers[name] }))); });
    return table;
  }

  // A stream's status line says 200 before its body; one that ended in an error event or
  // response.failed is shown as failed, in the colour of its failure's status.
  function statusCell(entry) {
    var answer = entry.response || {};
    var failed = answer.failed;
    // A masked 500 for a bug: the server's stderr has the stack under this answer's X-Generation-Id.
    if (entry.unexpected_error) return el('td', { class: 'num s5', 'data-unexpected': '1', title: 'Unexpected error: see the server log for X-Generation-Id ' + ((answer.headers || {})['x-generation-id'] || ''), text: entry.status + ' unexpected error' });
    if (failed) return el('td', { class: 'num ' + statusClass(failed.status), 'data-failed': failed.status, title: failed.message || '', text: entry.status + ' stream failed (' + failed.status + ')' });
    // A request answered but likely not as meant (x-gatewaykit-warning): marked, the text on hover and in the detail.
    if (entry.warning) return el('td', { class: 'num ' + statusClass(entry.status), 'data-warning': '1', title: entry.warning, text: entry.status + (Array.isArray(answer.events) ? ' stream' : '') + ' warning' });
    return el('td', { class: 'num ' + statusClass(entry.status), text: entry.status + (Array.isArray(answer.events) ? ' stream' : '') });
  }

  function detailRow(entry) {
    var answer = entry.response && typeof entry.response === 'object' ? entry.response : { status: entry.status };
    var answerPart;
    if (Array.isArray(answer.events)) {
      var list = el('ol', { class: 'events' });
      answer.events.forEach(function (event) {
        var part = eventParts(event);
        list.append(el('li', null, el('span', { class: 't', text: part.time }), el('span', { class: 'ev', text: part.label }), el('span', { text: part.data })));
      });
      var dropped = answer.events_dropped ? ' (' + answer.events_dropped + ' more not kept)' : '';
      var failedText = answer.failed ? ', failed (' + answer.failed.status + (answer.failed.message ? ': ' + answer.failed.message : '') + ')' : '';
      if (answer.client_left) failedText += ', the client left after ' + answer.client_left.events_sent + ' of ' + answer.client_left.events + ' events';
      answerPart = el('div', { class: 'answer' }, el('h3', { class: answer.failed ? 's5' : '', text: 'Answer: ' + answer.status + ', streamed: ' + answer.events.length + ' events' + dropped + failedText }), list);
    } else {
      answerPart = el('div', { class: 'answer' }, el('h3', { text: 'Answer: ' + answer.status }), bodyBlock(answer, 'answer'));
    }
    var cell = el('td', { colspan: 7 },
      entry.warning ? el('p', { class: 'warning', text: 'Warning: ' + entry.warning }) : null,
      el('h3', { text: 'Request headers (credentials masked)' }), headerTable(entry.headers),
      el('h3', { text: 'Request body' }), bodyBlock(entry, 'body'),
      answerPart,
      el('details', null, el('summary', { text: 'Answer headers' }), headerTable(answer.headers)));
    return el('tr', { class: 'detail', 'data-seq': entry.seq }, cell);
  }

  function renderJournal() {
    journalDirty = false;
    var f = filters();
    var filtered = f.path || f.status || f.model || f.key || f.check || f.operation;
    var shown = Array.from(entries.values()).sort(function (a, b) { return b.seq - a.seq; });
    $('journal-count').textContent = filtered ? shown.length + ' of ' + lastTotal : String(lastTotal);
    var fragment = document.createDocumentFragment();
    shown.forEach(function (entry) {
      var expanded = open.has(entry.seq);
      fragment.append(el('tr', {
        class: 'entry', tabindex: 0, 'data-seq': entry.seq, 'aria-expanded': expanded,
        onclick: function () { toggle(entry.seq); },
        onkeydown: function (event) { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); toggle(entry.seq); } },
      },
        el('td', { class: 'num', text: entry.seq }),
        el('td', { class: 'num', text: clockText(entry.received_at).slice(11) }),
        el('td', { text: entry.method }),
        el('td', { text: entry.path }),
        statusCell(entry),
        el('td', { text: modelOf(entry) }),
        el('td', null, el('code', { text: keyOf(entry) }))));
      if (expanded) fragment.append(detailRow(entry));
    });
    if (shown.length === 0) fragment.append(el('tr', null, el('td', { colspan: 7, class: 'empty', text: filtered ? 'No request matches the filters.' : 'No requests yet. Point a client at the API above.' })));
    $('journal-rows').replaceChildren(fragment);
  }
  function toggle(seq) {
    if (open.has(seq)) open.delete(seq); else open.add(seq);
    renderJournal();
  }

  // The journal API filters (path prefix, statuses such as 4xx,500, exact model, key and operation, the check) and
  // pages: ask for what came after the newest entry shown, oldest first.
  function journalQuery(cursor) {
    var f = filters();
    var params = new URLSearchParams({ order: 'asc', limit: '500' });
    if (cursor >= 0) params.set('cursor', String(cursor));
    if (f.path) params.set('path', f.path.charAt(f.path.length - 1) === '*' ? f.path : f.path + '*');
    if (f.status) params.set('status', f.status);
    if (f.model) params.set('model', f.model);
    if (f.key) params.set('key', f.key);
    if (f.operation) params.set('operation', f.operation);
    // The conformance check that sent it (X-Gatewaykit-Check): exact, or a prefix ending in *.
    if (f.check) params.set('check', f.check);
    return '/requests?' + params.toString();
  }

  var suggested = { 'model-list': new Set(), 'key-list': new Set() };
  function suggest(listId, value) {
    var set = suggested[listId];
    if (!value || set.has(value) || set.size >= 200) return;
    set.add(value);
    $(listId).append(el('option', { value: value }));
  }

  async function refreshJournal() {
    var generation = filterGeneration;
    for (var pages = 0; pages < 4; pages++) {
      var page;
      try { page = await api('GET', journalQuery(lastSeq)); } catch (error) { showError('journal-error', error); return; }
      if (generation !== filterGeneration) return; // the filters changed meanwhile: this answer is stale
      showError('journal-error', null);
      var data = Array.isArray(page.data) ? page.data : [];
      var total = typeof page.total === 'number' ? page.total : 0;
      if (total < lastTotal || lastSeq >= total) {
        // Reset on the server: the count went back (every seq is below the count since the
        // last reset), and sequence numbers start again.
        entries.clear(); open.clear(); lastSeq = -1; lastTotal = total; journalDirty = true;
        continue;
      }
      if (total !== lastTotal) journalDirty = true;
      lastTotal = total;
      data.forEach(function (entry) {
        if (typeof entry.seq !== 'number') return;
        entries.set(entry.seq, entry);
        if (entry.seq > lastSeq) lastSeq = entry.seq;
        suggest('model-list', entry.model);
        suggest('key-list', entry.key);
        journalDirty = true;
      });
      if (!page.has_more) break;
    }
    if (entries.size > JOURNAL_MAX) {
      var seqs = Array.from(entries.keys()).sort(function (a, b) { return a - b; });
      for (var k = 0; k < seqs.length - JOURNAL_MAX; k++) { entries.delete(seqs[k]); open.delete(seqs[k]); }
    }
    if (journalDirty) renderJournal();
  }

  // ---- clock, videos, faults, scripts ----------------------------------------------------------
  var seen = {};
  function changed(name, value) {
    var text = compact(value);
    if (seen[name] === text) return false;
    seen[name] = text;
    return true;
  }
  function emptyRow(columns, text) { return el('tr', null, el('td', { colspan: columns, class: 'empty', text: text })); }

  async function refreshClock() {
    var clock = await api('GET', '/clock');
    $('clock-now').textContent = clock.now_iso;
  }

  async function refreshVideos() {
    var page = await api('GET', '/videos?order=desc&limit=100');
    var jobs = Array.isArray(page.data) ? page.data : [];
    if (!changed('videos', jobs)) return;
    var rows = jobs.map(function (job) {
      var cancel = TERMINAL[job.status] ? null : el('button', { type: 'button', class: 'danger', 'data-cancel': job.id, text: 'Cancel', onclick: function () { void act('videos-error', 'POST', '/videos/' + encodeURIComponent(job.id) + '/cancel'); } });
      return el('tr', { 'data-job': job.id }, el('td', { class: 'wrap' }, el('code', { text: job.id })), el('td', { class: 'nowrap', text: job.model }), el('td', { class: 'status', 'data-status': job.status, text: job.status }), el('td', null, cancel));
    });
    $('video-rows').replaceChildren.apply($('video-rows'), rows.length ? rows : [emptyRow(4, 'No video jobs.')]);
  }

  async function refreshKeys() {
    var state = await api('GET', '/management');
    var keys = Array.isArray(state.keys) ? state.keys : [];
    var codes = Array.isArray(state.codes) ? state.codes : [];
    var presets = Array.isArray(state.presets) ? state.presets : [];
    var guardrails = state.guardrails && Array.isArray(state.guardrails.guardrails) ? state.guardrails : { guardrails: [], keyAssignments: [], memberAssignments: [] };
    var destinations = Array.isArray(state.destinations) ? state.destinations : [];
    if (!changed('keys', [keys, codes.length, guardrails, presets, destinations])) return;
    $('destination-list').textContent = destinations.length + ' observability destination' + (destinations.length === 1 ? '' : 's') + (destinations.length ? ': ' + destinations.map(function (d) {
      var n = d.deliveries || {};
      var what = !d.delivered_to ? 'kept, not delivered to' : (d.enabled ? 'enabled' : 'disabled') + ', ' + n.delivered + ' delivered, ' + n.pending + ' pending, ' + n.failed + ' failed' + (n.last_error ? ' (last error: ' + n.last_error + ')' : '');
      return (d.name || d.id) + ' [' + d.type + '] ' + what;
    }).join('; ') : '');
    $('guardrail-count').textContent = guardrails.guardrails.map(function (g) { return g.name; }).join(', ') + ' (' + guardrails.guardrails.length + ' guardrails, ' +
      guardrails.keyAssignments.length + ' key and ' + guardrails.memberAssignments.length + ' member assignments)';
    var rows = keys.map(function (key) {
      var limit = key.limit === null ? 'none' : '$' + key.limit + (key.limit_reset ? ' ' + key.limit_reset : '');
      var status = key.disabled ? 'disabled' : key.kind === 'management' ? 'management' : key.source;
      return el('tr', { 'data-key': key.hash }, el('td', { class: 'wrap', text: key.name }), el('td', null, el('code', { text: key.hash.slice(0, 12) })),
        el('td', { class: 'nowrap', text: limit }), el('td', { text: '$' + key.usage }), el('td', { class: 'status', 'data-status': status, text: status }));
    });
    $('key-rows').replaceChildren.apply($('key-rows'), rows.length ? rows : [emptyRow(5, 'No keys.')]);
    $('code-count').textContent = codes.length + ' OAuth code' + (codes.length === 1 ? '' : 's') + ' waiting for their exchange';
    $('preset-list').textContent = presets.length + ' preset' + (presets.length === 1 ? '' : 's') + (presets.length ? ': ' + presets.map(function (p) { return '@preset/' + p.slug + ' v' + p.latest_version + (p.model ? ' (' + p.model + ')' : ''); }).join(', ') : '');
  }

  async function refreshWorkspaces() {
    var state = await api('GET', '/management');
    var workspaces = Array.isArray(state.workspaces) ? state.workspaces : [];
    if (!changed('workspaces', workspaces)) return;
    var rows = workspaces.map(function (ws) {
      var budgets = ws.budgets.map(function (b) { return '$' + b.limit_usd + ' ' + b.interval + ' ($' + b.spent + ' spent)'; }).join(', ') || 'none';
      return el('tr', { 'data-workspace': ws.id }, el('td', { class: 'wrap', text: ws.name }), el('td', null, el('code', { text: ws.slug })),
        el('td', { text: ws.members }), el('td', { class: 'wrap', text: budgets }));
    });
    $('workspace-rows').replaceChildren.apply($('workspace-rows'), rows.length ? rows : [emptyRow(4, 'No workspaces.')]);
  }

  async function refreshFaults() {
    var page = await api('GET', '/providers/faults');
    var faults = page.data && typeof page.data === 'object' ? page.data : {};
    if (!changed('faults', faults)) return;
    var rows = Object.keys(faults).sort().map(function (slug) {
      var fault = faults[slug];
      return el('tr', { 'data-provider': slug }, el('td', { text: slug }), el('td', { class: statusClass(fault.status), text: fault.status }),
        el('td', { text: typeof fault.remaining === 'number' ? fault.remaining : 'until cleared' }),
        el('td', null, el('button', { type: 'button', class: 'danger', text: 'Clear', onclick: function () { void act('faults-error', 'DELETE', '/providers/' + encodeURIComponent(slug) + '/faults'); } })));
    });
    $('fault-rows').replaceChildren.apply($('fault-rows'), rows.length ? rows : [emptyRow(4, 'No faults: providers answer normally.')]);
  }

  function replySummary(reply) {
    if (!reply || typeof reply !== 'object') return '';
    var copy = Object.assign({}, reply);
    delete copy.type;
    var keys = Object.keys(copy);
    return reply.type + ': ' + (keys.length === 1 && typeof copy[keys[0]] === 'string' ? compact(copy[keys[0]]) : compact(copy));
  }
  async function refreshScripts() {
    var page = await api('GET', '/scripts');
    var scripts = Array.isArray(page.data) ? page.data : [];
    if (!changed('scripts', scripts)) return;
    var rows = scripts.map(function (rule) {
      return el('tr', { 'data-script': rule.id }, el('td', null, el('code', { text: rule.id }), rule.persistent ? el('div', { class: 'muted', text: 'from start-up' }) : null),
        el('td', { class: 'wrap' }, el('code', { text: compact(rule.match) })), el('td', { class: 'wrap', text: replySummary(rule.reply) }),
        el('td', { text: rule.remaining === null || rule.remaining === undefined ? '\u221E' : rule.remaining }),
        el('td', null, el('button', { type: 'button', class: 'danger', text: 'Remove', onclick: function () { void act('scripts-error', 'DELETE', '/scripts/' + encodeURIComponent(rule.id)); } })));
    });
    $('script-rows').replaceChildren.apply($('script-rows'), rows.length ? rows : [emptyRow(5, 'No scripted replies.')]);
  }

  // ---- actions and the poll loop ----------------------------------------------------------------
  async function act(errorId, method, path, body) {
    try {
      var result = await api(method, path, body);
      showError(errorId, null);
      await refresh();
      return result;
    } catch (error) {
      showError(errorId, error);
      return undefined;
    }
  }

  var refreshing = null;
  function refresh() {
    // One refresh at a time; a request for another while one runs waits for it and runs once more.
    var run = function () {
      return Promise.all([
        $('pause').checked ? null : refreshJournal(),
        refreshClock(), refreshVideos(), refreshKeys(), refreshWorkspaces(), refreshFaults(), refreshScripts(),
      ]).then(function () {
        $('conn').dataset.ok = 'true';
        $('conn').textContent = 'live';
      }, function (error) {
        $('conn').dataset.ok = 'false';
        $('conn').textContent = 'disconnected: ' + (error && error.message ? error.message : error);
      });
    };
    refreshing = (refreshing || Promise.resolve()).then(run);
    return refreshing;
  }

  var filterTimer = null;
  $('filters').addEventListener('input', function (event) {
    if (event.target && event.target.id === 'pause') return;
    // New filters: the server filters, so start again from the first entry (after a short pause
    // in typing, not on every key).
    clearTimeout(filterTimer);
    filterTimer = setTimeout(function () {
      filterGeneration++;
      entries.clear(); open.clear(); lastSeq = -1;
      renderJournal();
      void refresh();
    }, 250);
  });
  $('filters').addEventListener('submit', function (event) { event.preventDefault(); });
  $('reset').addEventListener('click', function () {
    api('POST', '/reset').then(function () {
      filterGeneration++;
      entries.clear(); open.clear(); lastSeq = -1; lastTotal = 0;
      renderJournal();
      showError('clock-error', null);
      return refresh();
    }, function (error) { showError('clock-error', error); });
  });

  var clockForm = $('clock-form');
  if (clockForm) {
    var advance = function (ms) { return act('clock-error', 'POST', '/clock/advance', { ms: ms }); };
    clockForm.addEventListener('click', function (event) {
      var target = event.target;
      if (target && target.dataset && target.dataset.advance) void advance(Number(target.dataset.advance));
    });
    clockForm.addEventListener('submit', function (event) {
      event.preventDefault();
      var amount = Number($('clock-amount').value);
      var unit = Number($('clock-unit').value);
      if (!(amount >= 0)) { showError('clock-error', new Error('Enter a number of at least 0')); return; }
      void advance(amount * unit);
    });
  }

  $('fault-form').addEventListener('submit', function (event) {
    event.preventDefault();
    var form = event.target;
    var body = { status: Number(form.elements.status.value) };
    if (form.elements.count.value) body.count = Number(form.elements.count.value);
    void act('faults-error', 'POST', '/providers/' + encodeURIComponent(form.elements.provider.value.trim()) + '/faults', body);
  });
  $('faults-clear').addEventListener('click', function () { void act('faults-error', 'DELETE', '/providers/faults'); });

  $('script-form').addEventListener('submit', function (event) {
    event.preventDefault();
    var rule;
    try { rule = JSON.parse(event.target.elements.rule.value); } catch (error) { showError('scripts-error', new Error('The rule is not valid JSON: ' + error.message)); return; }
    void act('scripts-error', 'POST', '/scripts', rule);
  });

  if (SCOPE) $('journal-title').insertBefore(document.createTextNode('Scope ' + SCOPE + ': '), $('journal-title').firstChild);

  (function loop() {
    var next = function () { setTimeout(loop, 1000); };
    if (document.hidden) { next(); return; }
    refresh().then(next, next);
  })();
})();
`;
