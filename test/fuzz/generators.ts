/// fast-check arbitraries for the fuzz suite: grammar-aware Pact programs, token soup, and
/// mutations of corpus texts (see corpus.ts). Every arbitrary keeps its inputs small (a few KB)
/// so a case stays cheap, and shrinks towards shorter, simpler inputs.
import fc from 'fast-check';
import type { CorpusFile } from './corpus.ts';

// ---------------------------------------------------------------------------------------------
// Pieces of Pact text

/// Names bound by the generated `let`s, lambdas and defuns, so references often resolve.
const VARS = ['x', 'y', 'acc', 'k', 'obj', 'xs'];
/// Definitions the generated modules make, so calls often resolve.
const DEFS = ['m.f', 'm.g', 'm.C', 'm.c', 'm.t', 'm.s', 'm.p', 'm.GOV', 'f', 'g', 'C', 't', 's', 'p', 'c', 'm', 'i'];

const TYPES = [
  'integer', 'decimal', 'string', 'bool', 'time', 'keyset', 'guard', 'list', 'object', 'value',
  '[integer]', '[string]', '[object:{s}]', 'object{s}', 'table{s}', 'module{i}', '{s}', 'unit',
];

const EDGE_INTEGERS = [
  '0', '-0', '1', '-1', '2', '7', '10', '63', '64', '255', '256', '1000', '-1000', '9223372036854775807',
  '9223372036854775808', '-9223372036854775808', '18446744073709551616', '340282366920938463463374607431768211456',
  '1' + '0'.repeat(60), '-' + '9'.repeat(80), '100000000', '1000000000000',
];
const EDGE_DECIMALS = [
  '0.0', '-0.0', '1.0', '-1.5', '0.1', '0.5', '1.5', '2.5', '3.14159265358979', '1e3', '1.0e-8', '1.' + '0'.repeat(254) + '1',
  '1.' + '0'.repeat(300), '0.' + '3'.repeat(40), '123456789012345678901234567890.123456789', '-99999999999999999999.99',
];
const STRING_PARTS = [
  'a', 'abc', 'Hello', ' ', '', '{}', '{} {}', '%', '%Y-%m-%d', '%H:%M:%S.%v', '%z', '2016-07-22T12:00:00Z',
  '2016-07-22 11:26:35 UTC', 'k:7d0c9ba189927df85c8c54f8b5c8acd76c1d27e923abbf25a957afdf25550804', 'w:abc:keys-all',
  'r:ks', 'u:m.f:abc', 'm:m:g', 'c:abc', 'p:abc:n', 'keys-all', 'keys-any', 'ks', 'admin', 'm', 'm.f', 'coin', 'aGVsbG8',
  'aGVsbG8=', '_-', 'YQ', '\\"', '\\\\', '\\n', '\\t', '\\r', '\\0', '\\65', '\\x41', '\\o101', '\\&', '\\SOH', '\\^A',
  '\\\n  \\', 'é', 'λ', '日本', '😀', '\u2028', '\u200b', '\ufeff', '\udc00', 'ascii', 'latin1',
  'DisablePact44', 'DisableInlineMemCheck', 'AllowReadInLocal', 'EnforceKeyFormats', 'OldReadOnlyBehavior',
];
const KEYS = ['"a"', '"b"', '"k"', '"balance"', '"guard"', '"keys"', '"pred"', '"amount"', '"chainId"', '"ks"', "'a", "'b", 'a', '1', '""'];
const SYMBOLS = ["'ks", "'admin", "'a", "'b", "'m", "'k", "'keys-all", "'keys-any", "'_", "'a.b", "'A-b_c?"];

export const pactInteger: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: -20n, max: 300n }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_INTEGERS) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 50n), max: 10n ** 50n }).map(String) },
);

export const pactDecimal: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 100000n }), fc.stringMatching(/^[0-9]{1,12}$/))
    .map(([neg, i, f]) => `${neg ? '-' : ''}${i}.${f}`) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_DECIMALS) },
);

/// Mostly valid string literals; now and then raw characters (a quote or backslash among them).
export const pactString: fc.Arbitrary<string> = fc.array(
  fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...STRING_PARTS) },
    { weight: 3, arbitrary: fc.string({ maxLength: 6 }).map((t) => t.replace(/["\\\u0000-\u001f]/g, '')) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  ),
  { maxLength: 4 },
).map((parts) => `"${parts.join('')}"`);

const symbol = fc.constantFrom(...SYMBOLS);
const variable = fc.constantFrom(...VARS);
const typeAnn = fc.option(fc.constantFrom(...TYPES).map((t) => `:${t}`), { nil: '' });

/// Names of natives an expression may call: every native, REPL-only ones included, but not
/// `load` (the harness restricts it; generated paths would only ever fail).
export function callableNames(natives: readonly string[]): string[] {
  return natives.filter((n) => n !== 'load');
}

// ---------------------------------------------------------------------------------------------
// Grammar-aware programs

/// A module that the generated calls (m.f, m.t, ...) can use, one form a line.
const PRELUDE = [
  '(env-data {"ks": ["k1"], "k": 1, "d": 1.5, "s": "x", "o": {"a": [1, 2.0, "x"]}})',
  '(env-keys ["k1"])',
  '(begin-tx)',
  '(interface i (defun f:integer (x:integer)) (defconst ci 1))',
  '(module m GOV (defcap GOV () true) (implements i) (defschema s a:integer b:string) (deftable t:{s}) ' +
    '(defun f:integer (x:integer) x) (defun g (x y) [x y]) (defcap C (x:integer) @managed x mgr true) ' +
    '(defun mgr (a b) a) (defcap E (x) @event true) (defconst c 1) (defpact p () (step (yield {"a": 1})) (step (resume {"a" := a} a))))',
  '(create-table t)',
  '(commit-tx)',
];

/// Random Pact programs of a few top-level forms: expressions over the real natives (random
/// arity), let/lambda/if/cond and friends, literals of every kind, and now and then a module
/// (defun, defcap, defconst, defschema, deftable, defpact) with calls into it.
export function pactProgram(natives: readonly string[]): fc.Arbitrary<string> {
  const names = callableNames(natives);
  const callee = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...DEFS) },
  );
  const { expr } = fc.letrec<{ expr: string; app: string; list: string; obj: string; special: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', maxDepth: 5, withCrossShrink: true },
      { weight: 3, arbitrary: fc.oneof(pactInteger, pactDecimal, pactString, symbol, variable, fc.constantFrom('true', 'false'), fc.constantFrom(...DEFS)) },
      // A native (or a definition) as a value: passed on, put in a list, shown.
      { weight: 1, arbitrary: callee },
      { weight: 4, arbitrary: tie('app') },
      { weight: 1, arbitrary: tie('list') },
      { weight: 1, arbitrary: tie('obj') },
      { weight: 2, arbitrary: tie('special') },
    ),
    app: fc.tuple(callee, fc.array(tie('expr'), { maxLength: 4 })).map(([f, args]) => `(${[f, ...args].join(' ')})`),
    list: fc.tuple(fc.array(tie('expr'), { maxLength: 4 }), fc.boolean()).map(([xs, comma]) => `[${xs.join(comma ? ', ' : ' ')}]`),
    obj: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('expr')), { maxLength: 3 })
      .map((kv) => `{${kv.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
    special: fc.oneof(
      fc.tuple(fc.constantFrom('let', 'let*'), fc.array(fc.tuple(variable, typeAnn, tie('expr')), { minLength: 1, maxLength: 3 }), tie('expr'))
        .map(([kw, bs, body]) => `(${kw} (${bs.map(([v, t, e]) => `(${v}${t} ${e})`).join(' ')}) ${body})`),
      fc.tuple(fc.constantFrom('map', 'filter', 'fold', 'zip', 'sort', 'compose', 'where', 'and?', 'or?'),
        fc.array(variable, { maxLength: 2 }), tie('expr'), fc.array(tie('expr'), { maxLength: 2 }))
        .map(([f, params, body, rest]) => `(${f} (lambda (${params.join(' ')}) ${body}) ${rest.join(' ')})`),
      fc.tuple(fc.array(fc.tuple(variable, typeAnn), { maxLength: 2 }), tie('expr'), fc.array(tie('expr'), { maxLength: 2 }))
        .map(([params, body, args]) => `((lambda (${params.map(([v, t]) => v + t).join(' ')}) ${body}) ${args.join(' ')})`),
      fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([c, t, e]) => `(if ${c} ${t} ${e})`),
      fc.tuple(fc.array(fc.tuple(tie('expr'), tie('expr')), { maxLength: 2 }), tie('expr'))
        .map(([cs, e]) => `(cond ${cs.map(([c, v]) => `(${c} ${v})`).join(' ')} ${e})`),
      fc.tuple(tie('obj'), fc.constantFrom(...KEYS), variable, tie('expr')).map(([o, k, v, b]) => `(bind ${o} {${k} := ${v}} ${b})`),
      fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `(try ${a} ${b})`),
      fc.tuple(pactString, fc.array(tie('expr'), { maxLength: 3 })).map(([f, xs]) => `(format ${f} [${xs.join(' ')}])`),
      fc.tuple(fc.constantFrom('with-capability', 'install-capability', 'require-capability', 'compose-capability', 'test-capability'),
        fc.constantFrom('C', 'm.C', 'GOV', 'm.GOV'), fc.array(tie('expr'), { maxLength: 2 }), tie('expr'))
        .map(([f, cap, args, body]) => `(${f} (${[cap, ...args].join(' ')}) ${body})`),
      fc.tuple(tie('obj'), tie('expr')).map(([o, e]) => `(env-data ${o}) ${e}`),
      fc.tuple(pactString, tie('expr')).map(([t, e]) => `(add-time (time ${t}) ${e})`),
      fc.tuple(fc.constantFrom('expect', 'expect-that', 'expect-failure'), pactString, tie('expr'), tie('expr'))
        .map(([f, doc, a, b]) => `(${f} ${doc} ${a} ${b})`),
      fc.tuple(fc.constantFrom('with-read', 'with-default-read'), fc.constantFrom('t', 'm.t'), tie('expr'), fc.constantFrom(...KEYS), variable, tie('expr'))
        .map(([f, t, k, f1, v, body]) => `(${f} ${t} ${k} ${f === 'with-default-read' ? `{${f1}: 1} ` : ''}{${f1} := ${v}} ${body})`),
    ),
  }));

  const param = fc.tuple(variable, typeAnn).map(([v, t]) => v + t);
  const params = fc.array(param, { maxLength: 3 }).map((ps) => `(${ps.join(' ')})`);
  const meta = fc.option(fc.oneof(pactString, fc.constantFrom('@doc "d"', '@model [(property true)]', '@event', '@managed', '@managed x m.f')), { nil: '' });
  const def = fc.oneof(
    fc.tuple(fc.constantFrom('f', 'g'), typeAnn, params, meta, fc.array(expr, { minLength: 1, maxLength: 2 }))
      .map(([n, t, ps, m, body]) => `(defun ${n}${t} ${ps} ${m} ${body.join(' ')})`),
    fc.tuple(fc.constantFrom('C', 'D'), params, meta, expr).map(([n, ps, m, body]) => `(defcap ${n} ${ps} ${m} ${body})`),
    fc.tuple(fc.constantFrom('c', 'd'), typeAnn, expr).map(([n, t, e]) => `(defconst ${n}${t} ${e})`),
    fc.array(param, { maxLength: 3 }).map((fs) => `(defschema s ${fs.join(' ')})`),
    fc.constantFrom('(deftable t:{s})', '(deftable t)', '(deftable u:{s} "doc")'),
    fc.tuple(params, fc.array(expr, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([ps, steps, rb]) => `(defpact p ${ps} ${steps.map((s) => (rb ? `(step-with-rollback ${s} ${s})` : `(step ${s})`)).join(' ')})`),
    fc.constantFrom('(use coin)', '(implements i)', '(bless "abc")', '@doc "module doc"', '@model [(defproperty p true)]'),
  );
  const gov = fc.constantFrom("'ks", '"ks"', 'GOV');
  const module = fc.tuple(fc.constantFrom('module', 'interface'), fc.constantFrom('m', 'i', 'n.m'), gov, fc.array(def, { maxLength: 4 }))
    .map(([kw, name, g, defs]) => kw === 'interface'
      ? `(interface ${name} ${defs.join(' ')})`
      : `(module ${name} ${g} (defcap GOV () true) ${defs.join(' ')})`);
  const setup = fc.constantFrom(
    '(begin-tx)', '(commit-tx)', '(rollback-tx)', '(begin-tx "t")',
    '(env-data {"ks": ["k1"], "k": 1, "d": 1.5, "s": "x"})', '(env-keys ["k1"])', '(env-sigs [{"key": "k1", "caps": []}])',
    "(define-keyset 'ks (read-keyset \"ks\"))", '(define-keyset "ks" (sig-keyset))', '(create-table t)', '(create-table m.t)',
    '(define-namespace \'n (sig-keyset) (sig-keyset))', "(namespace 'n)", '(env-exec-config ["DisablePact44"])',
    '(env-chain-data {"chain-id": "0", "block-height": 10})', '(env-simulate-onchain true)', '(env-enable-repl-natives true)',
    '(insert t "k" {"a": 1})', '(m.f 1)', '(m.p)', '(continue-pact 1)', '(pact-state)', '(env-events true)',
  );
  // Unusual values in every context that shows, encodes, stores or compares a value.
  const oddValue = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...DEFS, 'm', 'i', 'ks', 'm.E', 'm.mgr', 'public-chain-data', 'CHARSET_ASCII') },
    { weight: 1, arbitrary: fc.constantFrom(
      '(lambda (x) x)', '(m.f)', '(read-keyset "ks")', '(keyset-ref-guard "ks")', '(create-user-guard (m.f 1))',
      '(create-module-guard "g")', '(create-capability-guard (m.C 1))', '(create-pact-guard "p")', '(time "2016-07-22T12:00:00Z")',
      "'sym", '(describe-module "m")', '(describe-table m.t)', '(chain-data)', '(pact-id)', '(tx-hash)', '(sig-keyset)',
      '{"a": {"b": [[[]]]}}', '[]', '{}', '(m.g m.f m.t)', '(typeof m.t)', '(read m.t "k")', '(keys m.t)',
    ) },
    { weight: 2, arbitrary: expr },
  );
  const wrapped = fc.tuple(fc.constantFrom('[%]', '{"a": %}', '[[%] {"b": %}]', '%'), oddValue).map(([w, v]) => w.replaceAll('%', v));
  const probe = fc.tuple(fc.constantFrom(
    '%', '(print %)', '(typeof %)', '(hash %)', '(format "{}" [%])', '(format "{} {}" %)', '(env-data %)', '(env-data {"a": %}) (read-msg "a")',
    '(length %)', '(= % %)', '(!= % [%])', '(at 0 %)', '(sort %)', '(distinct [% %])', '(contains % [%])', '(insert m.t "k" %)',
    '(write m.t "k" {"a": %, "b": "x"})', '(update m.t "k" %)', '(emit-event %)', '(concat %)', '(str-to-list %)', '(enforce-guard %)',
    '(expect "e" % %)', '(expect-that "e" (lambda (v) (= v %)) %)', '(expect-failure "e" %)', '(env-sigs [{"key": "k1", "caps": [%]}])',
    '(test-capability %)', '(with-capability % 1)', '(install-capability %)', '(yield %)', '(resume {"a" := a} %)', '(bind % {"a" := a} a)',
    '(make-list 2 %)', '(fold (+) % [1 2])', '(map (identity) %)', '(zip (+) % %)', '(take 1 %)', '(drop 1 %)', '(reverse %)', '(remove "a" %)',
    '(select m.t (where "a" %))', '(keys %)', '(describe-keyset %)', '(namespace %)', '(int-to-str 10 %)', '(str-to-int %)', '(base64-encode %)',
    '(create-principal %)', '(is-principal %)', '(validate-principal % "k")', '(enforce-keyset %)', '(read-decimal %)', '(env-chain-data %)',
    '(env-exec-config %)', '(env-keys %)', '(env-hash %)', '(env-namespace-policy false %)', '(env-dynref % %)', '(continue-pact %)',
    '(pact-state %)', '(verify %)', '(typecheck %)', '(describe-module %)', '(list-modules %)', '(mock-spv "TXOUT" {} %)', '(sig-keyset %)',
  ), wrapped).map(([ctxt, v]) => ctxt.replaceAll('%', v));

  // Free variables are mostly bound, so expressions get past name resolution.
  const bindings = fc.tuple(pactInteger, pactDecimal, pactString, pactString, expr)
    .map(([i, d, s1, s2, e]) => `(x ${i}) (y ${d}) (acc ${s1}) (k ${s2}) (obj {"a": 1, "b": ${e}}) (xs [1 2 3])`);
  const bound = fc.tuple(bindings, expr).map(([bs, e]) => `(let (${bs}) ${e})`);
  const topLevel = fc.oneof(
    { weight: 4, arbitrary: bound },
    { weight: 2, arbitrary: expr },
    { weight: 3, arbitrary: probe },
    { weight: 2, arbitrary: setup },
    { weight: 1, arbitrary: module },
  );
  return fc.tuple(fc.boolean(), fc.array(topLevel, { minLength: 1, maxLength: 6 }))
    .map(([prelude, forms]) => cap((prelude ? [...PRELUDE, ...forms] : forms).join('\n')));
}

// ---------------------------------------------------------------------------------------------
// Token soup: the reader's edge cases (brackets that do not match, stray separators, unicode)

const TOKENS = [
  '(', ')', '(', ')', '[', ']', '{', '}', '"', "'", ':', '::', ':=', ',', '.', '..', '@doc', '@model', '@', ';c\n', ';',
  '\n', ' ', '\t', '\r\n', '-', '+', '-1', '1.', '.5', '1.5', '0x10', '1e5', '00', 'true', 'false', 'truex', 'true.x', 'a.b.c',
  'a.', '.a', 'a::b', 'a:b', 'a:', 'x:integer', 'module', 'defun', 'let', 'lambda', 'step', 'interface', 'defpact', 'defcap',
  'λ', 'é', '日', '😀', '\u0000', '\u2028', '\u00a0', '\ufeff', '\\', '\\"', '"\\', '"a\\\n b"', '"\\x"', '"\\9999999"', '#', '`', '|', '~',
  '"unterminated', '"ok"', "'sym", '[]', '{}', '()', '1', '0.000', '-0', 'x', 'y',
];

export function tokenSoup(natives: readonly string[]): fc.Arbitrary<string> {
  const token = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...TOKENS) },
    { weight: 2, arbitrary: fc.constantFrom(...natives) },
    { weight: 1, arbitrary: pactInteger },
    { weight: 1, arbitrary: fc.string({ maxLength: 3, unit: 'binary' }) },
  );
  const sep = fc.constantFrom(' ', '', '\n', ' ');
  return fc.array(fc.tuple(token, sep), { maxLength: 80 }).map((ts) => ts.map(([t, s]) => t + s).join(''));
}

// ---------------------------------------------------------------------------------------------
// Mutation of corpus texts

/// Bytes and snippets a mutation inserts.
const INSERTS = [
  '(', ')', '[', ']', '{', '}', '"', "'", ':', ',', '.', '::', ':=', '\\', ' ', '\n', ';', '@doc', '@model', '0', '-1',
  '1.5', '1' + '0'.repeat(40), 'λ', 'é', '😀', '\u0000', '\u2028', '\ufeff', '\udc00', 'true', 'nil', '()', '[]', '{}', '""',
  '(+ 1 2)', '(enforce false "x")', '(begin-tx)', '(commit-tx)', '(rollback-tx)',
];

type Mutation =
  | { readonly op: 'delete' | 'truncate'; readonly at: number; readonly len: number }
  | { readonly op: 'duplicate' | 'swap'; readonly at: number; readonly len: number; readonly to: number }
  | { readonly op: 'insert'; readonly at: number; readonly text: string }
  | { readonly op: 'number' | 'word'; readonly at: number; readonly text: string };

/// One mutation for `mutate`; `extra` are further texts to insert and names to put in.
export function mutation(extra: readonly string[]): fc.Arbitrary<Mutation> {
  const pos = fc.nat();
  const len = fc.nat({ max: 64 });
  return fc.oneof(
    fc.record({ op: fc.constantFrom('delete' as const, 'truncate' as const), at: pos, len }),
    fc.record({ op: fc.constantFrom('duplicate' as const, 'swap' as const), at: pos, len, to: pos }),
    fc.record({ op: fc.constant('insert' as const), at: pos, text: fc.oneof(fc.constantFrom(...INSERTS, ...extra), fc.string({ maxLength: 4, unit: 'binary' })) }),
    fc.record({ op: fc.constant('number' as const), at: pos, text: fc.oneof(pactInteger, pactDecimal) }),
    fc.record({ op: fc.constant('word' as const), at: pos, text: extra.length > 0 ? fc.constantFrom(...extra) : fc.constantFrom('x', 'true') }),
  );
}

/// Applies one mutation; positions are taken modulo the text's length (so they shrink to 0).
export function mutate(text: string, m: Mutation): string {
  const n = text.length;
  if (n === 0) return m.op === 'insert' || m.op === 'number' || m.op === 'word' ? m.text : text;
  const at = m.at % (n + 1);
  switch (m.op) {
    case 'delete': return text.slice(0, at) + text.slice(at + m.len);
    case 'truncate': return text.slice(0, at);
    case 'insert': return text.slice(0, at) + m.text + text.slice(at);
    case 'duplicate': {
      const piece = text.slice(at, at + m.len);
      const to = m.to % (n + 1);
      return text.slice(0, to) + piece + text.slice(to);
    }
    case 'swap': {
      const to = m.to % (n + 1);
      const [a, b] = at <= to ? [at, to] : [to, at];
      const len = Math.min(m.len, b - a);
      return text.slice(0, a) + text.slice(b, b + len) + text.slice(a + len, b) + text.slice(a, a + len) + text.slice(b + len);
    }
    case 'word': {
      // Replaces the name at or after `at` (a run of name characters) with another.
      const re = /[a-zA-Z][a-zA-Z0-9\-_?!<>=*+\/]*/g;
      re.lastIndex = at;
      const hit = re.exec(text);
      return hit === null ? text : text.slice(0, hit.index) + m.text + text.slice(hit.index + hit[0].length);
    }
    case 'number': {
      // Replaces the number at or after `at` (the first run of digits), or inserts one.
      const re = /-?[0-9]+(\.[0-9]+)?/g;
      re.lastIndex = at;
      const hit = re.exec(text);
      return hit === null ? text.slice(0, at) + m.text + text.slice(at) : text.slice(0, hit.index) + m.text + text.slice(hit.index + hit[0].length);
    }
  }
}

/// A window of whole lines of `text`, starting at line `start` (modulo), at most `max` chars.
export function window(text: string, start: number, max: number): string {
  const lines = text.split('\n');
  const from = start % lines.length;
  let out = '';
  for (let i = from; i < lines.length; i++) {
    const next = out === '' ? lines[i]! : `${out}\n${lines[i]}`;
    if (next.length > max && out !== '') break;
    out = next;
  }
  return out.slice(0, max);
}

export interface Mutant {
  /// The corpus file the text came from.
  readonly path: string;
  readonly text: string;
}

/// A corpus text, windowed to at most `max` characters (whole lines; from the top half the time,
/// where setup code is), then mutated up to `maxMutations` times. Shrinks to fewer mutations and earlier windows.
export function mutant(corpus: readonly CorpusFile[], extra: readonly string[] = [], max = 3000, maxMutations = 5): fc.Arbitrary<Mutant> {
  if (corpus.length === 0) throw new Error('empty corpus');
  return fc.tuple(fc.nat({ max: corpus.length - 1 }), fc.oneof(fc.constant(0), fc.nat()), fc.array(mutation(extra), { maxLength: maxMutations }))
    .map(([i, start, ms]) => {
      const file = corpus[i]!;
      let text = window(file.text, start, max);
      for (const m of ms) text = mutate(text, m);
      return { path: file.path, text: cap(text, max + 200) };
    });
}

/// Keeps an input under a few KB so each case stays fast.
export function cap(text: string, max = 4000): string {
  return text.length <= max ? text : text.slice(0, max);
}
