import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeJson, JsonNumber, JsonObject } from '../../src/values/json.ts';
import type { Json } from '../../src/values/json.ts';
import { readYaml, readYamlBytes, readYamlFile, YamlError } from '../../src/api/yaml.ts';
import { emitYaml } from '../../src/api/yaml-emit.ts';

/// The JSON text of a YAML document, to compare structures in one string.
function json(text: string): string {
  return encodeJson(readYaml(text));
}

function field(text: string): Json {
  const v = readYaml(text);
  assert.ok(v instanceof JsonObject);
  return v.entries[0]![1];
}

test('YAML 1.1 plain scalars: null, booleans in all their spellings', () => {
  for (const s of ['~', 'null', 'Null', 'NULL', '']) assert.equal(field(`a: ${s}`), null, s);
  for (const s of ['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE']) assert.equal(field(`a: ${s}`), true, s);
  for (const s of ['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE']) assert.equal(field(`a: ${s}`), false, s);
  for (const s of ['yES', 'nULL', 'tRUE', 'Nope']) assert.equal(field(`a: ${s}`), s, s);
});

test('numbers keep their literal digits and exponent', () => {
  const cases: Array<[string, bigint, number]> = [
    ['1.50', 150n, -2], ['1e3', 1n, 3], ['-0.001', -1n, -3], ['+5', 5n, 0], ['007', 7n, 0],
    ['12345678901234567890123', 12345678901234567890123n, 0], ['2.5E-3', 25n, -4], ['0x1F', 31n, 0], ['0o17', 15n, 0],
  ];
  for (const [text, c, e] of cases) {
    const v = field(`a: ${text}`);
    assert.ok(v instanceof JsonNumber, text);
    assert.deepEqual([v.coefficient, v.exponent], [c, e], text);
  }
  for (const s of ['1.', '.5', '1e', '0x', '0X1F', '1_000', '.inf', 'NaN', '-0x5', '1 2']) assert.equal(field(`a: ${s}`), s, s);
  assert.equal(json('a: [1.50, 100.0, 0.01, 1e3]'), '{"a":[1.5,100.0,1.0e-2,1000]}');
});

test('quoted, tagged and folded scalars are strings; literal blocks are typed like plain ones', () => {
  assert.equal(field("a: 'yes'"), 'yes');
  assert.equal(field('a: "1.5"'), '1.5');
  assert.equal(field('a: !!str 5'), '5');
  assert.equal(field('a: >-\n  5\n'), '5');
  // Data.Yaml types `|` blocks as it does plain scalars (a quirk of the library).
  assert.deepEqual(field('a: |-\n  5\n'), new JsonNumber(5n, 0));
  assert.equal(field('a: |-\n  true\n'), true);
  assert.equal(field('a: |\n  true\n'), 'true\n');
  assert.equal(field('a: |-\n  (+ 1 2)\n  (+ 3 4)\n'), '(+ 1 2)\n(+ 3 4)');
});

test('keys are raw text; the last duplicate wins; merge keys', () => {
  assert.equal(json('1.0: a\n~: b\ntrue: c'), '{"1.0":"a","~":"b","true":"c"}');
  assert.equal(json('a: 1\na: 2'), '{"a":2}');
  assert.equal(json('base: &b {x: 1, y: 2}\nm:\n  x: 0\n  <<: *b\n  y: 3'), '{"base":{"x":1,"y":2},"m":{"x":0,"y":3}}');
  assert.equal(json('m:\n  <<: [{x: 1}, {x: 2, y: 2}]'), '{"m":{"x":1,"y":2}}');
  assert.equal(json('a: &x [1, {b: yes}]\nc: *x'), '{"a":[1,{"b":true}],"c":[1,{"b":true}]}');
});

test('documents: none is null, more than one is an error', () => {
  assert.equal(readYaml(''), null);
  assert.equal(readYaml('# only a comment\n'), null);
  assert.throws(() => readYaml('a\n---\nb\n'), (e: unknown) => e instanceof YamlError && e.shown === 'MultipleDocuments');
});

test('failures show as Data.Yaml ParseException values', () => {
  assert.throws(() => readYamlFile('/nonexistent/x.yaml'), (e: unknown) => e instanceof YamlError &&
    e.shown === 'InvalidYaml (Just (YamlException "Yaml file not found: /nonexistent/x.yaml"))');
  assert.throws(() => readYaml('a: b: c'), (e: unknown) => e instanceof YamlError &&
    e.shown.startsWith('InvalidYaml (Just (YamlParseException {yamlProblem = "mapping values are not allowed in this context"'));
  assert.throws(() => readYaml('a: *nowhere'), (e: unknown) => e instanceof YamlError &&
    e.shown === 'UnknownAlias {_anchorName = "nowhere"}');
  assert.throws(() => readYaml('? [1]\n: 2'), (e: unknown) => e instanceof YamlError && e.shown === 'NonStringKey []');
  assert.throws(() => readYamlBytes(Uint8Array.from([0x61, 0x3a, 0x20, 0xff])), (e: unknown) => e instanceof YamlError &&
    e.shown.includes('invalid leading UTF-8 octet'));
});

test('emitting: sorted keys, nested maps, libyaml scalar styles', () => {
  const doc = new Map<string, string | null | Map<string, string | null>>([
    ['sigs', new Map([['b', null], ['a', 'x']])],
    ['hash', 'abc-_'],
    ['cmd', '{"a":"it\'s"}'],
    ['empty', new Map()],
  ]);
  assert.equal(emitYaml(doc), `cmd: '{"a":"it''s"}'\nempty: {}\nhash: abc-_\nsigs:\n  a: x\n  b: null\n`);
  const styles: Array<[string, string]> = [
    ['', "''"], ['yes', "'yes'"], ['~', "'~'"], ['*', "'*'"], ['123', "'123'"], ['1.5e3', "'1.5e3'"], ['0x1F', "'0x1F'"],
    ['plain text', 'plain text'], ['a: b', "'a: b'"], ['a:b', 'a:b'], ['a #b', "'a #b'"], ['- a', "'- a'"], ['-a', '-a'],
    [' lead', "' lead'"], ['trail ', "'trail '"], ['tab\there', '"tab\\there"'], ['é', 'é'], ['😀', '"\\U0001F600"'],
    ['a\nb', '|-\n  a\n  b'], ['a\nb\n', '|\n  a\n  b'], ['a\n\n', '|+\n  a\n'], [' a\nb', '|2-\n   a\n  b'],
    ['a \nb', '"a \\nb"'], ['---x', "'---x'"], ['{"a":"\u2028b"}', "'{\"a\":\"\u2028  b\"}'"],
  ];
  for (const [s, shown] of styles) assert.equal(emitYaml(new Map([['k', s]])), `k: ${shown}\n`, JSON.stringify(s));
  assert.equal(emitYaml(new Map()), '{}\n');
  assert.equal(emitYaml(new Map([['yes', null]])), "'yes': null\n");
  const long = 'k'.repeat(129);
  assert.equal(emitYaml(new Map([[long, null]])), `? ${long}\n: null\n`);
});

test('what is emitted reads back as the same strings', () => {
  const values = ['', 'yes', '1.5', 'a: b', ' x ', 'tab\t', '😀 é', 'multi\nline\n', "q'uote", '"dq"', '#', '[x]'];
  const doc = new Map(values.map((v, i) => [`k${i}`, v] as const));
  const back = readYaml(emitYaml(doc));
  assert.ok(back instanceof JsonObject);
  assert.deepEqual(new Map(back.entries), doc);
});
