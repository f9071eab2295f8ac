/// General natives: control (`if`, `and`, `or`, `enforce`, `enforce-one`, `try`), `bind`,
/// `typeof`, strings and encodings, hashing, message data, version checks.
import type { Info } from '../syntax/exp.ts';
import { Decimal } from '../values/decimal.ts';
import { base64UrlDecode, base64UrlDecodeSkipping, base64UrlDecodeVerbose, base64UrlEncode } from '../values/base64.ts';
import { hashValue } from '../values/pact-json.ts';
import { JsonNumber, JsonObject } from '../values/json.ts';
import { AesonError, asText, showAesonValue } from '../values/aeson.ts';
import { showChar, showString } from '../values/haskell-show.ts';
import { decimalOfNumber, parsePactValue, roundNumber } from '../values/pact-value.ts';
import { pactValueDoc, showJson } from '../values/render.ts';
import { renderCompact } from '../values/doc.ts';
import type { Json } from '../values/json.ts';
import { tyDecimal, tyInteger, tyString, tyTime } from '../values/type.ts';
import { codePointLength } from '../values/text.ts';
import type { Type } from '../values/type.ts';
import { PactTime, PList, PObject } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import type { Ctx } from '../lang/context.ts';
import { HaskellException, PactError, evalError, forkedError, txFailure } from '../lang/errors.ts';
import { badArgs, conditional, pactValue } from '../lang/eval.ts';
import { SchemaRef, evalNode } from '../lang/runtime.ts';
import { checkNonLocalAllowed } from '../lang/tables.ts';
import type { Binding, Env, ModuleData, Node, Val } from '../lang/runtime.ts';
import { showValCompact } from '../lang/show.ts';
import { checkType, resultOk, typeName } from '../lang/typecheck.ts';
import { NATIVE_DOCS } from './docs.ts';
import { natives } from './registry.ts';
import { PACT_VERSION } from '../lang/version.ts';
import type { Native } from './registry.ts';
import { unreducedArgs } from './lists.ts';


/// Evaluates `node` with no database access (Pact's `runSysOnly`, as `enforce` runs its test):
/// `withPurity` without a closure.
function evalSysOnly(ctx: Ctx, node: Node, env: Env): Val {
  const saved = enterPurity(ctx, 'sysonly', null);
  try {
    return node.ev(ctx, env);
  } finally {
    ctx.purity = saved;
  }
}

/// Runs `f` with database access restricted; Pact's `runReadOnly` / `runSysOnly`.
export function withPurity<T>(ctx: Ctx, purity: Ctx['purity'], f: () => T, info: Info | null = null): T {
  const saved = enterPurity(ctx, purity, info);
  try {
    return f();
  } finally {
    ctx.purity = saved;
  }
}

/// Restricts database access for a section and returns the purity to restore after it. A
/// read-only section inside a system-only one stays system-only, or (`OldReadOnlyBehavior`) fails.
function enterPurity(ctx: Ctx, purity: Ctx['purity'], info: Info | null): Ctx['purity'] {
  const saved = ctx.purity;
  if (saved === 'sysonly' && purity === 'readonly' && ctx.flag('OldReadOnlyBehavior')) {
    throw evalError(info, 'internal error: attempting db read in sys-only context');
  }
  if (saved === 'impure' || purity === 'sysonly') ctx.purity = purity;
  return saved;
}

/// Runs `f`, turning a transaction failure into `onFailure()`; restores the call stack depth.
/// Before Pact 4.4 any error was caught, and the gas it had used was refunded.
function catchTxFailure<T>(ctx: Ctx, f: () => T, onFailure: () => T): T {
  const saved = ctx.snapshot();
  const legacy = ctx.flag('DisablePact44');
  const gasUsed = ctx.gas.used;
  try {
    return f();
  } catch (e) {
    // Before Pact 4.4 every exception was caught, the host's own among them.
    const caught = legacy ? e instanceof PactError || e instanceof HaskellException : e instanceof PactError && e.type === 'TxFailure';
    if (!caught) throw e;
    ctx.restore(saved);
    if (legacy) ctx.gas.used = gasUsed;
    return onFailure();
  }
}

/// Binds object fields to the slots of a binding form and runs its body (`bind`, `with-read`, ...).
export function runBinding(ctx: Ctx, b: Binding, env: Env, fields: ReadonlyMap<string, PactValue>, info: Node['info']): Val {
  for (let i = 0; i < b.columns.length; i++) {
    const key = b.columns[i]!.ev(ctx, env);
    if (typeof key !== 'string') throw evalError(info, `Invalid column identifier in binding: ${showValCompact(key)}`);
    const v = fields.get(key);
    if (v === undefined) throw evalError(info, `Bad column in binding: ${key}`);
    if (!resultOk(b.types[i]!, v)) checkType(info, b.types[i]!, v);
    env.slots[b.slots[i]!] = v;
  }
  return b.body.ev(ctx, env);
}

function logic(name: 'and' | 'or') {
  const shortCircuit = name === 'or';
  return (ctx: Ctx, args: readonly Node[], env: Env, app: Node, self: Native): Val => {
    if (args.length !== 2) throw unreducedArgs(self, args, env, app);
    const a = args[0]!.ev(ctx, env);
    if (typeof a !== 'boolean') throw unreducedArgs(self, args, env, app);
    if (a === shortCircuit) return a;
    const b = args[1]!.ev(ctx, env);
    if (typeof b !== 'boolean') throw unreducedArgs(self, args, env, app);
    return b;
  };
}

const CHAIN_DATA_SCHEMA = new SchemaRef('', 'public-chain-data', {
  t: 'user',
  schema: {
    name: 'public-chain-data',
    fields: [['chain-id', tyString], ['block-height', tyInteger], ['block-time', tyTime], ['prev-block-hash', tyString],
      ['sender', tyString], ['gas-limit', tyInteger], ['gas-price', tyDecimal]].map(([name, type]) => ({ name: name as string, type: type as Type })),
  },
}, { docs: NATIVE_DOCS['public-chain-data']!.docs, model: [] });

/// Reads a top-level key of the message data.
export function msgKey(ctx: Ctx, key: string, info: Node['info']): Json {
  const body = ctx.env.msgBody;
  const entry = body instanceof JsonObject ? body.entries.find(([k]) => k === key) : undefined;
  if (entry === undefined) {
    const err = `No such key in message: ${key}`;
    throw ctx.flag('DisablePact47') ? evalError(info, err) : txFailure(info, err);
  }
  return entry[1];
}

/// Message JSON read as a Pact value (Pact's `FromJSON PactValue`), or Pact's parse failure.
function msgValue<T>(what: string, j: Json, info: Node['info'], read: (j: Json) => T): T {
  try {
    return read(j);
  } catch (e) {
    if (!(e instanceof AesonError)) throw e;
    throw evalError(info, `${what}: parse failed: ${e.reason}: ${showJson(j)}`);
  }
}

function stringArg(args: Val[], self: Native, app: Node): string {
  const [s] = args;
  if (args.length !== 1 || typeof s !== 'string') throw badArgs(self, args, app.info);
  return s;
}

const INT_DIGITS = '0123456789abcdef';

/// A hexadecimal digit's value, either case (Haskell's `digitToInt`), or -1.
function hexDigit(ch: string): number {
  return ch.length === 1 ? INT_DIGITS.indexOf(ch.toLowerCase()) : -1;
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function strToInt(base: bigint, s: string, info: Node['info']): bigint {
  if (s.length > 512) throw evalError(info, 'Invalid input, only up to 512 length supported');
  if (base === 64n) {
    const bytes = base64UrlDecode(s);
    if (bytes === undefined) throw evalError(info, `Could not base64-decode string`);
    let n = 0n;
    for (const b of bytes) n = (n << 8n) | BigInt(b);
    return n;
  }
  if (base < 2n || base > 16n) throw evalError(info, 'Base value must be >= 2 and <= 16, or 64');
  if (s.length === 0) throw evalError(info, 'empty text: ');
  let n = 0n;
  for (const ch of s) {
    const d = hexDigit(ch);
    // Pact reads each character with `Char.digitToInt`, which fails on a non-hexadecimal one.
    if (d < 0) throw new HaskellException(`Char.digitToInt: not a digit ${showChar(ch)}`);
    if (BigInt(d) >= base) throw evalError(info, `character '${ch}' is out of range for base ${base}: ${s}`);
    n = n * base + BigInt(d);
  }
  return n;
}

function intToStr(base: bigint, v: bigint, info: Node['info']): string {
  if (base >= 2n && base <= 16n) {
    if (v < 0n) throw evalError(info, `Invalid arguments: negative value ${v}`);
    // Small values convert much faster as doubles, exactly.
    return v <= MAX_SAFE ? Number(v).toString(Number(base)) : v.toString(Number(base));
  }
  if (base === 64n) {
    if (v < 0n) throw evalError(info, 'Only positive values allowed for base64URL conversion.');
    const bytes: number[] = [];
    let n = v;
    do {
      bytes.unshift(Number(n & 0xffn));
      n >>= 8n;
    } while (n > 0n);
    return base64UrlEncode(Uint8Array.from(bytes));
  }
  throw evalError(info, 'Invalid base, must be 2-16 or 64');
}

/// `pact-version`: the language level, a local-only answer since Pact 4.3.1; before that
/// (`DisablePact431`) Pact reported a fixed 4.2.1.
function languageVersion(ctx: Ctx, app: Node): string {
  if (ctx.flag('DisablePact431')) return '4.2.1';
  checkNonLocalAllowed(ctx, app.info);
  return PACT_VERSION;
}

/// Pact compares versions part by part from the left, only over the parts both have, and
/// stops at the first part that passes strictly ('4.0' allows 4.13.2 as a minimum).
function checkVersion(version: string, bound: string, which: 'minimum' | 'maximum', app: Node): void {
  const vs = version.split('.');
  const bs = bound.split('.');
  for (let i = 0; i < Math.min(vs.length, bs.length); i++) {
    const pv = versionComponent(version, vs[i]!, app);
    const bv = versionComponent(bound, bs[i]!, app);
    if (which === 'minimum' ? bv > pv : bv < pv) {
      throw evalError(app.info, `Invalid pact version ${version}, ${which} allowed: ${bound}`);
    }
    if (which === 'minimum' ? bv < pv : bv > pv) return;
  }
}

/// The leading decimal digits of a version part.
function versionComponent(version: string, part: string, app: Node): bigint {
  const digits = /^[0-9]+/.exec(part);
  if (digits === null) throw evalError(app.info, `Invalid version component: (${version}, ${part})`);
  return BigInt(digits[0]);
}

export const generalNatives: Native[] = natives({
  if: {
    special: (ctx, args, env, app, self) => {
      if (args.length !== 3) throw unreducedArgs(self, args, env, app);
      return evalNode(conditional(evalNode(args[0]!, ctx, env), app) ? args[1]! : args[2]!, ctx, env);
    },
  },
  and: { special: logic('and') },
  or: { special: logic('or') },
  enforce: {
    special: (ctx, args, env, app, self) => {
      if (args.length !== 2) throw unreducedArgs(self, args, env, app);
      const c = evalSysOnly(ctx, args[0]!, env);
      // Before Pact 4.5 the message was evaluated (and charged) even when the test passed.
      const eager = ctx.flag('DisablePact45') ? args[1]!.ev(ctx, env) : null;
      if (c === true) return true;
      const msg = eager ?? args[1]!.ev(ctx, env);
      if (typeof c !== 'boolean') throw badArgs(self, [c, msg], app.info);
      if (typeof msg !== 'string') {
        throw forkedError('EvalError', app.info, `Invalid message argument, expected string ${showValCompact(msg)}`,
          `Invalid message argument, expected string, received argument of type: ${typeName(msg)}`);
      }
      throw txFailure(app.info, msg);
    },
  },
  'enforce-one': {
    special: (ctx, args, env, app, self) => {
      const tests = args[1];
      if (args.length !== 2 || tests?.kind !== 'list') throw unreducedArgs(self, args, env, app);
      const msg = args[0]!.ev(ctx, env);
      if (typeof msg !== 'string') throw unreducedArgs(self, args, env, app);
      const items = tests.items ?? [];
      for (const t of items) {
        const ok = withPurity(ctx, 'readonly', () => catchTxFailure(ctx, () => {
          const r = t.ev(ctx, env);
          if (typeof r !== 'boolean') throw evalError(app.info, 'Failure: expected boolean result in enforce-one');
          return r;
        }, () => false), app.info);
        if (ok) return true;
      }
      throw txFailure(app.info, msg);
    },
  },
  try: {
    special: (ctx, args, env, app, self) => {
      if (args.length !== 2) throw unreducedArgs(self, args, env, app);
      const attempt = () => withPurity(ctx, 'readonly', () => args[1]!.ev(ctx, env), app.info);
      if (!ctx.flag('DisablePact44')) return catchTxFailure(ctx, attempt, () => args[0]!.ev(ctx, env));
      // Before 4.4 the default was evaluated first.
      const fallback = args[0]!.ev(ctx, env);
      return catchTxFailure(ctx, attempt, () => fallback);
    },
  },
  bind: {
    special: (ctx, args, env, app, self) => {
      const b = args[1]?.binding;
      if (args.length !== 2 || b === undefined) throw unreducedArgs(self, args, env, app);
      const src = args[0]!.ev(ctx, env);
      if (!(src instanceof PObject)) {
        throw forkedError('EvalError', args[0]!.info, `bind: expected object: ${showValCompact(src)}`,
          `bind: expected object, received value of type: ${typeName(src)}`);
      }
      return runBinding(ctx, b, env, src.fields, app.info);
    },
  },
  typeof: {
    fn: (_ctx, args, app, self) => {
      if (args.length !== 1) throw badArgs(self, args, app.info);
      return typeName(args[0]!);
    },
  },
  format: {
    fn: (ctx, args, app, self) => {
      const [t, vars] = args;
      if (args.length !== 2 || typeof t !== 'string' || !(vars instanceof PList)) throw badArgs(self, args, app.info);
      const parts = t.split('{}');
      if (parts.length === 1) return t;
      if (parts.length - vars.items.length > 1) throw evalError(app.info, 'format: not enough arguments for template');
      const values = vars.items.map((v) => pactValue(v, app.info));
      // Since Pact 4.8 values show as Pact values (objects by key, lists with commas), before
      // as terms.
      const show = ctx.flag('DisablePact48') ? showValCompact : (v: PactValue) => renderCompact(pactValueDoc(v));
      const shown = values.map((v) => (typeof v === 'string' ? v : show(v)));
      if (ctx.gas.active) chargeFormat(ctx, self, t, values, shown, app);
      let out = parts[0]!;
      for (let i = 1; i < parts.length; i++) out += shown[i - 1]! + parts[i]!;
      return out;
    },
  },
  'str-to-int': {
    fn: (_ctx, args, app, self) => {
      if (args.length === 1 && typeof args[0] === 'string') return strToInt(10n, args[0], app.info);
      if (args.length === 2 && typeof args[0] === 'bigint' && typeof args[1] === 'string') return strToInt(args[0], args[1], app.info);
      throw badArgs(self, args, app.info);
    },
  },
  'int-to-str': {
    binary: (_ctx, b, v, app, self) => {
      if (typeof b === 'bigint' && typeof v === 'bigint') return intToStr(b, v, app.info);
      throw badArgs(self, [b, v], app.info);
    },
  },
  'base64-encode': {
    fn: (_ctx, args, app, self) => base64UrlEncode(new TextEncoder().encode(stringArg(args, self, app))),
  },
  'base64-decode': {
    fn: (ctx, args, app, self) => {
      const s = stringArg(args, self, app);
      const decoded = base64UrlDecodeVerbose(s);
      if (typeof decoded === 'string') {
        if (!ctx.flag('DisablePact49')) throw evalError(app.info, 'Could not base64-decode string');
        return legacyBase64Decode(s, decoded, app.info);
      }
      const text = decodeUtf8(decoded);
      if (text === undefined) {
        throw evalError(app.info, ctx.flag('DisablePact49')
          ? 'Could not decode string: Base64URL decode failed: invalid unicode' : 'Could not base64-decode string');
      }
      return text;
    },
  },
  'is-charset': {
    fn: (_ctx, args, app, self) => {
      const [cs, s] = args;
      if (args.length !== 2 || typeof cs !== 'bigint' || typeof s !== 'string') throw badArgs(self, args, app.info);
      const limit = cs === 0n ? 0x80 : cs === 1n ? 0x100 : -1;
      if (limit < 0) throw evalError(app.info, `Unsupported character set: ${cs}`);
      for (const ch of s) if (ch.codePointAt(0)! >= limit) return false;
      return true;
    },
  },
  hash: {
    fn: (ctx, args, app, self) => {
      if (args.length !== 1) throw badArgs(self, args, app.info);
      return hashValue(pactValue(args[0]!, app.info), ctx.flag('DisablePact49'));
    },
  },
  'tx-hash': {
    fn: (ctx, args, app, self) => {
      if (args.length !== 0) throw badArgs(self, args, app.info);
      return ctx.env.txHash;
    },
  },
  'pact-version': { fn: (ctx, _args, app) => languageVersion(ctx, app) },
  'enforce-pact-version': {
    fn: (ctx, args, app, self) => {
      const [min, max] = args;
      if (typeof min !== 'string' || (args.length === 2 && typeof max !== 'string') || args.length > 2) {
        throw badArgs(self, args, app.info);
      }
      const version = languageVersion(ctx, app);
      checkVersion(version, min, 'minimum', app);
      if (typeof max === 'string') checkVersion(version, max, 'maximum', app);
      return true;
    },
  },
  'read-msg': {
    fn: (ctx, args, app, self) => {
      const j = args.length === 0 ? ctx.env.msgBody : msgKey(ctx, stringArg(args, self, app), app.info);
      return msgValue('read-msg', j, app.info, (x) => parsePactValue(x, []));
    },
  },
  'read-string': {
    fn: (ctx, args, app, self) => {
      const key = stringArg(args, self, app);
      return msgValue('read-string', msgKey(ctx, key, app.info), app.info, (x) => asText(x, []));
    },
  },
  'read-decimal': {
    fn: (ctx, args, app, self) => {
      return msgValue('read-decimal', msgKey(ctx, stringArg(args, self, app), app.info), app.info, (x) => {
        if (x instanceof JsonNumber) return decimalOfNumber(x);
        if (typeof x !== 'string') throw new AesonError([], `Failure parsing decimal: ${showAesonValue(x)}`);
        const text = x.trim();
        const d = Decimal.parse(text) ?? (/^-?\d+$/.test(text) ? Decimal.fromInteger(BigInt(text)) : undefined);
        if (d === undefined) throw new AesonError([], `Failure parsing decimal string: ${showString(x)}`);
        return d;
      });
    },
  },
  'read-integer': {
    fn: (ctx, args, app, self) => {
      return msgValue('read-integer', msgKey(ctx, stringArg(args, self, app), app.info), app.info, (x) => {
        if (x instanceof JsonNumber) return roundNumber(x);
        if (typeof x === 'string') {
          const text = x.trim();
          if (/^-?\d+$/.test(text)) return BigInt(text);
          throw new AesonError([], `Failure parsing integer string: ${showString(x)}`);
        }
        if (!(x instanceof JsonObject)) throw new AesonError([], `Failure parsing integer: ${showAesonValue(x)}`);
        const v = parsePactValue(x, []);
        if (typeof v !== 'bigint') throw new AesonError([], 'Failure parsing integer PactValue object');
        return v;
      });
    },
  },
  'chain-data': {
    fn: (ctx, args, app, self) => {
      if (args.length !== 0) throw badArgs(self, args, app.info);
      const cd = ctx.env.chainData;
      return new PObject(new Map<string, PactValue>([
        ['chain-id', cd.chainId], ['block-height', cd.blockHeight], ['block-time', new PactTime(cd.blockTime)],
        ['prev-block-hash', cd.prevBlockHash], ['sender', cd.sender], ['gas-limit', cd.gasLimit],
        ['gas-price', cd.gasPrice ?? Decimal.fromInteger(0n)],
      ]), false);
    },
  },
  'describe-module': {
    fn: (ctx, args, app, self) => {
      const [name] = args;
      if (args.length !== 1 || typeof name !== 'string') throw badArgs(self, args, app.info);
      if (!ctx.flag('DisablePact431') && ctx.flag('DisableHistoryInTransactionalMode')) {
        throw evalError(app.info, 'Operation only permitted in local execution mode');
      }
      const m = ctx.lookupModule(name);
      if (m === undefined) throw evalError(app.info, `Module not found: ${name}`);
      const fields = new Map<string, PactValue>([['code', m.code], ['name', m.name]]);
      if (!m.isInterface) {
        fields.set('blessed', new PList([...m.blessed], tyString));
        fields.set('hash', m.hash);
        fields.set('interfaces', new PList([...m.interfaces], tyString));
        fields.set('keyset', governanceText(m));
      }
      return new PObject(fields, false);
    },
  },
  'list-modules': {
    fn: (ctx, args, app, self) => {
      if (args.length !== 0) throw badArgs(self, args, app.info);
      if (!ctx.flag('DisablePact411') && ctx.flag('DisableHistoryInTransactionalMode')) {
        throw evalError(app.info, 'Operation only permitted in local execution mode');
      }
      return new PList(ctx.db.keys('SYS_modules'), tyString);
    },
  },
  'public-chain-data': { constant: CHAIN_DATA_SCHEMA },
  CHARSET_ASCII: { constant: 0n },
  CHARSET_LATIN1: { constant: 1n },
});

/// Before Pact 4.9 `base64-decode` reported base64-bytestring 0.1's errors, and accepted
/// non-canonical encodings by decoding them leniently.
function legacyBase64Decode(s: string, error: string, info: Node['info']): string {
  const fail = (m: string): never => { throw evalError(info, `Could not decode string: Base64URL decode failed: ${m}`); };
  if (error.startsWith('non-canonical')) return decodeUtf8(base64UrlDecodeSkipping(s)) ?? fail('invalid unicode');
  const offset = Number(/\d+$/.exec(error)![0]);
  const at = offset - (offset % 4) + (s.endsWith('===') ? -1 : 0);
  return fail(error.startsWith('invalid padding') ? `invalid padding near offset ${at}` : `invalid base64 encoding near offset ${at}`);
}

/// `describe-module`'s `keyset` field: Haskell's `show` of the governance.
function governanceText(m: ModuleData): string {
  const g = m.governance;
  if (g === null) return '';
  if ('keyset' in g) return `Governance {_gGovernance = Left (KeySetName {_ksnName = ${JSON.stringify(g.keyset)}, _ksnNamespace = Nothing})}`;
  return `Governance {_gGovernance = Right ${JSON.stringify(g.cap.qualifiedName)}}`;
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/// `format` is charged by its template and values (before Pact 4.8, by the interpolated text's
/// length, and not at all before 4.4).
function chargeFormat(ctx: Ctx, self: Native, template: string, values: PactValue[], shown: string[], app: Node): void {
  if (!ctx.flag('DisablePact48')) {
    ctx.gas.charge(self.name, { kind: 'GFormatValues', template, values }, app.info);
  } else if (!ctx.flag('DisablePact44')) {
    const right = shown.reduce((n, x) => n + codePointLength(x), 0);
    ctx.gas.charge(self.name, { kind: 'GConcatenation', left: codePointLength(template), right }, app.info);
  }
}
