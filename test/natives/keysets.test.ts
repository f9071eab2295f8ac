import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, evalLine, lastPrinted, printed } from '../helpers/pact.ts';

const DATA = '(env-data { "kall": ["a" "b" "c"], "kany": { "keys": ["a" "b" "c"], "pred": "keys-any" }, '
  + '"k2": { "keys": ["a" "b" "c"], "pred": "keys-2" }, "nopred": { "keys": ["b" "a"] }, "rev": ["c" "b" "a"] })';

test('read-keyset reads the list and object forms', () => {
  assert.deepEqual(printed(
    DATA,
    '(read-keyset "kall")',
    '(read-keyset "kany")',
    '(read-keyset "k2")',
    '(read-keyset "nopred")',
    '(= (read-keyset "kall") (read-keyset "rev"))',
    '(= (read-keyset "kall") (read-keyset "kany"))',
  ), [
    '"Setting transaction data"',
    'KeySet {keys: [a, b, c],pred: keys-all}',
    'KeySet {keys: [a, b, c],pred: keys-any}',
    'KeySet {keys: [a, b, c],pred: keys-2}',
    'KeySet {keys: [a, b],pred: keys-all}',
    'true',
    'false',
  ]);
});

test('read-keyset reads a JSON-string body too', () => {
  const json = '{\\"ks\\": {\\"keys\\": [\\"b\\", \\"a\\"], \\"pred\\": \\"keys-2\\"}, \\"list\\": [\\"x\\"]}';
  assert.deepEqual(printed(`(env-data "${json}")`, '(read-keyset "ks")', '(read-keyset "list")'), [
    '"Setting transaction data"',
    'KeySet {keys: [a, b],pred: keys-2}',
    'KeySet {keys: [x],pred: keys-all}',
  ]);
});

test('read-keyset of a missing key fails, recoverably', () => {
  assertError(['(env-data {})', '(read-keyset "missing")'], 'No such key in message: missing');
  assert.equal(lastPrinted('(env-data {})', '(try 1 (read-keyset "missing"))'), '1');
});

const predicates: Array<[string, string]> = [
  ['(keys-all 3 3)', 'true'],
  ['(keys-all 3 2)', 'false'],
  ['(keys-all 3 4)', 'false'],
  ['(keys-all 0 0)', 'true'],
  ['(keys-any 10 1)', 'true'],
  ['(keys-any 10 0)', 'false'],
  ['(keys-any 1 5)', 'true'],
  ['(keys-2 3 1)', 'false'],
  ['(keys-2 3 2)', 'true'],
  ['(keys-2 1 1)', 'false'],
  ['(keys-2 0 5)', 'true'],
];

for (const [input, expected] of predicates) {
  test(`${input} → ${expected}`, () => assert.equal(evalLine(input), expected));
}

// Which of keys-all / keys-any / keys-2 over keys a, b, c pass for a set of signers.
const matrix: Array<[string, boolean, boolean, boolean]> = [
  ['', false, false, false],
  ['"a"', false, true, false],
  ['"a" "BAD"', false, true, false],
  ['"a" "b"', false, true, true],
  ['"a" "b" "BAD"', false, true, true],
  ['"a" "b" "c"', true, true, true],
];

for (const [keys, all, any, two] of matrix) {
  test(`enforce-keyset with signers [${keys}]`, () => {
    const run = (ks: string) => lastPrinted(DATA, `(env-keys [${keys}])`, `(try false (enforce-keyset (read-keyset "${ks}")))`);
    assert.equal(run('kall'), String(all));
    assert.equal(run('kany'), String(any));
    assert.equal(run('k2'), String(two));
  });
}

test('enforce-keyset failure names the predicate and the keys', () => {
  assertError([DATA, '(env-keys ["a"])', '(enforce-keyset (read-keyset "kall"))'], 'Keyset failure (keys-all): [a, b, c]');
  assertError([DATA, '(env-keys [])', '(enforce-keyset (read-keyset "kany"))'], 'Keyset failure (keys-any): [a, b, c]');
  assertError([DATA, '(env-keys ["a"])', '(enforce-keyset (read-keyset "k2"))'], 'Keyset failure (keys-2): [a, b, c]');
  assertError(['(env-data { "ks": ["u"] })', '(enforce-keyset (read-keyset "ks"))'], 'Keyset failure (keys-all): [u]');
});

test('enforce-keyset failure elides long keys', () => {
  const key = '584deb6f81d8efe67767309d1732019cf6ad14f9f0007cff50c730ef62521c68';
  assertError([`(env-data { "ks": ["${key}" "abc"] })`, '(enforce-keyset (read-keyset "ks"))'], 'Keyset failure (keys-all): [584deb6f..., abc]');
});

test('enforce-guard and env-sigs signers work like enforce-keyset and env-keys', () => {
  assert.equal(lastPrinted(DATA, '(env-sigs [{ "key": "a", "caps": [] }, { "key": "b", "caps": [] }])', '(enforce-keyset (read-keyset "k2"))'), 'true');
  assert.equal(lastPrinted(DATA, '(env-keys ["b"])', '(enforce-guard (read-keyset "kany"))'), 'true');
});

test('keyset failures are transaction failures for try and enforce-one', () => {
  assert.equal(lastPrinted(DATA, '(env-keys ["a"])', '(try "fallback" (enforce-keyset (read-keyset "kall")))'), '"fallback"');
  assert.equal(lastPrinted(DATA, '(env-keys ["a"])', '(enforce-one "none" [(enforce-keyset (read-keyset "kall")) (enforce-keyset (read-keyset "kany"))])'), 'true');
  assertError([DATA, '(env-keys [])', '(enforce-one "none passed" [(enforce-keyset (read-keyset "kall")) (enforce-keyset (read-keyset "kany"))])'], 'none passed');
});

test('a keyset predicate can be a module function', () => {
  const setup = [
    '(module keysets G (defcap G () true) (defun keys-3 (count matched) (>= matched 3)))',
    '(env-data { "qualified": { "keys": ["a" "b" "c" "d"], "pred": "keysets.keys-3" } })',
  ];
  assert.equal(lastPrinted(...setup, '(env-keys ["a" "b" "c"])', '(enforce-keyset (read-keyset "qualified"))'), 'true');
  assertError([...setup, '(env-keys ["a" "b"])', '(enforce-keyset (read-keyset "qualified"))'], 'Keyset failure (keysets.keys-3): [a, b, c, d]');
});

test('defined keysets are enforced by name', () => {
  const setup = [
    '(env-data { "ns-ks": ["k"], "ns.ks": ["k"] })',
    '(env-keys ["k"])',
    "(define-namespace 'ns (read-keyset 'ns-ks) (read-keyset 'ns-ks))",
    "(namespace 'ns)",
  ];
  assert.deepEqual(printed(...setup, '(define-keyset "ns.ks")', '(enforce-keyset "ns.ks")', '(enforce-guard (keyset-ref-guard "ns.ks"))').slice(setup.length), [
    '"Keyset defined"', 'true', 'true',
  ]);
  assertError([...setup, '(define-keyset "ns.ks")', '(env-keys [])', '(enforce-keyset "ns.ks")'], "Keyset failure (keys-all): 'ns.ks");
});

test('define-keyset and enforce-keyset name errors', () => {
  assertError(['(env-data { "ks": ["k"] })', '(define-keyset "ks")'], 'Cannot define a keyset outside of a namespace');
  assertError(['(enforce-keyset "no-such")'], "No such keyset: 'no-such");
  assertError(['(enforce-keyset "")'], 'incorrect keyset name format');
});

// RFC 7748 Curve25519 test vectors.
const ALICE_PUB = '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a';
const ALICE_SEC = '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a';
const BOB_PUB = 'de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f';
const BOB_SEC = '5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb';

test('validate-keypair accepts matching Curve25519 keypairs', () => {
  assert.equal(evalLine(`(validate-keypair "${ALICE_PUB}" "${ALICE_SEC}")`), 'true');
  assert.equal(evalLine(`(validate-keypair "${BOB_PUB}" "${BOB_SEC}")`), 'true');
});

test('validate-keypair fails rather than returning false', () => {
  assertError([`(validate-keypair "${ALICE_PUB}" "${BOB_SEC}")`], 'validate-keypair: mismatch');
  assertError([
    '(validate-keypair "a236ee764da1bde16f3452df78ed0d46d94c0763042330a8341511cfe537da62" "92702bbc9026d489f0ecefe266d694b9ad321965f3345758d1f937fba8817184")',
  ], 'validate-keypair: mismatch');
  assertError([`(validate-keypair "${ALICE_PUB}00" "${ALICE_SEC}")`], 'public key must be bytestring of length 32');
  assertError([`(validate-keypair "${ALICE_PUB}" "${ALICE_SEC.slice(0, 62)}")`], 'secret key must be bytestring of length 32');
  assertError([`(try false (validate-keypair "${ALICE_PUB}" "${BOB_SEC}"))`], 'validate-keypair: mismatch');
});
