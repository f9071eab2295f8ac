/// The explorer: a page at `/` and the read-only JSON API behind it, under `/explorer/api/v1`.
/// Everything comes from the node's SQLite store as it is (the command history, the module
/// table); nothing is replayed, and nothing here writes. The playground runs code exactly as
/// `/local` does.
import type { DatabaseSync } from 'node:sqlite';
import type { H3Event } from 'h3';
import { hashCmd } from '../api/command.ts';
import { commandOf } from '../api/verify.ts';
import { compileOnly, StatementCache, tableNamesSql, tableSql } from '../db/sql.ts';
import { lookup } from '../values/aeson.ts';
import { showCompact } from '../values/render.ts';
import { decodeRowData } from '../values/row-data.ts';
import { highlightHtml } from '../syntax/highlight.ts';
import { parse } from '../syntax/reader.ts';
import { compileTopLevel } from '../lang/compile.ts';
import { base64UrlEncode } from '../values/base64.ts';
import { encodeJson, JsonNumber, JsonObject, parseJson } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import type { CommandRow } from './history.ts';
import { badRequest, jsonReply, readJsonBody, reply } from './http.ts';
import type { BodyLimits } from './http.ts';
import type { PactNode } from './node.ts';
import { EXPLORER_PAGE } from './explorer-page.ts';

/// Rows per page of the API, at most (and by default).
const MAX_PAGE = 100;
/// How long a live-list request waits for new results before answering with none.
const WAIT_MS = 25_000;

const db = compileOnly<{ pactCommands: CommandRow }>();
const SQL = {
  /// (before, limit) → completed commands with seq < before, newest first
  page: db.selectFrom('pactCommands').select(['seq', 'hash', 'command', 'txid', 'result', 'gas'])
    .where('result', 'is not', null).where('seq', '<', 0).orderBy('seq', 'desc').limit(0).compile().sql,
  /// (after) → completed commands with seq > after, newest first
  newer: db.selectFrom('pactCommands').select(['seq', 'hash', 'command', 'txid', 'result', 'gas'])
    .where('result', 'is not', null).where('seq', '>', 0).orderBy('seq', 'desc').limit(MAX_PAGE).compile().sql,
  /// (hash) → one command
  one: db.selectFrom('pactCommands').select(['seq', 'hash', 'command', 'userSigs', 'txid', 'result', 'gas'])
    .where('hash', '=', '').compile().sql,
};

const MODULES = tableSql('SYS_modules');

/// Read-only queries over the node's database, each prepared on first use.
class ExplorerStore {
  readonly #statements: StatementCache;

  constructor(conn: DatabaseSync) {
    this.#statements = new StatementCache(conn);
  }

  transactions(before: number, limit: number): Json[] {
    return this.#statements.get(SQL.page).all(before, limit).map(summary);
  }

  newer(after: number): Json[] {
    return this.#statements.get(SQL.newer).all(after, MAX_PAGE).map(summary);
  }

  transaction(key: string): Json | null {
    const row = this.#statements.get(SQL.one).get(key) as Record<string, unknown> | undefined;
    if (row === undefined) return null;
    const txId = row.txid === null || Number(row.txid) < 0 ? null : Number(row.txid);
    return new JsonObject([
      ['seq', num(row.seq)],
      ['requestKey', String(row.hash)],
      ['command', parseJson(String(row.command))],
      ['sigs', parseJson(String(row.userSigs))],
      ['result', row.result === null ? null : parseJson(String(row.result))],
      ['writes', txId === null ? [] : this.writes(txId)],
    ]);
  }

  /// Every logical table: Pact's system tables (keysets, namespaces, defpacts, modules…) and
  /// the user tables, by their ids (`USER_<module>_<table>`).
  tables(): Json[] {
    const names = this.#statements.get(tableNamesSql).all().map((r) => String((r as { name: string }).name));
    return names.filter((n) => n.endsWith('_DATA')).map((n) => n.slice(0, -5)).sort().map((id) => id as Json);
  }

  /// A page of a table's rows after `after` whose key contains `text`; user rows also as Pact
  /// prints them.
  rows(id: string, after: string, text: string, limit: number): Json | null {
    if (!this.tables().includes(id)) return null;
    const rows = this.#statements.get(tableSql(id).page).all(after, text, limit) as Array<{ key: string; value: string | null }>;
    return rows.map((r) => new JsonObject([
      ['key', r.key],
      ['value', r.value === null ? null : parseJson(r.value)],
      ['shown', r.value !== null && id.startsWith('USER_') ? showCompact(decodeRowData(r.value)) : null],
    ]));
  }

  /// The table writes a transaction made, from every table's transaction log.
  writes(txId: number): Json[] {
    const out: Json[] = [];
    for (const id of this.tables() as string[]) {
      const row = this.#statements.get(tableSql(id).txRead).get(txId) as { value: string | null } | undefined;
      if (row?.value == null) continue;
      for (const record of parseJson(row.value) as Json[]) out.push(new JsonObject([['table', id], ['record', record]]));
    }
    return out;
  }

  modules(): Json[] {
    return this.#statements.get(MODULES.keys).all().map((r) => {
      const m = this.#storedModule(String((r as { key: string }).key))!;
      return new JsonObject([['name', m.name], ['hash', m.hash], ['interface', m.interface]]);
    });
  }

  module(name: string): Json | null {
    const m = this.#storedModule(name);
    if (m === null) return null;
    const { governance, interfaces } = declaration(m.code);
    return new JsonObject([
      ['name', m.name], ['hash', m.hash], ['interface', m.interface], ['governance', governance], ['interfaces', interfaces],
      ['code', m.code], ['html', highlightHtml(m.code)],
    ]);
  }

  #storedModule(name: string): { name: string; hash: string; interface: boolean; code: string } | null {
    const row = this.#statements.get(MODULES.read).get(name) as { value: string | null } | undefined;
    if (row?.value == null) return null;
    const o = parseJson(row.value) as JsonObject;
    return { name, hash: String(lookup(o, 'hash')), interface: lookup(o, 'interface') === true, code: String(lookup(o, 'code')) };
  }
}

/// A module's governance (`'keyset` or the defcap's name) and the interfaces it implements, as
/// its code declares them (null and none for an interface, or code that does not read).
function declaration(code: string): { governance: Json; interfaces: Json[] } {
  try {
    const term = compileTopLevel(parse(code, 'module')[0]!);
    if (term.t !== 'module') return { governance: null, interfaces: [] };
    const g = term.governance;
    return {
      governance: 'keyset' in g ? `'${g.keyset}` : g.cap,
      interfaces: term.implements.map((i) => (i.ns === null ? i.name : `${i.ns}.${i.name}`)),
    };
  } catch {
    return { governance: null, interfaces: [] };
  }
}

/// A history row as the list shows it: key, status, tx id, gas, the code's first line, and the
/// result's data or error message.
function summary(row: unknown): Json {
  const r = row as { seq: number; hash: string; command: string; txid: number | null; result: string; gas: number | bigint | null };
  const outcome = lookup(parseJson(r.result) as JsonObject, 'result') as JsonObject;
  const status = String(lookup(outcome, 'status'));
  const shown = status === 'success' ? lookup(outcome, 'data') : lookup(lookup(outcome, 'error') as JsonObject, 'message');
  const cmd = parseJson(r.command) as JsonObject;
  return new JsonObject([
    ['seq', num(r.seq)],
    ['requestKey', r.hash],
    ['status', status],
    ['txId', r.txid === null || r.txid < 0 ? null : num(r.txid)],
    ['gas', num(r.gas ?? 0)],
    ['time', creationTime(cmd)],
    ['code', firstLine(cmd)],
    ['result', shown ?? null],
  ]);
}

/// When the command says it was made (its meta's `creationTime`, seconds since the epoch).
function creationTime(cmd: JsonObject): Json {
  const meta = lookup(cmd, 'meta');
  const t = meta instanceof JsonObject ? lookup(meta, 'creationTime') : undefined;
  return t instanceof JsonNumber ? t : null;
}

/// The first line of an exec's code, or `cont <pactId> step <n>`.
function firstLine(cmd: JsonObject): string {
  const payload = lookup(cmd, 'payload') as JsonObject;
  const exec = lookup(payload, 'exec') as JsonObject | undefined;
  if (exec !== undefined) return String(lookup(exec, 'code') ?? '').trimStart().split('\n')[0]!.slice(0, 200);
  const cont = lookup(payload, 'cont') as JsonObject | undefined;
  return cont === undefined ? '' : `cont ${String(lookup(cont, 'pactId'))} step ${String(lookup(cont, 'step'))}`;
}

type Get = (event: H3Event) => Response | Promise<Response>;

/// The page and the API: GET routes, plus the playground's POST.
export function explorerRoutes(node: PactNode, conn: DatabaseSync, limits: BodyLimits): {
  page: Get; api: Record<string, Get>; playground: Get;
} {
  const store = new ExplorerStore(conn);
  const list: Get = async (event) => {
    const q = event.url.searchParams;
    const after = intParam(q.get('after'));
    if (after !== null) {
      // Live list: the results newer than `after`, waiting for some if there are none yet.
      let rows = store.newer(after);
      if (rows.length === 0 && q.get('wait') !== null) {
        await node.nextResults(WAIT_MS, event.req.signal);
        rows = store.newer(after);
      }
      return json(new JsonObject([['items', rows]]));
    }
    const before = intParam(q.get('before')) ?? Number.MAX_SAFE_INTEGER;
    const limit = Math.min(intParam(q.get('limit')) ?? MAX_PAGE, MAX_PAGE);
    return json(new JsonObject([['items', store.transactions(before, Math.max(limit, 1))]]));
  };
  const one = (find: (name: string) => Json | null): Get => (event) => {
    const name = decodeURIComponent(event.url.pathname.split('/').pop() ?? '');
    const found = find(name);
    return found === null ? reply(404, `Not found: ${name}`) : json(found);
  };
  return {
    page: () => new Response(EXPLORER_PAGE, { headers: { 'content-type': 'text/html;charset=utf-8' } }),
    api: {
      transactions: list,
      'transactions/:key': one((k) => store.transaction(k)),
      modules: () => json(store.modules()),
      tables: () => json(store.tables()),
      'tables/:id': (event) => {
        const id = decodeURIComponent(event.url.pathname.split('/').pop() ?? '');
        const q = event.url.searchParams;
        const limit = Math.min(Math.max(intParam(q.get('limit')) ?? MAX_PAGE, 1), MAX_PAGE);
        const rows = store.rows(id, q.get('after') ?? '', q.get('key') ?? '', limit);
        return rows === null ? reply(404, `Not found: ${id}`) : json(new JsonObject([['items', rows]]));
      },
      'modules/:name': one((m) => store.module(m)),
    },
    playground: async (event) => {
      const body = await readJsonBody(event, limits);
      if (body instanceof Response) return body;
      const code = body instanceof JsonObject ? lookup(body, 'code') : undefined;
      if (typeof code !== 'string') return badRequest('Expected {"code": "..."}');
      const result = await node.local(unsignedCommand(code));
      return jsonReply(result.json);
    },
  };
}

let playgroundNonce = 0;

/// An unsigned exec command for the playground, as a client would build it for `/local`.
function unsignedCommand(code: string) {
  const cmd = encodeJson(new JsonObject([
    ['networkId', null],
    ['payload', new JsonObject([['exec', new JsonObject([['data', null], ['code', code]])]])],
    ['signers', []],
    ['meta', parseJson('{"creationTime":0,"ttl":28800,"gasLimit":150000,"chainId":"0","gasPrice":1.0e-8,"sender":"explorer"}')],
    ['nonce', `explorer-${Date.now()}-${playgroundNonce++}`],
  ]));
  return commandOf(new JsonObject([['hash', base64UrlEncode(hashCmd(cmd))], ['sigs', []], ['cmd', cmd]]));
}

/// A JSON integer.
function num(n: unknown): JsonNumber {
  return new JsonNumber(BigInt(n as number | bigint), 0);
}

function intParam(v: string | null): number | null {
  if (v === null || !/^\d{1,15}$/.test(v)) return null;
  return Number(v);
}

function json(v: Json | Json[]): Response {
  return jsonReply(encodeJson(v));
}
