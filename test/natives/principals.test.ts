import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalLine, piped, printed } from '../helpers/pact.ts';

/// Runs lines through one piped REPL and returns the lines it printed, without warnings.
function results(...lines: string[]): string[] {
  return printed(...lines).filter((l) => !l.startsWith('Warning: '));
}

/// The last line printed for a script.
function last(...lines: string[]): string {
  return results(...lines).at(-1) ?? '';
}

function assertError(lines: string[], message: string): void {
  const { out, err } = piped(lines.join('\n') + '\n');
  assert.ok((out + err).includes(`:Error: ${message}\n`), out + err);
}

const K1 = '584deb6f81d8efe67767309d1732019cf6ad14f9f0007cff50c730ef62521c68';
const K2A = '4440249a122879f2060814e1c4348cdfe0cbf971017ab1f43a0eaf9799583271';
const K2B = '2f625f20a1a6fffb60455bf957779a82e3d811d350f2b9bc8d3d5549bfd4a953';
const W2 = '5PhRgNM3oePrkfAKhk9dYmjRqOhEEhbR2eyFz8HU_ew';
const TX_HASH = 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g';
const U_HASH = 'aqukm-5Jj6ITLeQfhNYydmtDccinqdJylD9CMlLKQDI';

const DATA = `(env-data { 'ks1: ["${K1}"], 'ks2: ["${K2A}" "${K2B}"], 'ks3: ["keys3"], `
  + `'any1: { "keys": ["${K1}"], "pred": "keys-any" }, 'any2: { "keys": ["${K2A}" "${K2B}"], "pred": "keys-any" }, `
  + `'upper: ["${K1.toUpperCase()}"], 'nopred: { "keys": ["keys3"] } })`;
const KEYS = `(env-keys ["${K1}" "${K2A}" "${K2B}" "keys3"])`;

/// Evaluates EXPR after setting up the keyset data.
function withKeysets(expr: string): string {
  return last(DATA, KEYS, expr);
}

test('a single ed25519 key under keys-all makes a k: principal', () => {
  assert.equal(withKeysets("(create-principal (read-keyset 'ks1))"), `"k:${K1}"`);
  assert.equal(withKeysets(`(validate-principal (read-keyset 'ks1) "k:${K1}")`), 'true');
  assert.equal(withKeysets("(validate-principal (read-keyset 'ks1) (create-principal (read-keyset 'ks1)))"), 'true');
  assert.equal(withKeysets(`(validate-principal (read-keyset 'ks1) "k:${K2A}")`), 'false');
  assert.equal(withKeysets("(typeof-principal (create-principal (read-keyset 'ks1)))"), '"k:"');
  assert.equal(withKeysets("(is-principal (create-principal (read-keyset 'ks1)))"), 'true');
});

// w: principals hash the concatenated keys (in keyset order, which is sorted) and name the predicate.
test('other keysets make w: principals', () => {
  assert.equal(withKeysets("(create-principal (read-keyset 'ks2))"), `"w:${W2}:keys-all"`);
  assert.equal(evalLine(`(hash "${K2B}${K2A}")`), `"${W2}"`);
  assert.equal(withKeysets(`(validate-principal (read-keyset 'ks2) "w:${W2}:keys-all")`), 'true');
  assert.equal(withKeysets(`(validate-principal (read-keyset 'ks1) "w:${W2}:keys-all")`), 'false');
  assert.equal(withKeysets("(create-principal (read-keyset 'any2))"), `"w:${W2}:keys-any"`);
  assert.equal(withKeysets("(typeof-principal (create-principal (read-keyset 'ks2)))"), '"w:"');
  assert.equal(withKeysets("(is-principal (create-principal (read-keyset 'ks2)))"), 'true');
});

test('single-key keysets that are not keys-all over a lowercase ed25519 key make w: principals', () => {
  const rows: Array<[string, string]> = [
    ['any1', `(format "w:{}:keys-any" [(hash "${K1}")])`],
    ['ks3', '(format "w:{}:keys-all" [(hash "keys3")])'],
    ['nopred', '(format "w:{}:keys-all" [(hash "keys3")])'],
    ['upper', `(format "w:{}:keys-all" [(hash "${K1.toUpperCase()}")])`],
  ];
  for (const [ks, expected] of rows) {
    assert.equal(withKeysets(`(create-principal (read-keyset '${ks}))`), withKeysets(expected), ks);
    assert.equal(withKeysets(`(validate-principal (read-keyset '${ks}) ${expected})`), 'true', ks);
    assert.equal(withKeysets(`(typeof-principal (create-principal (read-keyset '${ks})))`), '"w:"', ks);
  }
});

test('keyset-ref-guard makes r: principals', () => {
  const setup = [
    '(env-data { "ks3": ["k"], "ns.ks3": ["k"] })',
    '(env-keys ["k"])',
    "(define-namespace 'ns (read-keyset 'ks3) (read-keyset 'ks3))",
    "(namespace 'ns)",
    '(define-keyset "ns.ks3")',
  ];
  assert.deepEqual(results(
    ...setup,
    '(create-principal (keyset-ref-guard "ns.ks3"))',
    '(validate-principal (keyset-ref-guard "ns.ks3") "r:ns.ks3")',
    '(validate-principal (keyset-ref-guard "ns.ks3") (create-principal (keyset-ref-guard "ns.ks3")))',
    '(validate-principal (keyset-ref-guard "ns.ks3") "r:ks3")',
    '(is-principal (create-principal (keyset-ref-guard "ns.ks3")))',
    '(typeof-principal (create-principal (keyset-ref-guard "ns.ks3")))',
  ).slice(setup.length), ['"r:ns.ks3"', 'true', 'true', 'false', 'true', '"r:"']);
});

test('keyset-ref-guard needs a defined, well-formed keyset name', () => {
  assertError(['(keyset-ref-guard "ns.nope")'], 'Keyset reference cannot be found: ns.nope');
  assertError(['(keyset-ref-guard "")'], 'incorrect keyset name format');
});

const MODULES = [
  DATA,
  KEYS,
  '(module tester G (defcap G () true) (defcap CAP (x:string) true)'
    + " (defun mg () (create-principal (create-module-guard 'tester)))"
    + ' (defun both-guard (ks1 ks2) (enforce-keyset ks1) (enforce-keyset ks2))'
    + " (defun ug () (create-user-guard (both-guard (read-keyset 'ks1) (read-keyset 'ks2))))"
    + ' (defun f () true)'
    + ' (defun ug0 () (create-user-guard (f)))'
    + ' (defun cg () (create-capability-guard (CAP "a")))'
    + ' (defpact pg ()'
    + '   (step (create-principal (create-pact-guard "pact-guard")))'
    + `   (step (validate-principal (create-pact-guard "pact-guard") "p:${TX_HASH}:pact-guard")))`
    + ' (defpact cpg ()'
    + '   (step (create-principal (create-capability-pact-guard (CAP "a"))))'
    + '   (step (pact-id))))',
  "(module tester2 G (defcap G () true) (defun f () (create-principal (create-module-guard 'tester))))",
];

/// Evaluates EXPR after loading the test modules.
function withModules(...exprs: string[]): string[] {
  return results(...MODULES, ...exprs).slice(MODULES.length);
}

test('module guards make m: principals naming the creating module', () => {
  assert.deepEqual(withModules(
    '(tester.mg)',
    '(tester2.f)',
    '(typeof-principal (tester.mg))',
    '(is-principal (tester2.f))',
  ), ['"m:tester:tester"', '"m:tester2:tester"', '"m:"', 'true']);
});

test('create-module-guard must be called within a module', () => {
  assertError(['(create-module-guard "x")'], 'create-module-guard: must call within module');
});

// u: principals hash the concatenated JSON of the closure's arguments.
test('user guards make u: principals', () => {
  assert.deepEqual(withModules(
    '(create-principal (tester.ug))',
    `(validate-principal (tester.ug) "u:tester.both-guard:${U_HASH}")`,
    '(validate-principal (tester.ug) (create-principal (tester.ug)))',
    '(typeof-principal (create-principal (tester.ug)))',
    '(create-principal (tester.ug0))',
  ), [`"u:tester.both-guard:${U_HASH}"`, 'true', 'true', '"u:"', `"u:tester.f:${TX_HASH}"`]);
});

test('pact guards make p: principals from the pact id', () => {
  assert.deepEqual(withModules(
    '(tester.pg)',
    '(continue-pact 1)',
  ), [`"p:${TX_HASH}:pact-guard"`, 'true']);
});

// c: principals hash the capability's qualified name, its arguments' JSON and any pact id.
test('capability guards make c: principals', () => {
  const [created, expected, type] = withModules(
    '(create-principal (tester.cg))',
    '(format "c:{}" [(hash "tester.CAP\\"a\\"")])',
    '(typeof-principal (create-principal (tester.cg)))',
  );
  assert.equal(created, expected);
  assert.match(created!, /^"c:[A-Za-z0-9_-]{43}"$/);
  assert.equal(type, '"c:"');
  const [inPact, expectedInPact] = withModules(
    '(tester.cpg)',
    `(format "c:{}" [(hash "tester.CAP\\"a\\"${TX_HASH}")])`,
  );
  assert.equal(inPact, expectedInPact);
});

const wellFormed: Array<[string, string]> = [
  [`k:${K1}`, 'k:'],
  [`k:${K1.toUpperCase()}`, 'k:'],
  [`w:${W2}:keys-all`, 'w:'],
  ['r:ns.ks3', 'r:'],
  ['r:foo', 'r:'],
  ['m:test-ns.tester:tester', 'm:'],
  [`u:test-ns.tester.both-guard:${U_HASH}`, 'u:'],
  [`p:${TX_HASH}:pact-guard`, 'p:'],
  [`c:${U_HASH}`, 'c:'],
];

for (const [principal, type] of wellFormed) {
  test(`${principal} is a ${type} principal`, () => {
    assert.equal(evalLine(`(is-principal "${principal}")`), 'true');
    assert.equal(evalLine(`(typeof-principal "${principal}")`), `"${type}"`);
  });
}

const malformed: string[] = [
  '',
  'foo',
  'k:',
  `k:${K1}7`,
  `k:${K1.slice(0, -1)}`,
  `K:${K1}`,
  ` k:${K1}`,
  `w:${W2}e:keys-all`,
  `w:${W2.slice(0, -2)}:keys-all`,
  `w:${W2.slice(0, -2)}:`,
  `w:${W2}:`,
  'r:',
  'm::tester',
  'm:test-ns.tester:',
  'u::tester',
  `u::${U_HASH}`,
  'u:test-ns.tester.both-guard:',
  `u:test-ns.tester.both-guard:${U_HASH}s`,
  `u:test-ns.tester.both-guard:${U_HASH.slice(0, -1)}`,
  'p::pact-guard',
  `p:${TX_HASH}:`,
  `p:${TX_HASH}g:pact-guard`,
  `p:${TX_HASH.slice(0, -1)}:pact-guard`,
  'c:',
  `c:${U_HASH.slice(0, -1)}`,
  'x:foo',
];

for (const principal of malformed) {
  test(`${JSON.stringify(principal)} is not a principal`, () => {
    assert.equal(evalLine(`(is-principal "${principal}")`), 'false');
    assert.equal(evalLine(`(typeof-principal "${principal}")`), '""');
  });
}
