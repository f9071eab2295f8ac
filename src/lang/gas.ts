/// Pact 4.13's gas: what is charged (`GasArgs`), what it costs under the two gas models (`fixed N`
/// and the `table` model), and how a charge is written in the REPL's gas log. Costs are in
/// milligas (1 gas = 1000 milligas) and follow Haskell's 64-bit `Int64` arithmetic, wrapping
/// included. Where and when the interpreter charges is listed in docs/gas-charge-points.md.
///
/// @example
/// const model = tableGasModel();
/// model.cost('map', GUNREDUCED);                         // 4000n
/// gasLogEntry('map', GUNREDUCED, 4000n, 4000n);          // 'map:GUnreduced:currTotalGas=4: 4'
import { Decimal } from '../values/decimal.ts';
import { showDecimal } from '../values/haskell-show.ts';
import { prettyList, renderCompact } from '../values/doc.ts';
import { pactValueDoc } from '../values/render.ts';
import { codePointLength } from '../values/text.ts';
import { foldValue } from '../values/fold.ts';
import { sizeOfKeySet, sizeOfKeySetName, sizeOfModuleName, sizeOfNamespace, sizeOfObjectMap, sizeOfText } from '../values/sizeof.ts';
import type { SizeOfVersion } from '../values/sizeof.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, PactGuard, PactTime, PList, PObject, UserGuard,
} from '../values/value.ts';
import type { Guard, PactValue } from '../values/value.ts';

// ---------------------------------------------------------------------------------------------
// What is charged

/// Integer size threshold of integer-operation costs: 10^30 before Pact 4.8 (`DisablePact48`),
/// 10^80 after.
export type IntOpThreshold = 'Pact43IntThreshold' | 'Pact48IntThreshold';

/// Kind of a user-table write.
export type WriteType = 'Insert' | 'Update' | 'Write';

/// Kind of a user definition being applied.
export type DefType = 'defun' | 'defpact' | 'defcap';

/// A database read being charged, after the read. Row data and yields cost one per column.
export type ReadValue =
  | { readonly kind: 'ReadData' | 'ReadYield'; readonly columns: number }
  | { readonly kind: 'ReadKey' | 'ReadTxId' | 'ReadModule' | 'ReadInterface' | 'ReadNamespace' | 'ReadKeySet' };

/// A database write being charged, before the write, by the estimated size of what is written.
export type WriteValue =
  | { readonly kind: 'WriteData'; readonly writeType: WriteType; readonly key: string; readonly row: ReadonlyMap<string, PactValue> }
  /// `table` is the user table's storage name, `module_table` (`ns.module_table` in a namespace).
  | { readonly kind: 'WriteTable'; readonly table: string }
  /// `name` is the module name as declared (without the namespace it is installed in), `code`
  /// the source text of the whole definition form.
  | { readonly kind: 'WriteModule' | 'WriteInterface'; readonly name: string; readonly code: string }
  | { readonly kind: 'WriteNamespace'; readonly name: string; readonly user: Guard; readonly admin: Guard }
  | { readonly kind: 'WriteKeySet'; readonly name: string; readonly keyset: KeySet }
  | { readonly kind: 'WriteYield'; readonly data: ReadonlyMap<string, PactValue> };

/// A BN254 operation: point addition or scalar multiplication in group G1 or G2, or a pairing
/// check of `pairs` pairs.
export type ZKArg =
  | { readonly op: 'PointAdd' | 'ScalarMult'; readonly group: 'G1' | 'G2' }
  | { readonly op: 'Pairing'; readonly pairs: number };

/// One gas charge: Pact's `GasArgs`. Payloads carry only what the cost or the log line needs.
export type GasArgs =
  /// `select`: number of columns asked for, null without a column list.
  | { readonly kind: 'GSelect'; readonly columns: number | null }
  | { readonly kind: 'GDistinct'; readonly length: number }
  | { readonly kind: 'GSort'; readonly length: number }
  | { readonly kind: 'GSortFieldLookup'; readonly fields: number }
  /// Lengths (characters, elements or fields) of the two operands of `+`, or of a pre-4.8
  /// `format`'s template and interpolated text.
  | { readonly kind: 'GConcatenation'; readonly left: number; readonly right: number }
  | { readonly kind: 'GTextConcatenation'; readonly chars: number; readonly strings: number; readonly fixupDivByZero: boolean }
  /// A native's own cost, looked up by its name; the table ignores the arguments.
  | { readonly kind: 'GUnreduced' }
  | { readonly kind: 'GPostRead'; readonly read: ReadValue }
  | { readonly kind: 'GPreWrite'; readonly write: WriteValue; readonly version: SizeOfVersion }
  | { readonly kind: 'GModuleMember' }
  | { readonly kind: 'GModuleDecl' }
  | { readonly kind: 'GUse' }
  | { readonly kind: 'GInterfaceDecl' }
  | { readonly kind: 'GUserApp'; readonly defType: DefType }
  | { readonly kind: 'GMakeList'; readonly length: bigint }
  | { readonly kind: 'GFoldDB' }
  /// Estimated in-memory size of a module's definitions, in bytes.
  | { readonly kind: 'GModuleMemory'; readonly bytes: number }
  | { readonly kind: 'GPrincipal'; readonly amount: number }
  /// Integer operands; for decimal operands the mantissas, with their scales.
  | {
    readonly kind: 'GIntegerOpCost'; readonly left: bigint; readonly leftScale: number | null;
    readonly right: bigint; readonly rightScale: number | null; readonly threshold: IntOpThreshold;
  }
  | { readonly kind: 'GDecimalOpCost'; readonly left: Decimal; readonly right: Decimal }
  /// List creation: the length and, for `enumerate`, the largest absolute bound.
  | { readonly kind: 'GMakeList2'; readonly length: bigint; readonly size: bigint | null; readonly threshold: IntOpThreshold }
  | { readonly kind: 'GZKArgs'; readonly zk: ZKArg }
  | { readonly kind: 'GReverse'; readonly length: number }
  | { readonly kind: 'GFormatValues'; readonly template: string; readonly values: readonly PactValue[] }
  | { readonly kind: 'GPoseidonHashHackAChain'; readonly inputs: number }
  /// Length in UTF-8 bytes of the message body.
  | { readonly kind: 'GHyperlaneMessageId'; readonly bodyBytes: number }
  /// Characters of the encoded message (decode) or UTF-8 bytes of the recipient (encode).
  | { readonly kind: 'GHyperlaneEncodeDecodeTokenMessage'; readonly length: number }
  /// UTF-8 byte length of each (still encoded) chunk.
  | { readonly kind: 'GKeccak256'; readonly chunkBytes: readonly number[] };

// Payload-free charges, shared so the hot paths allocate nothing.
export const GUNREDUCED: GasArgs = { kind: 'GUnreduced' };
export const GFOLDDB: GasArgs = { kind: 'GFoldDB' };
export const GMODULEMEMBER: GasArgs = { kind: 'GModuleMember' };
export const GMODULEDECL: GasArgs = { kind: 'GModuleDecl' };
export const GINTERFACEDECL: GasArgs = { kind: 'GInterfaceDecl' };
export const GUSE: GasArgs = { kind: 'GUse' };
export const GUSERAPP_DEFUN: GasArgs = { kind: 'GUserApp', defType: 'defun' };
export const GUSERAPP_DEFPACT: GasArgs = { kind: 'GUserApp', defType: 'defpact' };
export const GUSERAPP_DEFCAP: GasArgs = { kind: 'GUserApp', defType: 'defcap' };
export const GREAD_KEYSET: GasArgs = { kind: 'GPostRead', read: { kind: 'ReadKeySet' } };
export const GREAD_NAMESPACE: GasArgs = { kind: 'GPostRead', read: { kind: 'ReadNamespace' } };
export const GREAD_KEY: GasArgs = { kind: 'GPostRead', read: { kind: 'ReadKey' } };
export const GREAD_TXID: GasArgs = { kind: 'GPostRead', read: { kind: 'ReadTxId' } };
export const GREAD_MODULE: GasArgs = { kind: 'GPostRead', read: { kind: 'ReadModule' } };
export const GREAD_INTERFACE: GasArgs = { kind: 'GPostRead', read: { kind: 'ReadInterface' } };

// ---------------------------------------------------------------------------------------------
// Units

const MILLIS_PER_GAS = 1000n;

/// Gas to milligas as Pact does it on `Int64` (the argument is first cut to 64 bits, as
/// `fromIntegral` does, and the product wraps). Used for `env-gaslimit`, `env-gas N` and every cost.
export function gasToMilli(gas: bigint): bigint {
  return BigInt.asIntN(64, BigInt.asIntN(64, gas) * MILLIS_PER_GAS);
}

/// Milligas to gas, truncating toward zero (`quot`): what `env-gas`, the log and errors show.
export function milliToGas(milli: bigint): bigint {
  return milli / MILLIS_PER_GAS;
}

/// The running total after a charge (64-bit wrapping sum).
export function addMilli(total: bigint, cost: bigint): bigint {
  return BigInt.asIntN(64, total + cost);
}

/// Message of the GasError raised when the total exceeds the limit (strictly greater).
export function gasLimitExceededMessage(limitMilli: bigint, usedMilli: bigint): string {
  return `Gas limit (${milliToGas(limitMilli)}) exceeded: ${milliToGas(usedMilli)}`;
}

/// A failure inside the cost function itself, which Pact raises as a Haskell exception rather
/// than a Pact error: an unknown native under the pre-4.2.1 table, or `GTextConcatenation` of an
/// empty list without the division fix (`DisablePact410`), whose message is `divide by zero`.
export class GasModelError extends Error {
  override name = 'GasModelError';
}

// ---------------------------------------------------------------------------------------------
// Models

/// A gas model: Pact's name and description (for `env-gasmodel`) and the cost of a charge in
/// milligas. `name` is the native's or definition's name (`""` for integer/decimal operation costs).
export interface GasModel {
  readonly name: string;
  readonly description: string;
  cost(name: string, args: GasArgs): bigint;
}

/// `(env-gasmodel "fixed" N)` / `(env-gasrate N)`: every charge costs N gas. N is taken as an
/// unsigned 64-bit number as Pact's `Word64` does (so -1 shows as 18446744073709551615).
///
/// @example
/// fixedGasModel(1n).description; // 'constant rate gas model with fixed rate 1'
export function fixedGasModel(rate: bigint): GasModel {
  const shown = BigInt.asUintN(64, rate);
  const milli = gasToMilli(BigInt.asIntN(64, rate));
  return {
    name: `fixed ${shown}`,
    description: `constant rate gas model with fixed rate ${shown}`,
    cost: () => milli,
  };
}

/// Per-native costs in gas of Pact's default table.
const NATIVE_GAS: ReadonlyArray<readonly [string, number]> = [
  ['!=', 2], ['&', 1], ['*', 3], ['+', 1], ['-', 1], ['/', 3], ['<', 2], ['<=', 2], ['=', 2], ['>', 2],
  ['>=', 2], ['^', 4], ['abs', 1], ['add-time', 3], ['and', 1], ['and?', 1], ['at', 2],
  ['base64-decode', 1], ['base64-encode', 1], ['bind', 4], ['ceiling', 1], ['chain-data', 1],
  ['compose', 1], ['compose-capability', 2], ['concat', 1], ['constantly', 1], ['contains', 2],
  ['create-module-guard', 1], ['create-pact-guard', 1], ['create-principal', 1], ['create-user-guard', 1],
  ['create-capability-guard', 1], ['create-capability-pact-guard', 1], ['days', 4], ['dec', 1],
  ['decrypt-cc20p1305', 33], ['diff-time', 8], ['drop', 3], ['emit-event', 1], ['enforce', 1],
  ['enforce-guard', 8], ['enforce-keyset', 8], ['enforce-one', 6], ['enforce-pact-version', 1],
  ['enforce-verifier', 10], ['enumerate', 1], ['exp', 5], ['filter', 3], ['floor', 1], ['fold', 3],
  ['format', 4], ['format-time', 4], ['hash', 5], ['hours', 4], ['identity', 2], ['if', 1],
  ['install-capability', 3], ['int-to-str', 1], ['is-charset', 1], ['is-principal', 1], ['keys-2', 1],
  ['keys-all', 1], ['keys-any', 1], ['keyset-ref-guard', 7], ['length', 1], ['ln', 6], ['log', 3],
  ['make-list', 1], ['map', 4], ['zip', 4], ['minutes', 4], ['mod', 1], ['namespace', 12], ['not', 1],
  ['not?', 1], ['or', 1], ['or?', 1], ['pact-id', 1], ['pact-version', 1], ['parse-time', 2], ['read', 10],
  ['read-decimal', 1], ['read-integer', 1], ['read-keyset', 1], ['read-msg', 10], ['read-string', 1],
  ['remove', 2], ['require-capability', 1], ['resume', 2], ['reverse', 2], ['round', 1], ['shift', 1],
  ['sort', 2], ['sqrt', 6], ['str-to-int', 1], ['str-to-list', 1], ['take', 3], ['time', 2], ['try', 1],
  ['tx-hash', 1], ['typeof', 2], ['typeof-principal', 1], ['distinct', 2], ['validate-keypair', 29],
  ['validate-principal', 1], ['verify-spv', 100], ['where', 2], ['with-capability', 2],
  ['with-default-read', 14], ['with-read', 13], ['xor', 1], ['yield', 2], ['|', 1], ['~', 1],
  ['continue', 1], ['create-table', 250], ['define-keyset', 25], ['define-namespace', 25], ['insert', 100],
  ['update', 100], ['write', 100], ['keys', 200], ['select', 200], ['fold-db', 200], ['describe-keyset', 100],
  ['describe-module', 100], ['describe-table', 100], ['list-modules', 100], ['describe-namespace', 100],
  ['keylog', 100000], ['txids', 100000], ['txlog', 100000], ['scalar-mult', 1], ['point-add', 1],
  ['pairing-check', 1], ['poseidon-hash-hack-a-chain', 124], ['hash-poseidon', 124],
  ['hyperlane-message-id', 2], ['hyperlane-decode-token-message', 2], ['hyperlane-encode-token-message', 2],
  ['hash-keccak256', 1],
];

/// Multi-row reads cost 40000 in the table Pact has used since 4.2.1.
const MULTI_ROW_GAS = 40000;
const UNKNOWN_NATIVE_MILLI = gasToMilli(1000000n);

function nativeTable(multiRow: number): ReadonlyMap<string, bigint> {
  const table = new Map<string, bigint>();
  for (const [name, gas] of NATIVE_GAS) table.set(name, gasToMilli(BigInt(gas)));
  for (const name of ['keys', 'select', 'fold-db']) table.set(name, gasToMilli(BigInt(multiRow)));
  return table;
}

const CURRENT_TABLE = nativeTable(MULTI_ROW_GAS);
const LEGACY_TABLE = nativeTable(200);

/// `(env-gasmodel "table")`. Pact installs the table of 4.2.1 (multi-row reads 40000, unknown
/// natives 1,000,000) unless `DisableInlineMemCheck` is set when the model is chosen; then it
/// installs the original table (multi-row reads 200), under which an unknown native is an error.
export function tableGasModel(disableInlineMemCheck = false): GasModel {
  const table = disableInlineMemCheck ? LEGACY_TABLE : CURRENT_TABLE;
  return {
    name: 'table',
    description: 'table-based cost model',
    cost(name: string, args: GasArgs): bigint {
      if (args.kind !== 'GUnreduced') return tableCost(args);
      const milli = table.get(name);
      if (milli !== undefined) return milli;
      if (disableInlineMemCheck) {
        throw new GasModelError(`Unknown primitive "${name}" in determining cost of GUnreduced`);
      }
      return UNKNOWN_NATIVE_MILLI;
    },
  };
}

const ONE_GAS = 1000n;

/// The table model's cost of everything but `GUnreduced` (which needs the native's name).
function tableCost(args: Exclude<GasArgs, { readonly kind: 'GUnreduced' }>): bigint {
  switch (args.kind) {
    case 'GModuleMember':
    case 'GModuleDecl':
    case 'GUse':
    case 'GInterfaceDecl':
    case 'GUserApp':
    case 'GFoldDB':
      return ONE_GAS;
    case 'GIntegerOpCost':
      return gasToMilli(intCost(args.threshold, args.left) + intCost(args.threshold, args.right));
    case 'GDecimalOpCost':
      return 0n;
    case 'GMakeList':
      return gasToMilli(expLengthPenalty(Math.fround(Number(args.length))));
    case 'GSort':
    case 'GDistinct':
      return gasToMilli(expLengthPenalty(Math.fround(args.length)));
    case 'GSelect':
      return args.columns === null || args.columns === 0 ? ONE_GAS : gasToMilli(BigInt(args.columns));
    case 'GSortFieldLookup':
      return gasToMilli(BigInt(args.fields));
    case 'GConcatenation':
      return gasToMilli(BigInt(args.left + args.right));
    case 'GTextConcatenation':
      return textConcatenationCost(args.chars, args.strings, args.fixupDivByZero);
    case 'GPostRead':
      return args.read.kind === 'ReadData' || args.read.kind === 'ReadYield' ? gasToMilli(BigInt(args.read.columns)) : ONE_GAS;
    case 'GPreWrite':
      return gasToMilli(writeCost(args.write, args.version));
    case 'GModuleMemory':
      return gasToMilli(moduleMemoryCost(args.bytes));
    case 'GPrincipal':
      return gasToMilli(BigInt(args.amount) * 5n);
    case 'GMakeList2': {
      const len = BigInt.asIntN(64, args.length);
      const perElement = args.size === null ? 0n : intCost(args.threshold, args.size);
      return gasToMilli(len + perElement * len);
    }
    case 'GZKArgs':
      return gasToMilli(zkCost(args.zk));
    case 'GReverse':
      return gasToMilli(BigInt(Math.trunc(args.length / 100)));
    case 'GFormatValues':
      return gasToMilli((BigInt(codePointLength(args.template)) + formatValuesEstimate(args.values)) / 10n);
    case 'GPoseidonHashHackAChain': {
      const n = BigInt(args.inputs);
      return gasToMilli(38n * n * n + 50n * n);
    }
    case 'GHyperlaneMessageId':
      return 47n * BigInt(Math.floor(args.bodyBytes / 100));
    case 'GHyperlaneEncodeDecodeTokenMessage':
      return 50n * BigInt(Math.floor(args.length / 100));
    case 'GKeccak256': {
      let total = 0n;
      for (const n of args.chunkBytes) total += 2120n + 146n * BigInt(Math.ceil(n / 100));
      return total;
    }
  }
}

// Pact 4.8+ `concat`: an offset, the average string length and the number of strings, in milligas.
function textConcatenationCost(chars: number, strings: number, fixupDivByZero: boolean): bigint {
  const denom = fixupDivByZero ? Math.max(strings, 1) : strings;
  if (denom === 0) throw new GasModelError('divide by zero');
  return 50000n + (BigInt(chars) * 20n) / BigInt(denom) + BigInt(strings) * 40n;
}

/// Cost of an integer operand: free below the threshold, else (bytes^2)/100 where bytes is its bit
/// length divided by 8.
function intCost(threshold: IntOpThreshold, a: bigint): bigint {
  const abs = a < 0n ? -a : a;
  if (abs < (threshold === 'Pact48IntThreshold' ? TEN_TO_80 : TEN_TO_30)) return 0n;
  const bytes = BigInt(abs.toString(2).length >>> 3);
  return (bytes * bytes) / 100n;
}

const TEN_TO_30 = 10n ** 30n;
const TEN_TO_80 = 10n ** 80n;

// Single-precision natural log with the bits of musl's `logf` (the table-driven routine from ARM's
// optimized-routines, MIT licence), which GHC calls for `log :: Float -> Float`. A correctly
// rounded log differs from it in the last bit now and then, and the tenth power below turns such a
// bit into a different gas figure for some list lengths. x = 2^k * z with z in [0x1.66p-1, 0x1.66p0)
// split into 16 intervals; each row holds 1/c and log(c) for a c near the interval's middle.
const LOGF_TAB = [
  1.398907162146528, -0.33569133332882284,
  1.3403141896637998, -0.2929040563774074,
  1.286432210124115, -0.2518726580937369,
  1.2367150214269895, -0.21245868807117255,
  1.1906977166711752, -0.17453945183745634,
  1.1479821020556429, -0.1380057072319758,
  1.1082251448272158, -0.10275976698545139,
  1.0711297413057381, -0.06871392447020525,
  1.036437278977283, -0.0357891387398228,
  1.0, 0.0,
  0.9492859795739057, 0.05204517742929496,
  0.8951049428609004, 0.11081431298787942,
  0.8476821620351103, 0.1652495223695143,
  0.8050314851692001, 0.21687389031699977,
  0.7664671008843108, 0.2659635028121397,
  0.731428603316328, 0.3127556664073557,
];
const LOGF_LN2 = 0.6931471805599453; // 0x1.62e42fefa39efp-1
// log1p(r) ~ r + A0 r^2 + A1 r^3 + A2 r^4
const LOGF_A0 = -0.4999997485802103; // -0x1.ffffef20a4123p-2
const LOGF_A1 = 0.333456765744066; // 0x1.5575b0be00b6ap-2
const LOGF_A2 = -0.25089342214237154; // -0x1.00ea348b88334p-2
const F32 = new Float32Array(1);
const F32_BITS = new Uint32Array(F32.buffer);

/// `logf` of a float; -Infinity at 0, NaN below 0 (the only special cases lengths reach).
function logf(x: number): number {
  F32[0] = x;
  let ix = F32_BITS[0]!;
  const xf = F32[0]!;
  if (ix === 0x3f800000) return 0;
  if (((ix - 0x00800000) >>> 0) >= 0x7f800000 - 0x00800000) {
    if (((ix << 1) >>> 0) === 0) return -Infinity;
    if (ix === 0x7f800000) return xf;
    if (ix & 0x80000000 || ((ix << 1) >>> 0) >= 0xff000000) return NaN;
    // Subnormal: scale into the normal range.
    F32[0] = xf * 2 ** 23;
    ix = (F32_BITS[0]! - (23 << 23)) >>> 0;
  }
  const tmp = (ix - 0x3f330000) >>> 0;
  const i = ((tmp >>> 19) & 15) << 1;
  const k = (tmp | 0) >> 23;
  F32_BITS[0] = (ix - (tmp & 0xff800000)) >>> 0;
  const z = F32[0]!;
  const r = z * LOGF_TAB[i]! - 1;
  const y0 = LOGF_TAB[i + 1]! + k * LOGF_LN2;
  const r2 = r * r;
  let y = LOGF_A1 * r + LOGF_A0;
  y = LOGF_A2 * r2 + y;
  y = y * r2 + (y0 + r);
  return Math.fround(y);
}

const LOG_100_F = logf(100);

/// `1 + floor ((logBase 100 x) ^ 10)` computed in single precision as Pact does (`Float`): each
/// step rounded to a float, the power by GHC's repeated squaring (x^10 = x^8 * x^2).
function expLengthPenalty(x: number): bigint {
  const lv = Math.fround(logf(x) / LOG_100_F);
  const x2 = Math.fround(lv * lv);
  const x4 = Math.fround(x2 * x2);
  const x8 = Math.fround(x4 * x4);
  return BigInt.asIntN(64, 1n + floatFloorToGas(Math.fround(x8 * x2)));
}

/// GHC's generic `floor :: Float -> Int64` (through `decodeFloat`): exact for finite values,
/// wrapping beyond 64 bits; infinity and NaN decode to a mantissa times 2^105, which wraps to 0.
function floatFloorToGas(x: number): bigint {
  if (!Number.isFinite(x)) return 0n;
  return BigInt.asIntN(64, BigInt(Math.floor(x)));
}

/// Writes cost 0.1 gas per estimated byte, rounded up per part (key and row, name and value).
function writeCost(w: WriteValue, version: SizeOfVersion): bigint {
  switch (w.kind) {
    case 'WriteData':
      return memoryCost(sizeOfText(w.key)) + memoryCost(sizeOfObjectMap(w.row, version));
    case 'WriteTable':
      return memoryCost(sizeOfText(w.table));
    case 'WriteModule':
    case 'WriteInterface':
      return memoryCost(sizeOfModuleName(w.name)) + memoryCost(sizeOfText(w.code));
    case 'WriteNamespace':
      return memoryCost(sizeOfNamespace(w.name, w.user, w.admin, version));
    case 'WriteKeySet':
      return memoryCost(sizeOfKeySetName(w.name)) + memoryCost(sizeOfKeySet(w.keyset));
    case 'WriteYield':
      return memoryCost(sizeOfObjectMap(w.data, version));
  }
}

/// ceiling (bytes / 10), exactly (Pact computes it on rationals).
function memoryCost(bytes: number): bigint {
  const b = BigInt(bytes);
  return b >= 0n ? (b + 9n) / 10n : b / 10n;
}

/// 60000 gas plus 0.006 per byte, rounded up.
function moduleMemoryCost(bytes: number): bigint {
  const scaled = BigInt(bytes) * 3n;
  const perByte = scaled >= 0n ? (scaled + 499n) / 500n : scaled / 500n;
  return perByte + 60000n;
}

function zkCost(zk: ZKArg): bigint {
  switch (zk.op) {
    case 'PointAdd': return zk.group === 'G1' ? 5n : 30n;
    case 'ScalarMult': return zk.group === 'G1' ? 360n : 1450n;
    case 'Pairing': return zk.pairs > 0 ? BigInt(zk.pairs) * 3760n + 11600n : 100n;
  }
}

// Pact's estimate of the text `format` produces: characters of strings and names, digits minus one
// of integers and of decimal mantissas (0 when not positive), 5 per bool, 100 per time, plus one
// per list element and per object field.
function formatValuesEstimate(values: readonly PactValue[]): bigint {
  let total = 0;
  for (const v of values) total += 1 + formatEstimate(v);
  return BigInt(total);
}

function formatEstimate(v: PactValue): number {
  return foldValue(v, (x: PactValue, parts: number[]): number => {
    let n = 0;
    for (const p of parts) n += p;
    return formatOwnEstimate(x) + n;
  });
}

/// A value's own part of the estimate; what it holds is added by `formatEstimate`.
function formatOwnEstimate(v: PactValue): number {
  switch (typeof v) {
    case 'string': return codePointLength(v);
    case 'bigint': return digitsMinusOne(v);
    case 'boolean': return 5;
  }
  if (v instanceof Decimal) return digitsMinusOne(v.mantissa);
  if (v instanceof PactTime) return 100;
  if (v instanceof PList) return v.items.length;
  if (v instanceof PObject) {
    let n = v.fields.size;
    for (const k of v.fields.keys()) n += codePointLength(k);
    return n;
  }
  if (v instanceof ModRef) return dottedLength(v.name);
  if (v instanceof KeySet) {
    let n = dottedLength(v.pred);
    for (const k of v.keys) n += 1 + codePointLength(k);
    return n;
  }
  if (v instanceof KeySetRef) return keySetNameLength(v.name);
  if (v instanceof PactGuard) return codePointLength(v.pactId) + codePointLength(v.name);
  if (v instanceof ModuleGuard) return dottedLength(v.module) + codePointLength(v.name);
  if (v instanceof UserGuard) return dottedLength(v.fun) + v.args.length;
  if (v instanceof CapabilityGuard) return dottedLength(v.name) + (v.pactId === null ? 0 : codePointLength(v.pactId)) + v.args.length;
  return 0;
}

/// `integerLogBase 10`, which is 0 for values below 1.
function digitsMinusOne(i: bigint): number {
  return i > 0n ? i.toString().length - 1 : 0;
}

/// Characters of a dotted name's parts (the dots are not counted).
function dottedLength(name: string): number {
  let dots = 0;
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) === 46) dots++;
  return codePointLength(name) - dots;
}

/// A keyset name is `ns.name` (parts counted) or any other text (counted whole).
function keySetNameLength(name: string): number {
  const dot = name.indexOf('.');
  return dot > 0 && dot < name.length - 1 && name.indexOf('.', dot + 1) < 0 ? codePointLength(name) - 1 : codePointLength(name);
}

// ---------------------------------------------------------------------------------------------
// The gas log

/// One `env-gaslog` line: `NAME:ARGS:currTotalGas=TOTAL: COST`, with the running total after the
/// charge and the charge itself, both given in milligas and shown in (truncated) gas. The log's
/// first line, `TOTAL: N`, sums the shown costs.
///
/// @example
/// gasLogEntry('', intOp, 5000n, 0n); // ':GIntegerOpCost:(1, ):(1, ):Pact48IntThreshold:currTotalGas=5: 0'
export function gasLogEntry(name: string, args: GasArgs, totalMilli: bigint, costMilli: bigint): string {
  return `${name}:${showGasArgs(args)}:currTotalGas=${milliToGas(totalMilli)}: ${milliToGas(costMilli)}`;
}

/// Pact's rendering of a charge in the gas log.
export function showGasArgs(args: GasArgs): string {
  switch (args.kind) {
    case 'GSelect':
    case 'GUnreduced':
    case 'GModuleMember':
    case 'GModuleDecl':
    case 'GUse':
    case 'GInterfaceDecl':
    case 'GUserApp':
    case 'GFoldDB':
      return args.kind;
    case 'GSortFieldLookup': return `GSortFieldLookup:${args.fields}`;
    case 'GConcatenation': return `GConcatenation:${args.left}:${args.right}`;
    case 'GTextConcatenation':
      return `GTextConcatenation:${args.chars}:${args.strings}:${args.fixupDivByZero ? 'True' : 'False'}`;
    case 'GPostRead': return `GPostRead:${args.read.kind}`;
    case 'GPreWrite': {
      const w = args.write;
      return `GWrite:${w.kind === 'WriteData' ? `WriteData:${w.writeType}` : w.kind}:${args.version}`;
    }
    case 'GMakeList': return `GMakeList:${args.length}`;
    case 'GSort': return `GSort:${args.length}`;
    case 'GDistinct': return `GDistinct:${args.length}`;
    case 'GModuleMemory': return `GModuleMemory: ${args.bytes}`;
    case 'GPrincipal': return `GPrincipal: ${args.amount}`;
    case 'GIntegerOpCost':
      return `GIntegerOpCost:${tuple(args.left, args.leftScale)}:${tuple(args.right, args.rightScale)}:${args.threshold}`;
    case 'GDecimalOpCost': return `GDecimalOpCost:${showDecimal(args.left)}:${showDecimal(args.right)}`;
    case 'GMakeList2': return `GMakeList2:${args.length}:${args.size ?? ''}:${args.threshold}`;
    case 'GZKArgs': {
      const zk = args.zk;
      return `GZKArgs:${zk.op}(${zk.op === 'Pairing' ? zk.pairs : zk.group})`;
    }
    case 'GReverse': return `GReverse:${args.length}`;
    case 'GFormatValues':
      return `GFormatValues:${args.template}${renderCompact(prettyList(args.values.map(pactValueDoc)))}`;
    case 'GPoseidonHashHackAChain': return `GPoseidonHashHackAChain:${args.inputs}`;
    case 'GHyperlaneMessageId': return `GHyperlaneMessageId:${args.bodyBytes}`;
    case 'GHyperlaneEncodeDecodeTokenMessage': return `GHyperlaneEncodeDecodeTokenMessage:${args.length}`;
    case 'GKeccak256': return `GKeccak256:[${args.chunkBytes.join(', ')}]`;
  }
}

/// A Haskell pair `(a, Maybe b)`: `(1, )` for Nothing.
function tuple(a: bigint, b: number | null): string {
  return `(${a}, ${b ?? ''})`;
}
