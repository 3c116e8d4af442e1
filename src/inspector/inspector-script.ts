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

  function filters() {
    var form = $('filters');
    return {
      path: form.elements.path.value.trim(),
      status: form.elements.status.value.trim().toLowerCase(),
      model: form.elements.model.value.trim(),
      key: form.elements.key.value.trim(),
    };
  }
  function modelOf(entry) {
    if (typeof entry.model === 'string') return entry.model;
    var body = entry.body;
    return body && typeof body === 'object' && typeof body.model === 'string' ? body.model : '';
  }
  function keyOf(entry) {
    if (typeof entry.key === 'string') return entry.key;
    var auth = entry.headers && (entry.headers.authorization || entry.headers.Authorization);
    return typeof auth === 'string' ? auth.replace(/^Bearer\s+/i, '') : '';
  }
  function contains(haystack, needle) { return !needle || haystack.toLowerCase().indexOf(needle.toLowerCase()) >= 0; }
  function statusMatches(status, wanted) {
    if (!wanted) return true;
    var s = String(status);
    if (/^[1-5]xx$/.test(wanted)) return s.charAt(0) === wanted.charAt(0);
    return s === wanted;
  }
  function matches(entry, f) {
    return contains(entry.path || '', f.path) && statusMatches(entry.status, f.status) && contains(modelOf(entry), f.model) && contains(keyOf(entry), f.key);
  }

  // The answer as the journal records it (status, body excerpt, or the stream's events with their
  // time since the request arrived).
  function answerOf(entry) {
    var answer = entry.response && typeof entry.response === 'object' ? entry.response : entry.answer && typeof entry.answer === 'object' ? entry.answer : {};
    return {
      status: answer.status !== undefined ? answer.status : entry.status,
      body: answer.body !== undefined ? answer.body : entry.response_body,
      bodyBytes: answer.body_bytes !== undefined ? answer.body_bytes : entry.response_bytes,
      truncated: answer.truncated === true || answer.body_truncated === true,
      events: Array.isArray(answer.events) ? answer.events : Array.isArray(entry.events) ? entry.events : undefined,
    };
  }
  function eventTime(event) {
    var t = event.at_ms !== undefined ? event.at_ms : event.offset_ms !== undefined ? event.offset_ms : event.ms !== undefined ? event.ms : event.t;
    return typeof t === 'number' ? '+' + t + ' ms' : '';
  }
  function eventName(event) {
    if (typeof event.event === 'string') return event.event;
    if (typeof event.type === 'string') return event.type;
    var data = event.data;
    if (data && typeof data === 'object' && typeof data.type === 'string') return data.type;
    return 'data';
  }
  function eventData(event) {
    var data = event.data !== undefined ? event.data : event;
    return typeof data === 'string' ? data : compact(data);
  }

  function bodyBlock(body, bytes, what) {
    if (body !== undefined) return el('pre', { class: 'body', text: pretty(body) });
    if (typeof bytes === 'number') return el('p', { class: 'muted', text: bytes + ' bytes (' + what + ' not kept: too large)' });
    return el('p', { class: 'muted', text: '(no body)' });
  }

  function detailRow(entry) {
    var headers = el('table', { class: 'headers' });
    var names = Object.keys(entry.headers || {}).sort();
    for (var i = 0; i < names.length; i++) headers.append(el('tr', null, el('td', { text: names[i] }), el('td', { text: entry.headers[names[i]] })));
    var answer = answerOf(entry);
    var answerPart;
    if (answer.events) {
      var list = el('ol', { class: 'events' });
      for (var j = 0; j < answer.events.length; j++) {
        var event = answer.events[j];
        list.append(el('li', null, el('span', { class: 't', text: eventTime(event) }), el('span', { text: eventName(event) }), el('span', { text: eventData(event) })));
      }
      answerPart = el('div', null, el('h3', { text: 'Answer: ' + answer.status + ', ' + answer.events.length + ' stream events' + (answer.truncated ? ' (first ones only)' : '') }), list);
    } else {
      answerPart = el('div', null, el('h3', { text: 'Answer: ' + answer.status + (answer.truncated ? ' (excerpt)' : '') }), bodyBlock(answer.body, answer.bodyBytes, 'answer'));
    }
    var cell = el('td', { colspan: 7 },
      el('h3', { text: 'Request headers (credentials masked)' }), headers,
      el('h3', { text: 'Request body' }), bodyBlock(entry.body, entry.body_bytes, 'body'),
      answerPart);
    return el('tr', { class: 'detail', 'data-seq': entry.seq }, cell);
  }

  function renderJournal() {
    journalDirty = false;
    var f = filters();
    var rows = $('journal-rows');
    var all = Array.from(entries.values()).sort(function (a, b) { return b.seq - a.seq; });
    var shown = all.filter(function (e) { return matches(e, f); });
    $('journal-count').textContent = shown.length === all.length ? String(all.length) : shown.length + ' of ' + all.length;
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
        el('td', { class: 'num ' + statusClass(entry.status), text: entry.status }),
        el('td', { text: modelOf(entry) }),
        el('td', { text: keyOf(entry) })));
      if (expanded) fragment.append(detailRow(entry));
    });
    if (shown.length === 0) fragment.append(el('tr', null, el('td', { colspan: 7, class: 'empty', text: all.length ? 'No request matches the filters.' : 'No requests yet. Point a client at the API above.' })));
    rows.replaceChildren(fragment);
  }
  function toggle(seq) {
    if (open.has(seq)) open.delete(seq); else open.add(seq);
    renderJournal();
  }

  function journalQuery() {
    var f = filters();
    var params = new URLSearchParams();
    if (lastSeq >= 0) params.set('after', String(lastSeq));
    for (var name in f) if (f[name]) params.set(name, f[name]);
    var text = params.toString();
    return '/requests' + (text ? '?' + text : '');
  }

  async function refreshJournal() {
    var page = await api('GET', journalQuery());
    var data = Array.isArray(page.data) ? page.data : [];
    var total = typeof page.total === 'number' ? page.total : data.length;
    // Reset on the server: the count went back (sequence numbers start again).
    if (total < lastTotal) { entries.clear(); open.clear(); lastSeq = -1; journalDirty = true; }
    lastTotal = total;
    for (var i = 0; i < data.length; i++) {
      var entry = data[i];
      if (typeof entry.seq !== 'number' || entries.has(entry.seq)) continue;
      entries.set(entry.seq, entry);
      if (entry.seq > lastSeq) lastSeq = entry.seq;
      journalDirty = true;
    }
    if (entries.size > JOURNAL_MAX) {
      var keys = Array.from(entries.keys()).sort(function (a, b) { return a - b; });
      for (var k = 0; k < keys.length - JOURNAL_MAX; k++) entries.delete(keys[k]);
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
    var page = await api('GET', '/videos');
    var jobs = Array.isArray(page.data) ? page.data : [];
    if (!changed('videos', jobs)) return;
    var rows = jobs.map(function (job) {
      var cancel = TERMINAL[job.status] ? null : el('button', { type: 'button', class: 'danger', 'data-cancel': job.id, text: 'Cancel', onclick: function () { void act('videos-error', 'POST', '/videos/' + encodeURIComponent(job.id) + '/cancel'); } });
      return el('tr', { 'data-job': job.id }, el('td', null, el('code', { text: job.id })), el('td', { text: job.model }), el('td', { class: 'status', 'data-status': job.status, text: job.status }), el('td', null, cancel));
    });
    $('video-rows').replaceChildren.apply($('video-rows'), rows.length ? rows : [emptyRow(4, 'No video jobs.')]);
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
    return reply.type + ': ' + compact(copy);
  }
  async function refreshScripts() {
    var page = await api('GET', '/scripts');
    var scripts = Array.isArray(page.data) ? page.data : [];
    if (!changed('scripts', scripts)) return;
    var rows = scripts.map(function (rule) {
      return el('tr', { 'data-script': rule.id }, el('td', null, el('code', { text: rule.id }), rule.persistent ? el('div', { class: 'muted', text: 'from start-up' }) : null),
        el('td', null, el('code', { text: compact(rule.match) })), el('td', { text: replySummary(rule.reply) }),
        el('td', { text: rule.remaining === null || rule.remaining === undefined ? '∞' : rule.remaining }),
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
        refreshClock(), refreshVideos(), refreshFaults(), refreshScripts(),
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

  $('filters').addEventListener('input', function () {
    // New filters: ask the server again from the start (it may filter), and render now.
    entries.clear(); lastSeq = -1; lastTotal = 0;
    renderJournal();
    void refresh();
  });
  $('filters').addEventListener('submit', function (event) { event.preventDefault(); });
  $('reset').addEventListener('click', function () { void act('clock-error', 'POST', '/reset'); });

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

  (function loop() {
    var next = function () { setTimeout(loop, 1000); };
    if (document.hidden) { next(); return; }
    refresh().then(next, next);
  })();
})();
`;
