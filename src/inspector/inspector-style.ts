/** The inspector's stylesheet: plain CSS, inline (the page is one self-contained answer). */
export const INSPECTOR_STYLE = `
:root { color-scheme: light; --fg: #1d232a; --muted: #5b6670; --line: #d8dee4; --bg2: #f6f8fa; --ok: #1a7f37; --warn: #9a6700; --bad: #cf222e; --accent: #0969da; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); margin: 0; }
header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; padding: 0.75rem 1.25rem; border-bottom: 1px solid var(--line); background: var(--bg2); }
header h1 { font-size: 1.1rem; margin: 0; }
header .meta { color: var(--muted); }
#conn[data-ok="false"] { color: var(--bad); font-weight: 600; }
main { display: grid; grid-template-columns: minmax(0, 2.2fr) minmax(22rem, 1fr); gap: 1.25rem; padding: 1rem 1.25rem; }
@media (max-width: 1100px) { main { grid-template-columns: minmax(0, 1fr); } }
section { border: 1px solid var(--line); border-radius: 6px; padding: 0.6rem 0.8rem 0.8rem; margin-bottom: 1.25rem; }
section h2 { font-size: 1rem; margin: 0 0 0.5rem; display: flex; gap: 0.75rem; align-items: baseline; }
section h2 small { font-weight: normal; color: var(--muted); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.2rem 0.45rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; color: var(--muted); font-size: 0.85em; }
td.num { font-variant-numeric: tabular-nums; }
td.wrap, td.wrap code { overflow-wrap: anywhere; }
td.nowrap, td.status { white-space: nowrap; }
#journal-rows td code, #journal-rows td.num, #journal-rows td:nth-child(3) { white-space: nowrap; overflow-wrap: normal; }
td button { white-space: nowrap; }
tr.entry { cursor: pointer; }
tr.entry:hover { background: var(--bg2); }
tr.entry[aria-expanded="true"] { background: #eaf2fc; }
.s2 { color: var(--ok); font-weight: 600; } .s4 { color: var(--warn); font-weight: 600; } .s5 { color: var(--bad); font-weight: 600; }
.detail > td { background: #fbfcfd; padding: 0.5rem 0.8rem; }
.detail h3 { font-size: 0.9rem; margin: 0.4rem 0 0.25rem; }
pre { margin: 0; padding: 0.4rem 0.6rem; background: var(--bg2); border-radius: 4px; overflow: auto; max-height: 24rem; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; word-break: break-word; }
.headers { width: auto; }
.headers td:first-child { color: var(--muted); white-space: nowrap; }
.headers td { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; border: 0; padding: 0 0.5rem 0 0; }
ol.events { margin: 0; padding-left: 0; list-style: none; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; max-height: 24rem; overflow: auto; }
ol.events li { display: grid; grid-template-columns: 5.5rem 15rem minmax(0, 1fr); gap: 0.5rem; border-bottom: 1px dotted var(--line); }
ol.events li > span:last-child { overflow-wrap: anywhere; }
ol.events .t { color: var(--muted); text-align: right; }
form { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.5rem 0 0; }
input, select, textarea, button { font: inherit; }
input, select, textarea { border: 1px solid var(--line); border-radius: 4px; padding: 0.15rem 0.35rem; }
textarea { width: 100%; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
button { border: 1px solid var(--line); background: #fff; border-radius: 4px; padding: 0.15rem 0.6rem; cursor: pointer; }
button:hover { border-color: var(--accent); }
button.danger:hover { border-color: var(--bad); color: var(--bad); }
.filters input:not([type=checkbox]) { width: 9rem; }
.filters label { color: var(--muted); }
.muted, .empty { color: var(--muted); }
.error { color: var(--bad); min-height: 1.2em; margin: 0.25rem 0 0; }
#clock-amount { width: 6rem; }
#fault-form input[name=count] { width: 7rem; }
#clock-now { font-variant-numeric: tabular-nums; font-weight: 600; }
`;
