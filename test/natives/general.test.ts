import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertError, errorLine, evalLine, piped, printed } from '../helpers/pact.ts';

// `env-data` given a Pact object turns top-level integers into decimals before
// encoding (toPactValueLenient); nested integers keep their `{"int": n}` encoding.
test('read-msg on env-data given as a Pact object', () => {
  const data = '(env-data { "i": 1, "d": 1.5, "s": "hello", "b": true, "l": [1 2], "o": { "a": 1 } })';
  assert.deepEqual(printed(
    data,
    '(read-msg "i")',
    '(typeof (read-msg "i"))',
    '(read-msg "d")',
    '(read-msg "s")',
    '(read-msg "b")',
    '(read-msg "l")',
    '(read-msg "o")',
  ), ['"Setting transaction data"', '1.0', '"decimal"', '1.5', '"hello"', 'true', '[1 2]', '{"a": 1}']);
});

test('read-integer, read-decimal and read-string on env-data given as a Pact object', () => {
  const data = '(env-data { "i": 1, "neg": -3, "d": 1.5, "si": "12", "sd": "1.25", "s": "hello" })';
  assert.deepEqual(printed(
    data,
    '(read-integer "i")',
    '(read-integer "neg")',
    '(read-integer "si")',
    '(read-decimal "i")',
    '(read-decimal "d")',
    '(read-decimal "sd")',
    '(read-decimal "si")',
    '(read-string "s")',
  ), ['"Setting transaction data"', '1', '-3', '12', '1.0', '1.5', '1.25', '12.0', '"hello"']);
});

// JSON numbers read by read-msg are always decimals; read-integer rounds them (half to even).
test('read-* on env-data given as a JSON string', () => {
  const json = '{\\"intn\\": 1, \\"ints\\": \\"1\\", \\"nintn\\": -1, \\"nints\\": \\"-1\\", \\"dec\\": 1.0, '
    + '\\"ndec\\": -1.0, \\"str\\": \\"hello\\", \\"list\\": [1,2,3], \\"half\\": 2.5, \\"half2\\": 3.5}';
  assert.deepEqual(printed(
    `(env-data "${json}")`,
    '(read-msg "intn")',
    '(read-msg "nintn")',
    '(read-msg "list")',
    '(read-msg "str")',
    '(read-integer "intn")',
    '(read-integer "ints")',
    '(read-integer "nintn")',
    '(read-integer "nints")',
    '(read-decimal "dec")',
    '(read-decimal "ndec")',
    '(read-decimal "intn")',
    '(read-integer "half")',
    '(read-integer "half2")',
  ), ['"Setting transaction data"', '1.0', '-1.0', '[1.0 2.0 3.0]', '"hello"', '1', '1', '-1', '-1', '1.0', '-1.0', '1.0', '2', '4']);
});

test('read-msg without a key returns the whole body', () => {
  assert.deepEqual(printed('(env-data { "foo": true })', '(read-msg)'), ['"Setting transaction data"', '{"foo": true}']);
});

test('with-applied-env applies a pending env-data', () => {
  assert.equal(evalLine("(let ((a 1)) (env-data { 'b: 1 }) (with-applied-env (+ a (read-integer 'b))))"), '2');
});

test('a missing message key fails, recoverably', () => {
  assertError(['(env-data {})', '(read-msg "somekey")'], 'No such key in message: somekey');
  assertError(['(env-data {})', '(read-integer "somekey")'], 'No such key in message: somekey');
  assert.deepEqual(printed(
    '(env-data {})',
    '(try 1 (read-msg "somekey"))',
    '(try 1 (read-integer "somekey"))',
    '(try 1 (read-decimal "somekey"))',
    '(try 1 (read-string "somekey"))',
    '(try 1 (read-keyset "somekey"))',
  ), ['"Setting transaction data"', '1', '1', '1', '1', '1']);
});

const chainDefaults: Array<[string, string]> = [
  ['chain-id', '""'],
  ['block-height', '0'],
  ['block-time', '"1970-01-01T00:00:00Z"'],
  ['gas-limit', '0'],
  ['gas-price', '0.0'],
  ['prev-block-hash', '""'],
  ['sender', '""'],
];

for (const [field, value] of chainDefaults) {
  test(`chain-data ${field} defaults to ${value}`, () => assert.equal(evalLine(`(at '${field} (chain-data))`), value));
}

test('chain-data has exactly the public-chain-data fields', () => {
  assert.equal(evalLine('(length (chain-data))'), '7');
  assert.equal(evalLine('(typeof (chain-data))'), '"object:*"');
});

test('env-chain-data replaces only the given entries', () => {
  assert.deepEqual(printed(
    '(env-chain-data { "chain-id": "TestNet00/2", "block-height": 20 })',
    "(at 'chain-id (chain-data))",
    "(at 'block-height (chain-data))",
    "(at 'gas-limit (chain-data))",
    '(env-chain-data { "sender": "alice", "gas-price": 0.01, "gas-limit": 1000, "prev-block-hash": "abc", "block-time": (time "2024-01-02T03:04:05Z") })',
    "(at 'chain-id (chain-data))",
    "(at 'sender (chain-data))",
    "(at 'gas-price (chain-data))",
    "(at 'gas-limit (chain-data))",
    "(at 'prev-block-hash (chain-data))",
    "(at 'block-time (chain-data))",
  ), [
    '"Updated public metadata"', '"TestNet00/2"', '20', '0',
    '"Updated public metadata"', '"TestNet00/2"', '"alice"', '0.01', '1000', '"abc"', '"2024-01-02T03:04:05Z"',
  ]);
});

test('env-chain-data rejects unknown fields and ill-typed values', () => {
  for (const input of ['(env-chain-data { "foo": 1 })', '(env-chain-data { "gas-price": 1 })', '(env-chain-data { "chain-id": 1 })']) {
    const line = errorLine(input);
    assert.ok(line.includes(':Error: envChainData: bad public metadata values: '), line);
  }
});

test('tx-hash defaults to the hash of nothing and follows env-hash', () => {
  assert.equal(evalLine('(tx-hash)'), '"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g"');
  assert.equal(evalLine('(hash "")'), '"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g"');
  assert.deepEqual(printed('(env-hash (hash "hello"))', '(tx-hash)'), [
    '"Set tx hash to Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8"',
    '"Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8"',
  ]);
});

const typeofs: Array<[string, string]> = [
  ['"hello"', '"string"'],
  ['1', '"integer"'],
  ['1.0', '"decimal"'],
  ['true', '"bool"'],
  ['(time "2024-01-01T00:00:00Z")', '"time"'],
  ['{ "a": 1 }', '"object:*"'],
  ['CHARSET_ASCII', '"integer"'],
];

for (const [value, type] of typeofs) {
  test(`(typeof ${value}) → ${type}`, () => assert.equal(evalLine(`(typeof ${value})`), type));
}

test('typeof keysets and other guards', () => {
  assert.deepEqual(printed('(env-data { "ks": ["a"] })', '(typeof (read-keyset "ks"))'), ['"Setting transaction data"', '"keyset"']);
  const out = printed('(module m G (defcap G () true) (defun f () true) (defun ug () (create-user-guard (f))))', '(typeof (m.ug))');
  assert.equal(out.at(-1), '"guard"');
});

const conversions: Array<[string, string]> = [
  ['(int-to-str 16 65535)', '"ffff"'],
  ['(int-to-str 64 43981)', '"q80"'],
  ['(int-to-str 2 188900967593046)', '"101010111100110111101111000100100011010001010110"'],
  ['(int-to-str 10 12345)', '"12345"'],
  ['(int-to-str 16 1251004370415)', '"12345abcdef"'],
  ['(int-to-str 8 8)', '"10"'],
  ['(int-to-str 64 0)', '"AA"'],
  ['(str-to-int 16 "abcdef123456")', '188900967593046'],
  ['(str-to-int "123456")', '123456'],
  ['(str-to-int 64 "q80")', '43981'],
  ['(str-to-int "12345")', '12345'],
  ['(str-to-int 10 "12345")', '12345'],
  ['(str-to-int 16 "12345abcdef")', '1251004370415'],
  ['(str-to-int 2 "101010111100110111101111000100100011010001010110")', '188900967593046'],
  ['(str-to-int 16 "FF")', '255'],
  ['(str-to-int "007")', '7'],
];

for (const [input, expected] of conversions) {
  test(`${input} → ${expected}`, () => assert.equal(evalLine(input), expected));
}

test('int-to-str and str-to-int round-trip in several bases', () => {
  for (const base of [2, 3, 8, 10, 16, 64]) {
    for (const n of ['0', '1', '255', '43981', '1000000007', '340282366920938463463374607431768211455']) {
      assert.equal(evalLine(`(str-to-int ${base} (int-to-str ${base} ${n}))`), n, `base ${base}, ${n}`);
    }
  }
});

const conversionErrors: Array<[string, string]> = [
  ['(str-to-int 1 "12345")', 'Base value must be >= 2 and <= 16, or 64'],
  ['(str-to-int -1 "12345")', 'Base value must be >= 2 and <= 16, or 64'],
  ['(str-to-int 17 "12345")', 'Base value must be >= 2 and <= 16, or 64'],
  ['(str-to-int 8 "8")', "character '8' is out of range for base 8: 8"],
  ['(str-to-int "a")', "character 'a' is out of range for base 10: a"],
  ['(str-to-int 2 "1012")', "character '2' is out of range for base 2: 1012"],
  // A character that is no hexadecimal digit fails in Haskell's digitToInt first, shown as a Char.
  ['(str-to-int 16 "1g")', "Char.digitToInt: not a digit 'g'"],
  ['(str-to-int "-1")', "Char.digitToInt: not a digit '-'"],
  ['(str-to-int "\u00e9")', "Char.digitToInt: not a digit '\\233'"],
  ['(mod 7 0)', 'divide by zero'],
  ['(str-to-int (concat (make-list 513 "1")))', 'Invalid input, only up to 512 length supported'],
  ['(int-to-str 17 3245342)', 'Invalid base, must be 2-16 or 64'],
  ['(int-to-str 1 3)', 'Invalid base, must be 2-16 or 64'],
  ['(int-to-str 64 -1)', 'Only positive values allowed for base64URL conversion.'],
];

for (const [input, message] of conversionErrors) {
  test(`${input} fails: ${message}`, () => assertError([input], message));
}

test('str-to-int of the empty string fails', () => {
  const { out, err } = piped('(str-to-int "")\n');
  assert.ok((out + err).includes(':Error: empty text: \n'), out + err);
});

const charsets: Array<[string, string]> = [
  ['CHARSET_ASCII', '0'],
  ['CHARSET_LATIN1', '1'],
  ['(is-charset CHARSET_ASCII "hello world")', 'true'],
  ['(is-charset CHARSET_ASCII "I am nÖt ascii")', 'false'],
  ['(is-charset CHARSET_LATIN1 "I am nÖt ascii, but I am latin1!")', 'true'],
  ['(is-charset CHARSET_LATIN1 "€")', 'false'],
  ['(is-charset CHARSET_ASCII "")', 'true'],
  ['(is-charset 0 "abc")', 'true'],
];

for (const [input, expected] of charsets) {
  test(`${input} → ${expected}`, () => assert.equal(evalLine(input), expected));
}

test('is-charset rejects other character sets', () => {
  assertError(['(is-charset 2 "a")'], 'Unsupported character set: 2');
});

const formats: Array<[string, string]> = [
  ['(format "My {} has {}" ["dog" "fleas"])', '"My dog has fleas"'],
  ['(format "{} {} {}" [1 1.5 true])', '"1 1.5 true"'],
  ['(format "no holes" [1 2])', '"no holes"'],
  ['(format "{}-{}" [1 2 3])', '"1-2"'],
  ['(format "{}" ["a"])', '"a"'],
];

for (const [input, expected] of formats) {
  test(`${input} → ${expected}`, () => assert.equal(evalLine(input), expected));
}

test('format needs an argument for every hole', () => {
  assertError(['(format "{} {}" [1])'], 'format: not enough arguments for template');
});

const functional: Array<[string, string]> = [
  ['(map (identity) [1 2 3])', '[1 2 3]'],
  ['(identity "x")', '"x"'],
  ['(filter (constantly true) [1 2 3])', '[1 2 3]'],
  ['(constantly 1 2)', '1'],
  ['(constantly "a" 2 3)', '"a"'],
  ['(constantly 1 2 3 4)', '1'],
];

for (const [input, expected] of functional) {
  test(`${input} → ${expected}`, () => assert.equal(evalLine(input), expected));
}

test('pact-version and enforce-pact-version', () => {
  assert.equal(evalLine('(pact-version)'), '"4.13.2"');
  assert.equal(evalLine('(enforce-pact-version "2.3")'), 'true');
  assert.equal(evalLine('(enforce-pact-version "4.13")'), 'true');
  assert.equal(evalLine('(enforce-pact-version "4.12.9")'), 'true');
  assert.equal(evalLine('(enforce-pact-version "3.99" "4.14")'), 'true');
  assert.equal(evalLine('(enforce-pact-version "4.0" "4.13.2")'), 'true');
  assertError(['(enforce-pact-version "5.0")'], 'Invalid pact version 4.13.2, minimum allowed: 5.0');
  assertError(['(enforce-pact-version "4.14")'], 'Invalid pact version 4.13.2, minimum allowed: 4.14');
  assertError(['(enforce-pact-version "4.0" "4.12")'], 'Invalid pact version 4.13.2, maximum allowed: 4.12');
});

test('pact-version is top-level only', () => {
  assertError(['(module m G (defcap G () true) (defun v () (pact-version)))', '(m.v)'], 'Top-level call used in module m: pact-version');
});

test('enforce', () => {
  assert.equal(evalLine('(enforce true "x")'), 'true');
  assertError(['(enforce (!= (+ 2 2) 4) "Chaos reigns")'], 'Chaos reigns');
  assertError(['(enforce false 1)'], 'Invalid message argument, expected string 1');
});

test('enforce-one', () => {
  assert.equal(evalLine('(enforce-one "Should succeed on second test" [(enforce false "Skip me") (enforce (= (+ 2 2) 4) "Chaos reigns")])'), 'true');
  assert.equal(evalLine('(enforce-one "m" [false true])'), 'true');
  assertError(['(enforce-one "all failed" [(enforce false "a") (enforce false "b")])'], 'all failed');
  assertError(['(enforce-one "none" [])'], 'none');
  assertError(['(enforce-one "m" [1])'], 'Failure: expected boolean result in enforce-one');
  assertError(['(enforce-one "m" [(at 5 [1 2])])'], 'at: bad index 5, length 2');
});

test('try recovers from transaction failures only', () => {
  assert.equal(evalLine('(try 3 (enforce (= 1 2) "this will definitely fail"))'), '3');
  assert.equal(evalLine('(try 3 (+ 1 1))'), '2');
  assert.equal(evalLine('(try "default" (enforce-one "x" [false]))'), '"default"');
  assertError(['(try 1 (at 5 [1 2]))'], 'at: bad index 5, length 2');
  assertError(['(try 1 (str-to-int "a"))'], "character 'a' is out of range for base 10: a");
  // Haskell's own exceptions are no Pact errors: try lets them through, expect-failure sees their text.
  assertError(['(try 1 (mod 7 0))'], 'divide by zero');
  assert.equal(evalLine('(expect-failure "m" "zzz" (mod 7 0))'), '"FAILURE: m: expected error message to contain \'zzz\', got \'divide by zero\'"');
  assert.equal(evalLine('(str-to-int 16 "fF")'), '255');
  // Before Pact 4.4, try caught every exception.
  assert.equal(piped('(env-exec-config ["DisablePact44"])\n(try 1 (mod 7 0))\n').out, '["DisablePact44"]\n1\n');
});

test('enforce-pact-version compares only the parts both versions have', () => {
  assert.equal(evalLine('(enforce-pact-version "4.0" "4.13")'), 'true');
  assert.equal(evalLine('(enforce-pact-version "4.0" "4")'), 'true');
  assert.equal(evalLine('(enforce-pact-version "4.13.2.1")'), 'true');
  assertError(['(enforce-pact-version "x")'], 'Invalid version component: (x, x)');
});

test('before Pact 4.3.1 the version was reported as 4.2.1', () => {
  assert.deepEqual(printed('(env-exec-config ["DisablePact431"])', '(pact-version)', '(enforce-pact-version "4.2.1" "4.2")'),
    ['["DisablePact431"]', '"4.2.1"', 'true']);
});

test('tx-hash takes no arguments', () => {
  assertError(['(tx-hash 1)'], 'Invalid arguments, received [1] for  -> string');
});

test('constantly needs only its value', () => {
  assert.equal(evalLine('(constantly 1)'), '1');
});

test('read-integer and read-decimal quote what they could not parse', () => {
  const data = '(env-data {"i": "1.25", "d": "abc", "b": true})';
  assertError([data, '(read-integer "i")'], 'read-integer: parse failed: Failure parsing integer string: "1.25": "1.25"');
  assertError([data, '(read-decimal "d")'], 'read-decimal: parse failed: Failure parsing decimal string: "abc": "abc"');
  assertError([data, '(read-integer "b")'], 'read-integer: parse failed: Failure parsing integer: Bool True: true');
  assertError([data, '(read-decimal "b")'], 'read-decimal: parse failed: Failure parsing decimal: Bool True: true');
});

test('format shows values as Pact values since 4.8 (objects by key, lists with commas), as terms before', () => {
  assert.equal(evalLine('(format "{} {}" [[1 2] {"b": [1 {"z": 1, "a": 2}], "a": 1.0}])'), '"[1, 2] {"a": 1.0,"b": [1, {"a": 2,"z": 1}]}"');
  assert.deepEqual(printed('(env-exec-config ["DisablePact48"])', '(format "{} {}" [[1 2] {"b": 1, "a": 1.0}])').at(-1),
    '"[1 2] {"b": 1,"a": 1.0}"');
});

// Pact abstracts a group of bindings over their names by `elemIndex`: the first of a name wins.
test('a name bound twice in one let, bind or argument list is its first binding', () => {
  assert.deepEqual(printed(
    '(let ((x 1) (x 2)) x)',
    '(bind { "a": 1, "b": 2 } { "a" := x, "b" := x } x)',
    '(let ((g (lambda (x x) x))) (g 1 2))',
    '(let ((x 1)) (let ((x 2)) x))',
    '(let* ((x 1) (x 2)) x)',
  ), ['1', '1', '1', '2', '2']);
});
