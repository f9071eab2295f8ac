/// The explorer: a page at `/` and the read-only JSON API behind it, under `/explorer/api/v1`.
/// Everything comes from the node's SQLite store as it is (the command history, the module
/// table); nothing is replayed, and nothing here writes. The playground runs code exactly as
/// `/local` does.
///
/// A `/send` stores any `cmd` text, JSON or not, of any size, and a command may store values
/// nested as deep as it builds them: the explorer shows each as what it is and never fails a
/// page over one. The list reads its few fields with SQLite's JSON functions, so a page costs no
/// more for huge commands; a single transaction or row passes its stored JSON through as text,
/// never re-encoded, and shows text that is not JSON as a string.
import type { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { H3Event } from 'h3';
import { hashCmd } from '../api/command.ts';
import { commandOf } from '../api/verify.ts';
import { compileOnly, StatementCache, tableNamesSql, tableSql } from '../db/sql.ts';
import { encodeTxRecord, parseTxRecords } from '../db/txlog-json.ts';
import { lookup } from '../values/aeson.ts';
import { showCompact } from '../values/render.ts';
import { decodeRowData } from '../values/row-data.ts';
import { highlightHtml } from '../syntax/highlight.ts';
import { parse } from '../syntax/reader.ts';
import { compileTopLevel } from '../lang/compile.ts';
import { base64UrlEncode } from '../values/base64.ts';
import { encodeJson, encodeString, JsonObject, parseJson } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import type { CommandRow } from './history.ts';
import { badRequest, jsonReply, nestingExceeds, readJsonBody, reply } from './http.ts';
import type { BodyLimits } from './http.ts';
import type { PactNode } from './node.ts';
import { EXPLORER_PAGE } from './explorer-page.ts';

/// Rows per page of the API, at most (and by default).
const MAX_PAGE = 100;
/// How long a live-list request waits for new results before answering with none.
const WAIT_MS = 25_000;
/// The list's code column: the first line, up to this many characters.
const CODE_CHARS = 200;
/// The list's result column: a result whose JSON is longer is shown as its first characters.
const SHOWN_CHARS = 1000;
/// Rows nested deeper (in JSON brackets) are not printed as Pact prints them (see shownRow).
const SHOWN_DEPTH = 256;

const db = compileOnly<{ pactCommands: CommandRow }>();
const command = sql.ref('command');
const result = sql.ref('result');
const WHITESPACE = sql.raw(`' ' || char(9, 10, 13)`);
/// The first 4,000 bytes of a text (a string function would stop at a NUL character; an empty
/// blob's substring is NULL).
const head = (text: RawBuilder<unknown>) => sql<string>`ifnull(CAST(substr(CAST(${text} AS BLOB), 1, 4000) AS TEXT), '')`;
/// The text the code column shows, from its start: an exec's code, a continuation as
/// `cont <pactId> step <n>`, or else the stored text itself. Only a command that is JSON is asked
/// for its fields (CASE evaluates its branches lazily; and-ed conditions may not be).
const codeText = sql<string>`ifnull(CASE WHEN json_valid(${command}) THEN CASE
    WHEN json_type(${command}, '$.payload.exec.code') = 'text' THEN ${head(sql`ltrim(${command} ->> '$.payload.exec.code', ${WHITESPACE})`)}
    WHEN json_type(${command}, '$.payload.cont') = 'object' THEN 'cont ' || ${head(sql`ifnull(${command} ->> '$.payload.cont.pactId', 'null')`)}
      || ' step ' || ${head(sql`ifnull(${command} ->> '$.payload.cont.step', 'null')`)}
  END END, ${head(sql`ltrim(${command}, ${WHITESPACE})`)})`;
/// The command's `meta.creationTime`, as JSON text, when it is a number of sensible length.
const creationTime = sql<string | null>`CASE WHEN json_valid(${command}) THEN CASE
    WHEN json_type(${command}, '$.meta.creationTime') IN ('integer', 'real') AND length(${command} -> '$.meta.creationTime') <= 40
    THEN ${command} -> '$.meta.creationTime' END END`;
/// The result's status and what the list shows of it (data or error message, as JSON text, cut
/// one character past SHOWN_CHARS so that a longer one is known).
const status = sql<string | null>`CASE WHEN json_valid(${result}) THEN ${result} ->> '$.result.status' END`;
const shown = sql<string | null>`CASE WHEN json_valid(${result}) THEN substr(CASE ${result} ->> '$.result.status'
    WHEN 'success' THEN ${result} -> '$.result.data' ELSE ${result} -> '$.result.error.message' END, 1, ${sql.lit(SHOWN_CHARS + 1)}) END`;
const listed = db.selectFrom('pactCommands').select([
  'seq', 'hash', 'txid', 'gas', codeText.as('code'), creationTime.as('time'), status.as('status'), shown.as('shown'),
]).where('result', 'is not', null);

const SQL = {
  /// (before, limit) → completed commands with seq < before, newest first
  page: listed.where('seq', '<', 0).orderBy('seq', 'desc').limit(0).compile().sql,
  /// (after) → completed commands with seq > after, newest first
  newer: listed.where('seq', '>', 0).orderBy('seq', 'desc').limit(MAX_PAGE).compile().sql,
  /// (hash) → one command
  one: db.selectFrom('pactCommands').select(['seq', 'hash', 'command', 'userSigs', 'txid', 'result'])
    .where('hash', '=', '').compile().sql,
};

const MODULES = tableSql('SYS_modules');

/// A row of the list, as SQLite reads it.
interface ListedRow {
  seq: number;
  hash: string;
  txid: number | null;
  gas: number | bigint | null;
  code: string;
  time: string | null;
  status: string | null;
  shown: string | null;
}

/// Read-only queries over the node's database, each prepared on first use. Answers are JSON
/// texts.
class ExplorerStore {
  readonly #statements: StatementCache;

  constructor(conn: DatabaseSync) {
    this.#statements = new StatementCache(conn);
  }

  transactions(before: number, limit: number): string {
    return arrayText((this.#statements.get(SQL.page).all(before, limit) as unknown as ListedRow[]).map(summary));
  }

  newer(after: number): string[] {
    return (this.#statements.get(SQL.newer).all(after, MAX_PAGE) as unknown as ListedRow[]).map(summary);
  }

  /// One command in full: `command` is its JSON (any JSON), or null with `commandText` holding
  /// a `cmd` that is not JSON.
  transaction(key: string): string | null {
    const row = this.#statements.get(SQL.one).get(key) as
      { seq: number; hash: string; command: string; userSigs: string; txid: number | null; result: string | null } | undefined;
    if (row === undefined) return null;
    const cmd = isJson(row.command);
    return objectText([
      ['seq', String(row.seq)],
      ['requestKey', encodeString(row.hash)],
      ['command', cmd ? row.command : 'null'],
      ...(cmd ? [] : [['commandText', encodeString(row.command)] as [string, string]]),
      ['sigs', storedJson(row.userSigs)],
      ['result', row.result === null ? 'null' : storedJson(row.result)],
      ['writes', row.txid === null || row.txid < 0 ? '[]' : arrayText(this.writes(row.txid))],
    ]);
  }

  /// Every logical table: Pact's system tables (keysets, namespaces, defpacts, modules…) and
  /// the user tables, by their ids (`USER_<module>_<table>`).
  tables(): string[] {
    const names = this.#statements.get(tableNamesSql).all().map((r) => String((r as { name: string }).name));
    return names.filter((n) => n.endsWith('_DATA')).map((n) => n.slice(0, -5)).sort();
  }

  /// A page of a table's rows after `after` whose key contains `text`; user rows also as Pact
  /// prints them.
  rows(id: string, after: string, text: string, limit: number): string | null {
    if (!this.tables().includes(id)) return null;
    const rows = this.#statements.get(tableSql(id).page).all(after, text, limit) as Array<{ key: string; value: string | null }>;
    return arrayText(rows.map((r) => objectText([
      ['key', encodeString(r.key)],
      ['value', r.value === null ? 'null' : storedJson(r.value)],
      ['shown', r.value !== null && id.startsWith('USER_') ? shownRow(r.value) : 'null'],
    ])));
  }

  /// The table writes a transaction made, from every table's transaction log: each record as
  /// stored, or the log's text if it is not a list of records.
  writes(txId: number): string[] {
    const out: string[] = [];
    for (const id of this.tables()) {
      const row = this.#statements.get(tableSql(id).txRead).get(txId) as { value: string | null } | undefined;
      if (row?.value == null) continue;
      const table = encodeString(id);
      const records = attempt(() => parseTxRecords(row.value!).map(encodeTxRecord), null);
      if (records === null) out.push(objectText([['table', table], ['record', storedJson(row.value)]]));
      else for (const record of records) out.push(objectText([['table', table], ['record', record]]));
    }
    return out;
  }

  modules(): Json[] {
    return this.#statements.get(MODULES.keys).all().map((r) => {
      const name = String((r as { key: string }).key);
      const m = this.#storedModule(name);
      return new JsonObject([['name', name], ['hash', m?.hash ?? null], ['interface', m?.interface ?? false]]);
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

  /// A module as stored (null if there is none, or what is stored does not read as one).
  #storedModule(name: string): { name: string; hash: string | null; interface: boolean; code: string } | null {
    const row = this.#statements.get(MODULES.read).get(name) as { value: string | null } | undefined;
    if (row?.value == null) return null;
    const o = attempt(() => parseJson(row.value!), null);
    if (!(o instanceof JsonObject)) return null;
    const [hash, code] = [lookup(o, 'hash'), lookup(o, 'code')];
    return { name, hash: typeof hash === 'string' ? hash : null, interface: lookup(o, 'interface') === true, code: typeof code === 'string' ? code : '' };
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
/// result's data or error message (the first SHOWN_CHARS characters of its JSON, as a string
/// ending in `…`, when longer). A result SQLite cannot read (nested past its depth limit) takes
/// its status from the tx id, which is -1 for a failure.
function summary(r: ListedRow): string {
  const status = r.status ?? (r.txid !== null && r.txid >= 0 ? 'success' : 'failure');
  const result = r.shown === null ? 'null'
    : r.shown.length > SHOWN_CHARS ? encodeString(`${r.shown.slice(0, SHOWN_CHARS)}…`) : r.shown;
  return objectText([
    ['seq', String(r.seq)],
    ['requestKey', encodeString(r.hash)],
    ['status', encodeString(status)],
    ['txId', r.txid === null || r.txid < 0 ? 'null' : String(r.txid)],
    ['gas', String(r.gas ?? 0)],
    ['time', r.time ?? 'null'],
    ['code', encodeString(r.code.split('\n', 1)[0]!.slice(0, CODE_CHARS))],
    ['result', result],
  ]);
}

/// A stored text as JSON: itself when it is JSON, else as a JSON string.
function storedJson(text: string): string {
  return isJson(text) ? text : encodeString(text);
}

/// Whether a text is JSON (read as the node reads JSON: no depth limit).
function isJson(text: string): boolean {
  return attempt(() => (parseJson(text), true), false);
}

/// A user row as Pact prints it, as a JSON string; null if it does not decode as a row, or
/// nests deeper than SHOWN_DEPTH: decoding a row takes time that grows with the square of its
/// depth (0.2 s at 1,000 levels, 26 s at 10,000), and the node answers nothing meanwhile. Such a
/// row is still listed, as its JSON.
function shownRow(value: string): string {
  if (nestingExceeds(value, SHOWN_DEPTH)) return 'null';
  return attempt(() => encodeString(showCompact(decodeRowData(value))), 'null');
}

/// `f()`, or `fallback` if it throws: stored data the reader cannot take (not JSON, not the
/// shape written, beyond a decoder's depth) is shown as it is instead.
function attempt<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}

/// An object's JSON text from its members' JSON texts.
function objectText(members: ReadonlyArray<readonly [string, string]>): string {
  return `{${members.map(([k, v]) => `${encodeString(k)}:${v}`).join(',')}}`;
}

function arrayText(items: readonly string[]): string {
  return `[${items.join(',')}]`;
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
      return items(arrayText(rows));
    }
    const before = intParam(q.get('before')) ?? Number.MAX_SAFE_INTEGER;
    const limit = Math.min(intParam(q.get('limit')) ?? MAX_PAGE, MAX_PAGE);
    return items(store.transactions(before, Math.max(limit, 1)));
  };
  /// A route `…/:name` answering what `find` finds, or 404.
  const one = (find: (name: string) => string | null): Get => (event) => {
    const name = lastSegment(event);
    const found = name === null ? null : find(name);
    return found === null ? reply(404, `Not found: ${name ?? event.url.pathname}`) : jsonReply(found);
  };
  return {
    page: () => reply(200, PAGE, 'text/html;charset=utf-8'),
    api: {
      transactions: list,
      'transactions/:key': one((k) => store.transaction(k)),
      modules: () => json(store.modules()),
      tables: () => json(store.tables()),
      'tables/:id': (event) => {
        const q = event.url.searchParams;
        const limit = Math.min(Math.max(intParam(q.get('limit')) ?? MAX_PAGE, 1), MAX_PAGE);
        return one((id) => {
          const rows = store.rows(id, q.get('after') ?? '', q.get('key') ?? '', limit);
          return rows === null ? null : `{"items":${rows}}`;
        })(event);
      },
      'modules/:name': one((m) => {
        const found = store.module(m);
        return found === null ? null : encodeJson(found);
      }),
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

/// The page, encoded once.
const PAGE = new TextEncoder().encode(EXPLORER_PAGE);

/// The last path segment, percent-decoded (null if it does not decode).
function lastSegment(event: H3Event): string | null {
  return attempt(() => decodeURIComponent(event.url.pathname.split('/').pop() ?? ''), null);
}

function items(array: string): Response {
  return jsonReply(`{"items":${array}}`);
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

function intParam(v: string | null): number | null {
  if (v === null || !/^\d{1,15}$/.test(v)) return null;
  return Number(v);
}

function json(v: Json): Response {
  return jsonReply(encodeJson(v));
}
