/// What a Pact 4.13 node answers for a command, as exact JSON text: the `CommandResult` (gas,
/// result or error, request key, hash of the transaction's writes, events, defpact state, tx
/// id) with every part in Pact's encoding and key order, and the write log it hashes.
import type { TxLogEntry } from '../db/pactdb.ts';
import { Decimal } from '../values/decimal.ts';
import { hashText } from '../values/hash.ts';
import { encodeJson, encodeString, JsonNumber, JsonObject } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import { toJson } from '../values/pact-json.ts';
import { moduleNameJson } from '../values/row-data.ts';
import { compareCodePoints } from '../values/text.ts';
import { NotAValue, elideSite } from '../values/value.ts';
import { renderFrame, renderInfo } from './errors.ts';
import type { PactError } from './errors.ts';
import type { PactEvent } from './caps.ts';
import { isPactValue } from './eval.ts';
import type { EvalResult } from './interpreter.ts';
import { pactExecJson } from './rows.ts';
import type { Val } from './runtime.ts';
import { showValCompact } from './show.ts';

const LEGACY = { legacyOrder: true } as const;

// ---------------------------------------------------------------------------------------------
// Transaction logs

/// Encodes a row of a table (a `PactRowCodec`, lang/rows.ts).
export interface RowEncoder {
  encode(table: string, value: unknown): string;
}

/// Pact's `TxLog` record of one write: `{"value":<row JSON>,"key":…,"table":…}`, the row as
/// stored (`valueJson` is spliced in as it is).
///
/// @example txLogRecord('SYS_pacts', 'pid', 'null') // '{"value":null,"key":"pid","table":"SYS_pacts"}'
export function txLogRecord(table: string, key: string, valueJson: string): string {
  return `{"value":${valueJson},"key":${encodeString(key)},"table":${encodeString(table)}}`;
}

/// The JSON array of a transaction's write records as Pact 4 hashes it: grouped by table in
/// ascending table-id order (Pact keeps them in a `Map` of tables), each table's writes in the
/// order they were made. A write the store did not encode is encoded by `codec`.
export function txLogsJson(entries: readonly TxLogEntry[], codec?: RowEncoder): string {
  const byTable = new Map<string, string[]>();
  for (const e of entries) {
    let records = byTable.get(e.table);
    if (records === undefined) byTable.set(e.table, records = []);
    records.push(txLogRecord(e.table, e.key, rowText(e, codec)));
  }
  const tables = [...byTable.keys()].sort(compareCodePoints);
  return `[${tables.flatMap((t) => byTable.get(t)!).join(',')}]`;
}

function rowText(e: TxLogEntry, codec: RowEncoder | undefined): string {
  if (e.json !== undefined) return e.json;
  if (codec === undefined) throw new Error(`no encoding for the write of ${e.table} ${e.key}`);
  return codec.encode(e.table, e.value);
}

/// The `logs` of a CommandResult: the hash (unpadded base64url BLAKE2b-256) of `txLogsJson`.
///
/// @example logsHash([]) // 'wsATyGqckuIvlm89hhd2j4t6RMkCrcwJe_oeCYr7Th8'
export function logsHash(entries: readonly TxLogEntry[], codec?: RowEncoder): string {
  return hashText(txLogsJson(entries, codec));
}

// ---------------------------------------------------------------------------------------------
// Parts of a result

/// Pact's `PactError` JSON: `{"callStack":[…],"type":…,"message":…,"info":…}`. On chain (a node
/// since Pact 4.7, unless `DisablePact47`) errors carry no call stack and use their on-chain
/// wording; `info` is the rendered location, `""` when there is none.
export function pactErrorJson(e: PactError, onChain: boolean): JsonObject {
  return new JsonObject([
    ['callStack', onChain ? [] : e.callStack.map((f) => renderFrame(f, ''))],
    ['type', e.type],
    ['message', e.messageFor(onChain)],
    ['info', renderInfo(e.info, '')],
  ]);
}

/// `{"params":[…],"name":…,"module":{"namespace":…,"name":…},"moduleHash":…}`. Parameters
/// are written as the event holds them: Pact drops the site of a module reference given directly
/// (since 4.0, done when the event is made) but keeps the sites of references nested deeper.
export function pactEventJson(e: PactEvent): JsonObject {
  return new JsonObject([
    ['params', e.params.map((p) => toJson(p, true))],
    ['name', e.name],
    ['module', moduleNameJson(e.module)],
    ['moduleHash', e.moduleHash],
  ]);
}

/// The `data` of a successful result, as Pact's `toPactValueLenient` and `elideModRefInfo` make
/// it: an integer becomes a decimal (so `3`, not `{"int":3}`, at the top level only), a value
/// that is not plain data (a function, table, schema, ..., or a list or object holding one)
/// becomes its compact rendering as a string, and a module reference loses its site (nested
/// ones keep theirs).
///
/// @example encodeJson(resultDataJson(3n)) // '3'
export function resultDataJson(v: Val): Json {
  if (typeof v === 'bigint') return integerAsDecimalJson(v);
  if (isPactValue(v)) {
    try {
      return toJson(elideSite(v), true);
    } catch (e) {
      if (!(e instanceof NotAValue)) throw e;
    }
  }
  return showValCompact(v);
}

/// Pact's `LDecimal (fromIntegral i)`: a number within ±(2^53 − 1), else `{"decimal": …}` holding
/// Haskell's `show` of a decimal without places, which is the digits alone (no `.0`).
function integerAsDecimalJson(i: bigint): Json {
  const j = toJson(Decimal.fromInteger(i));
  return j instanceof JsonObject ? new JsonObject([['decimal', i.toString()]]) : j;
}

// ---------------------------------------------------------------------------------------------
// CommandResult

/// The parts of a CommandResult, each already in Pact's JSON.
export interface CommandResultParts {
  readonly reqKey: string;
  readonly txId: number | null;
  readonly gas: bigint;
  readonly result: { readonly data: Json } | { readonly error: Json };
  /// The logs hash, or null (failures).
  readonly logs: string | null;
  readonly events: readonly Json[];
  readonly continuation: Json | null;
  /// chainweb's block of the result (`blockHeight`, `blockTime`, ...); a Pact 4 node has none.
  readonly metaData?: Json | null;
}

/// A CommandResult's text: `gas`, `result` (`{"status":"success","data":…}` or
/// `{"status":"failure","error":…}`), `reqKey`, `logs`, `events` (left out when there are
/// none), `metaData` (always null on a Pact 4 node), `continuation`, `txId`.
export function commandResultText(p: CommandResultParts): string {
  const result = 'data' in p.result
    ? new JsonObject([['status', 'success'], ['data', p.result.data]])
    : new JsonObject([['status', 'failure'], ['error', p.result.error]]);
  const entries: Array<[string, Json]> = [
    ['gas', new JsonNumber(p.gas, 0)], ['result', result], ['reqKey', p.reqKey], ['logs', p.logs],
  ];
  if (p.events.length > 0) entries.push(['events', [...p.events]]);
  entries.push(
    ['metaData', p.metaData ?? null],
    ['continuation', p.continuation],
    ['txId', p.txId === null ? null : new JsonNumber(BigInt(p.txId), 0)],
  );
  return encodeJson(new JsonObject(entries), LEGACY);
}

/// What a successful transaction produced, as a result reports it.
export type TxOutcome = EvalResult;

/// A command's result: the transaction's outcome, or the error that failed it.
export type CommandResultInput = {
  readonly reqKey: string;
  /// The node's execution flags.
  readonly flags: ReadonlySet<string>;
  /// Encodes writes the store did not encode (a `PactRowCodec`).
  readonly codec?: RowEncoder;
} & ({ readonly result: TxOutcome } | { readonly error: PactError });

/// The CommandResult text a Pact 4.13 node returns. A failure reports gas 0 and no logs, events,
/// defpact state or tx id, whatever ran before it failed.
///
/// @example commandResultJson({ reqKey, flags: new Set(), result: { output: 1n, logs: [], exec: null, events: [], gas: 0n, txId: null } })
/// // '{"gas":0,"result":{"status":"success","data":1},"reqKey":…,"logs":"wsAT…Th8","metaData":null,"continuation":null,"txId":null}'
export function commandResultJson(input: CommandResultInput): string {
  const { reqKey, flags } = input;
  if ('error' in input) {
    const error = pactErrorJson(input.error, !flags.has('DisablePact47'));
    return commandResultText({ reqKey, txId: null, gas: 0n, result: { error }, logs: null, events: [], continuation: null });
  }
  const r = input.result;
  return commandResultText({
    reqKey,
    txId: r.txId,
    gas: r.gas,
    result: { data: resultDataJson(r.output) },
    logs: logsHash(r.logs, input.codec),
    events: r.events.map(pactEventJson),
    continuation: r.exec === null ? null : pactExecJson(r.exec, flags.has('DisablePact49')),
  });
}
