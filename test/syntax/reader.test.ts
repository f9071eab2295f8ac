import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { ParseError, parse } from '../../src/syntax/index.ts';
import { show, showAll } from './show.ts';

const read = (text: string): string => showAll(parse(text, 'test.repl'));
const lit = (text: string) => {
  const [e] = parse(text, 'test.repl');
  assert.equal(e?.tag, 'lit');
  return e.lit;
};
const str = (text: string): string => {
  const l = lit(text);
  assert.equal(l.kind, 'string');
  return l.value;
};
const rejects = (text: string, column?: number): ParseError => {
  try {
    parse(text, 'test.repl');
  } catch (e) {
    assert.ok(e instanceof ParseError);
    if (column !== undefined) assert.equal(e.column, column, e.message);
    return e;
  }
  assert.fail(`expected a parse error for ${JSON.stringify(text)}`);
};

describe('numbers', () => {
  test('integers are bigints of any size, with an optional minus sign', () => {
    assert.deepEqual(lit('42'), { kind: 'integer', value: 42n });
    assert.deepEqual(lit('-7'), { kind: 'integer', value: -7n });
    assert.deepEqual(lit('123456789012345678901234567890'), { kind: 'integer', value: 123456789012345678901234567890n });
  });
  test('a minus sign apart from the digits is a name', () => {
    assert.equal(read('(- 7)'), '(- 7)');
    assert.equal(read('-x'), '-x');
  });
  test('numbers are read as prefixes: no exponents, names may follow directly', () => {
    assert.equal(read('1e3'), '1 e3');
    assert.equal(read('-1a'), '-1 a');
  });
  test('decimals keep their digits, and so their scale', () => {
    assert.deepEqual(lit('1.50'), { kind: 'decimal', text: '1.50' });
    assert.deepEqual(lit('-0.05'), { kind: 'decimal', text: '-0.05' });
    assert.equal(read('[100.250 0.0]'), '[d:100.250 d:0.0]');
  });
  test('whitespace and comments may follow the decimal point', () => {
    assert.equal(read('1. 5'), 'd:1.5');
    assert.equal(read('2. ; half\n5'), 'd:2.5');
  });
  test('up to 255 fractional digits', () => {
    const max = `0.${'1'.repeat(255)}`;
    assert.deepEqual(lit(max), { kind: 'decimal', text: max });
    // Pact's overflow message is lost when its parser backtracks: the error is that nothing
    // can be read at the number.
    const e = rejects(`(f 0.${'1'.repeat(256)})`, 4);
    assert.match(e.message, /^expected: .*number/);
    assert.equal(rejects(`-1.${'1'.repeat(256)}`, 4).message, 'expected: atom');
  });
  test('a point without digits after it is an error at the number', () => {
    rejects('(f 1.a)', 4);
    rejects('(f 1.)', 4);
    rejects('1.5.3', 4);
  });
});

describe('strings', () => {
  test('plain text, symbols of the quote kind escaped', () => {
    assert.equal(str('"hello world"'), 'hello world');
    assert.equal(str(String.raw`"say \"hi\" \\ \'"`), `say "hi" \\ '`);
    assert.deepEqual(lit('""'), { kind: 'string', value: '', symbol: false });
  });
  test('single-letter escapes', () => {
    assert.equal(str(String.raw`"\n\t\r\a\b\f\v"`), '\n\t\r\x07\b\f\v');
  });
  test('numeric escapes: decimal, hexadecimal, octal', () => {
    assert.equal(str(String.raw`"\65\x41\o101"`), 'AAA');
    assert.equal(str(String.raw`"\x1F600 \0000065 \xff"`), '\u{1f600} A \u00ff');
    assert.equal(str(String.raw`"\1114111"`), '\u{10ffff}');
    assert.equal(str(String.raw`"\55296"`), '\ufffd', 'a surrogate becomes U+FFFD');
  });
  test('a numeric escape beyond U+10FFFF is an error', () => {
    const e = rejects(String.raw`"\x110000"`);
    assert.equal(e.message, 'unexpected out-of-range numeric escape sequence');
    rejects(String.raw`"\o"`, 4);
  });
  test('ASCII control names, the longest first', () => {
    assert.equal(str(String.raw`"\NUL\SOH\SO\SOx\DEL\ESC\SP"`), '\x00\x01\x0e\x0ex\x7f\x1b ');
  });
  test('caret controls and the empty escape', () => {
    assert.equal(str(String.raw`"\^A\^Z\^@"`), '\x01\x1a\x00');
    assert.equal(str(String.raw`"\1\&2"`), '\x012');
    rejects(String.raw`"\^a"`, 4);
  });
  test('gaps: backslash, whitespace (newlines too), backslash vanish', () => {
    assert.equal(str('"abc \\\n     \\def"'), 'abc def');
    assert.equal(str('"a\\ \t \\b"'), 'ab');
  });
  test('control characters up to 26 must be escaped; later ones need not', () => {
    rejects('"a\tb"', 3);
    rejects('"line\nnext"', 6);
    assert.equal(str('"\x1b\x7f"'), '\x1b\x7f');
  });
  test('an unknown escape is an error after the backslash', () => {
    assert.equal(rejects(String.raw`"a\q"`, 4).message, 'expected: "&", escape code, space');
  });
});

describe('symbols and booleans', () => {
  test('a symbol is a string literal marked as written with a quote', () => {
    assert.deepEqual(lit("'foo"), { kind: 'string', value: 'foo', symbol: true });
    assert.equal(read("['a-b? 'x1]"), "['a-b? 'x1]");
  });
  test('the quote may be followed by whitespace', () => {
    assert.equal(read("' foo"), "'foo");
  });
  test('a symbol must be an identifier and not a reserved word', () => {
    rejects("'1", 2);
    assert.equal(rejects("'true", 2).message, 'expected: space');
    assert.equal(read("'truex"), "'truex");
  });
  test('booleans, read as prefixes', () => {
    assert.deepEqual(lit('true'), { kind: 'bool', value: true });
    assert.deepEqual(lit('false'), { kind: 'bool', value: false });
    assert.equal(read('truex'), 'true x');
    assert.equal(read('false1'), 'false 1');
    assert.equal(read('tru'), 'tru');
  });
});

describe('names', () => {
  test('identifier characters', () => {
    assert.equal(read('(a1 %#+-_&$@<>=^?*!|/~ @doc café)'), '(a1 %#+-_&$@<>=^?*!|/~ @doc café)');
  });
  test('qualified names, with whitespace allowed around the dots', () => {
    const [e] = parse('ns.mod.f', 'test.repl');
    assert.deepEqual(e?.tag === 'atom' && [e.parts, e.dynamic], [['ns', 'mod', 'f'], false]);
    assert.equal(read('(a . b)'), '(a.b)');
  });
  test('dynamic references', () => {
    const [e] = parse('m::transfer', 'test.repl');
    assert.deepEqual(e?.tag === 'atom' && [e.parts, e.dynamic], [['m', 'transfer'], true]);
    assert.equal(read('(m :: ONE)'), '(m::ONE)');
  });
  test('a reserved member turns a dynamic reference into separate tokens', () => {
    assert.equal(read('(a::true)'), '(a : : true)');
  });
  test('name parts must be identifiers and not reserved', () => {
    assert.equal(rejects('a.1', 3).message, 'expected: atom');
    assert.equal(rejects('a.true', 3).message, 'expected: space');
    rejects('a.', 3);
  });
  test('characters beyond ASCII must be letters', () => {
    rejects('(ab→c)', 4);
    rejects('(→)', 2);
    rejects('\ufeff(a)', 1);
  });
});

describe('separators and lists', () => {
  test('type annotations read as name, colon, type', () => {
    assert.equal(read('(x:integer y : string)'), '(x : integer y : string)');
  });
  test('list literals with and without commas', () => {
    assert.equal(read('[1 2 3]'), '[1 2 3]');
    assert.equal(read('[1,2, 3]'), '[1 , 2 , 3]');
    assert.equal(read('[]'), '[]');
  });
  test('object literals', () => {
    assert.equal(read(`{ "a": 1, 'b: [true] }`), `{"a" : 1 , 'b : [true]}`);
    assert.equal(read('{}'), '{}');
  });
  test('binding forms', () => {
    assert.equal(read('(with-read t k { "balance" := bal, "n":= n:integer } bal)'), '(with-read t k {"balance" := bal , "n" := n : integer} bal)');
  });
  test('list, object, schema and module types', () => {
    assert.equal(
      read('(defun f:[integer] (p:object{person} t:table{s} q:[object{ns.person}] m:module{a.b, c}) 1)'),
      '(defun f : [integer] (p : object {person} t : table {s} q : [object {ns.person}] m : module {a.b , c}) 1)',
    );
  });
  test('metadata markers are ordinary names', () => {
    assert.equal(
      read('(defcap C (a) @doc "d" @model [(p)] @managed a mgr @event true)'),
      '(defcap C (a) @doc "d" @model [(p)] @managed a mgr @event true)',
    );
  });
  test('comments may sit anywhere whitespace may', () => {
    assert.equal(read('(+ 1 ; one\n 2 ;; two\n)'), '(+ 1 2)');
    assert.equal(read('; leading\n(a)\n; trailing'), '(a)');
  });
  test('several expressions, unseparated where tokens allow', () => {
    assert.equal(read('(a)(b)"c"[d]'), '(a) (b) "c" [d]');
  });
});

test('the forms fixture reads completely', () => {
  const file = new URL('../fixtures/syntax/forms.pact', import.meta.url);
  const es = parse(readFileSync(file, 'utf8'), 'forms.pact');
  assert.equal(es.length, 3);
  assert.equal(show(es[0]!), "(namespace 'fixtures)");
  const module = es[2]!;
  assert.ok(module.tag === 'list');
  assert.equal(
    module.items.slice(0, 8).map(show).join(' '),
    'module ledger GOVERNANCE @doc "A small ledger." @model [(defproperty positive (x : decimal) (>= x d:0.0))] (implements ledger-api)',
  );
  const text = showAll(es);
  for (const piece of ['(ref::balance who)', '(fixtures.ledger.balance who)', `{"amount" := amt , 'owner := o}`, '[1 2 3] [1 , 2 , 3]', 'module {ledger-api , fixtures.other}']) {
    assert.ok(text.includes(piece), piece);
  }
  assert.ok(text.endsWith(`${JSON.stringify('a string with a gap and escapes: \t " \\ A A A \0 \x01 \x01 .')})))`));
});
