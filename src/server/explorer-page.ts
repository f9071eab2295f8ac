/// The explorer's page: one HTML document with its style and script inline, so it works offline
/// and needs no build step of its own. The script is plain DOM code, written here as a function
/// (type-checked with the rest) and placed in the page as its source text. Everything a contract
/// wrote reaches the DOM as text (`textContent`), never as markup; the one HTML the page inserts
/// is the server's highlighting, whose text is escaped there.
/// <reference lib="dom" />

/// The page's script. Self-contained: it runs in the browser, so it may use nothing from here.
function explorer(): void {
  const api = '/explorer/api/v1';
  const $ = <T extends HTMLElement>(sel: string): T => document.querySelector(sel) as T;
  const el = (tag: string, text?: string, cls?: string): HTMLElement => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls !== undefined) e.className = cls;
    return e;
  };
  // JSON text of anything the API sent, which may nest deeper than JSON.stringify goes.
  const json = (v: unknown, indent?: number): string => {
    try {
      return JSON.stringify(v, null, indent) ?? 'null';
    } catch {
      return '(nested too deeply to show here; the API has it in full)';
    }
  };
  const show = (v: unknown): string => (typeof v === 'string' ? v : json(v));
  const getJson = async (path: string): Promise<any> => (await fetch(api + path)).json();
  let newest = 0;

  function row(t: any): HTMLElement {
    const tr = el('tr', undefined, `tx ${t.status}`);
    tr.dataset.key = t.requestKey;
    const time = typeof t.time === 'number' ? new Date(t.time * 1000).toISOString().replace('.000Z', 'Z') : '';
    for (const v of [t.requestKey, time, t.status, t.txId ?? '', t.gas, t.code, show(t.result)]) {
      // Cut to the column's width; the whole text shows on hover.
      const td = el('td', String(v));
      td.title = String(v);
      tr.append(td);
    }
    tr.onclick = () => { void openTransaction(t.requestKey); };
    return tr;
  }

  let oldest = Number.MAX_SAFE_INTEGER;
  async function loadTransactions(): Promise<void> {
    const { items } = await getJson(`/transactions?limit=50&before=${oldest}`);
    $('#transactions tbody').append(...items.map(row));
    if (oldest === Number.MAX_SAFE_INTEGER) newest = items.length > 0 ? items[0].seq : 0;
    if (items.length > 0) oldest = items[items.length - 1].seq;
    $('#older').hidden = items.length < 50;
  }
  $('#older').onclick = () => { void loadTransactions(); };

  // Long polling: the server answers when new results are in (or after a while with none).
  async function follow(): Promise<void> {
    for (;;) {
      try {
        const { items } = await getJson(`/transactions?after=${newest}&wait=1`);
        if (items.length > 0) {
          newest = items[0].seq;
          $('#transactions tbody').prepend(...items.map(row));
        }
      } catch {
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }

  async function openTransaction(key: string): Promise<void> {
    const t = await getJson(`/transactions/${encodeURIComponent(key)}`);
    const pane = $('#detail');
    pane.replaceChildren(el('h2', `Transaction ${t.requestKey}`));
    const text = (title: string, body: string): void => {
      pane.append(el('h3', title), el('pre', body));
    };
    const section = (title: string, value: unknown): void => text(title, json(value, 2));
    const cmd = t.command;
    // Whatever `/send` stored: a command, other JSON, or text that is not JSON at all.
    if (typeof t.commandText === 'string') text('Command (as sent; not JSON)', t.commandText);
    else if (cmd === null || typeof cmd !== 'object' || Array.isArray(cmd)) section('Command (not a command object)', cmd);
    else {
      section('Payload', cmd.payload);
      section('Signers', cmd.signers);
      section('Meta', cmd.meta);
    }
    section('Result', t.result?.result);
    section('Events', t.result?.events ?? []);
    section('Continuation', t.result?.continuation ?? null);
    const records = t.writes.map((w: any) => (typeof w.record === 'object' && w.record !== null ? w.record : { log: w.record }));
    section('Writes', t.writes.map((w: any, i: number) => ({ table: w.table, ...records[i] })));
    // The modules whose tables it wrote (or which it deployed).
    const touched = new Set<string>();
    for (const [i, w] of t.writes.entries()) {
      if (w.table === 'SYS_modules' && typeof records[i].key === 'string') touched.add(records[i].key);
      const user = /^USER_(.+)_[^_]+$/.exec(w.table);
      if (user !== null) touched.add(user[1]!);
    }
    if (touched.size > 0) {
      const links = el('p', 'Modules: ');
      for (const m of touched) {
        const a = el('a', m, 'module-link') as HTMLAnchorElement;
        a.href = '#';
        a.onclick = (e) => { e.preventDefault(); void openModule(m); };
        links.append(a, ' ');
      }
      pane.append(links);
    }
  }

  async function loadTables(): Promise<void> {
    const tables: string[] = await getJson('/tables');
    $('#tables').replaceChildren(...tables.map((id) => {
      const li = el('li', id, 'table');
      li.onclick = () => { void openTable(id, ''); };
      return li;
    }));
  }

  async function openTable(id: string, key: string): Promise<void> {
    const pane = $('#detail');
    const search = el('input') as HTMLInputElement;
    search.placeholder = 'key contains…';
    search.value = key;
    search.id = 'table-search';
    search.onchange = () => { void openTable(id, search.value); };
    const rows = el('tbody');
    const table = el('table', undefined, 'rows');
    table.append(rows);
    const more = el('button', 'More');
    let last = '';
    const page = async (): Promise<void> => {
      const { items } = await getJson(`/tables/${encodeURIComponent(id)}?limit=50&key=${encodeURIComponent(key)}&after=${encodeURIComponent(last)}`);
      for (const r of items) {
        const tr = el('tr', undefined, 'row');
        tr.append(el('td', r.key), el('td', r.shown ?? json(r.value)));
        rows.append(tr);
      }
      if (items.length > 0) last = items[items.length - 1].key;
      more.hidden = items.length < 50;
    };
    more.onclick = () => { void page(); };
    pane.replaceChildren(el('h2', `Table ${id}`), search, table, more);
    await page();
  }

  async function loadModules(): Promise<void> {
    const mods = await getJson('/modules');
    const list = $('#modules');
    list.replaceChildren(...mods.map((m: any) => {
      const li = el('li', `${m.interface ? 'interface' : 'module'} ${m.name}`, 'module');
      li.onclick = () => { void openModule(m.name); };
      return li;
    }));
  }

  async function openModule(name: string): Promise<void> {
    const m = await getJson(`/modules/${encodeURIComponent(name)}`);
    const code = el('pre', undefined, 'code');
    code.innerHTML = m.html; // escaped by the server's highlighter
    const facts = [`hash ${m.hash}`];
    if (m.governance !== null) facts.push(`governance ${m.governance}`);
    if (m.interfaces.length > 0) facts.push(`implements ${m.interfaces.join(', ')}`);
    $('#detail').replaceChildren(el('h2', `${m.interface ? 'Interface' : 'Module'} ${m.name}`), el('p', facts.join(' · ')), code);
  }

  $('#run').onclick = async () => {
    const code = ($('#code') as HTMLTextAreaElement).value;
    const r = await fetch(`${api}/local`, { method: 'POST', body: JSON.stringify({ code }), headers: { 'content-type': 'application/json' } });
    const result = await r.json();
    $('#output').textContent = result.result.status === 'success' ? show(result.result.data) : result.result.error.message;
  };

  void loadTransactions().then(follow);
  void loadModules();
  void loadTables();
}

const STYLE = `
body { font: 14px system-ui, sans-serif; margin: 0; display: grid; grid-template-columns: 1fr 1fr; gap: 1em; padding: 1em; }
h1 { grid-column: 1 / 3; margin: 0; font-size: 20px; } section { min-width: 0; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; } td, th { text-align: left; padding: 2px 6px; border-bottom: 1px solid #ddd; }
#transactions th:nth-child(1) { width: 8em; } #transactions th:nth-child(2) { width: 12.5em; } #transactions th:nth-child(3) { width: 4.5em; }
#transactions th:nth-child(4), #transactions th:nth-child(5) { width: 2.5em; } table.rows td:first-child { width: 40%; }
tr.tx { cursor: pointer; } tr.failure td:nth-child(3) { color: #b00; } tr.success td:nth-child(3) { color: #070; }
td { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-family: ui-monospace, monospace; }
pre { background: #f6f6f6; padding: 6px; overflow: auto; } li.module, li.table { cursor: pointer; font-family: ui-monospace, monospace; }
textarea { width: 100%; height: 5em; font-family: ui-monospace, monospace; }
.tk-keyword { color: #a0a; font-weight: bold; } .tk-meta { color: #088; } .tk-string { color: #070; }
.tk-number { color: #a60; } .tk-bool { color: #00a; } .tk-comment { color: #888; } .tk-bracket { font-weight: bold; }
`;

/// The page served at `/`.
export const EXPLORER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pact node explorer</title><style>${STYLE}</style></head>
<body>
<h1>Pact node explorer</h1>
<section><h2>Transactions</h2>
<table id="transactions"><thead><tr><th>Request key</th><th>Created</th><th>Status</th><th>Tx</th><th>Gas</th><th>Code</th><th>Result</th></tr></thead><tbody></tbody></table>
<button id="older" hidden>Older</button>
<h2>Modules</h2><ul id="modules"></ul>
<h2>Tables</h2><ul id="tables"></ul>
<h2>Playground</h2><p>Runs as <code>/local</code>: never committed.</p>
<textarea id="code">(+ 1 2)</textarea><button id="run">Run</button><pre id="output"></pre>
</section>
<section id="detail"><p>Select a transaction or a module.</p></section>
<script>(${explorer.toString()})();</script>
</body></html>
`;
