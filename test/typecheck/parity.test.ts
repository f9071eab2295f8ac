/// Checker behaviours compared against Pact 4.13.2's Typechecker.hs, one divergence per test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { piped } from '../helpers/pact.ts';

/// A module `m` (governed by capability G) with these members, then `typecheck` (with debug when
/// asked); returns stdout and stderr of the piped REPL.
function check(members: string, debug = false): { out: string; err: string } {
  const { out, err } = piped(`(module m G (defcap G () true) ${members.replace(/\s*\n\s*/g, ' ')})\n(typecheck "m"${debug ? ' true' : ''})\n`);
  return { out, err };
}

test('where with a field that is no literal is not an error (Pact never reaches its Where case)', () => {
  // Typechecker.hs:433-453: `_fSpecial` is only ever `SBinding`, so the `(Where, ...)` branch,
  // with its `asPrimString`, is dead code.
  const { out, err } = check(`(defschema s a:integer) (deftable t:{s})
    (defun q (fld:string) (select t (where fld (= 1))))`);
  assert.equal(err, '');
  assert.match(out, /"Typecheck m: success"/);
});

test('an overloaded native visited twice (a user call\'s argument) is solved twice in the first round', () => {
  // The argument of an inlined call sits both in the call's arguments and in its let-binding, so
  // processNatives records its overload twice in tcOverloadOrder; each round of runSolve
  // (Typechecker.hs:167) tries every entry whose overload was unsolved when the round began.
  const { out } = check(`(defun f:integer (x:integer) x) (defun g () (f (+ 1 2)))`, true);
  const solved = out.split('\n').filter((l) => l.startsWith('Solved overload with'));
  assert.equal(solved.length, 2, out);
});

test('env-dynref to a module without the member: Pact shows the module and member names', () => {
  // Typechecker.hs:814: `show (moduleDefName _mdModule) ++ "::" ++ show _dDefName`, GHC's Show
  // of ModuleName and DefName.
  const { err } = piped([
    '(interface i (defun h:integer ()))',
    '(module n G (defcap G () true) (defun other () 1))',
    '(module m G (defcap G () true) (defun g (r:module{i}) (r::h)))',
    '(env-dynref i n)',
    '(typecheck "m")',
  ].join('\n') + '\n');
  assert.match(err, /:Error: Typechecker Internal Error: Dynamic substitution failed, module does not have member: ModuleName \{_mnName = "n", _mnNamespace = Nothing\}::DefName \{_unDefName = "h"\}\n/);
});

test('a special form with no signature of its arity: Pact shows the signatures with GHC\'s Show', () => {
  // Typechecker.hs:956: `show sf ++ " arg count mismatch, expected: " ++ show (_fTypes fun)`,
  // a NonEmpty of derived-Show FunTypes (natives' argument infos show as nothing).
  const { err } = check('(defschema s a:integer) (deftable t:{s}) (defun q () (select t))');
  const row = 'TyVar {_tyVar = SchemaVar {_tvName = "row"}}';
  const obj = `TySchema {_tySchema = TyObject, _tySchemaType = ${row}, _tySchemaPartial = FullSchema}`;
  const table = `Arg {_aName = "table", _aType = TySchema {_tySchema = TyTable, _tySchemaType = ${row}, _tySchemaPartial = FullSchema}, _aInfo = }`;
  const where = `Arg {_aName = "where", _aType = TyFun {_tyFunType = FunType {_ftArgs = [Arg {_aName = "row", _aType = ${obj}, _aInfo = }], _ftReturn = TyPrim TyBool}}, _aInfo = }`;
  const cols = 'Arg {_aName = "columns", _aType = TyList {_tyListType = TyPrim TyString}, _aInfo = }';
  const ret = `TyList {_tyListType = ${obj}}`;
  assert.ok(err.includes(`:Error: Typechecker Internal Error: "select" arg count mismatch, expected: FunType {_ftArgs = [${table},${where}], _ftReturn = ${ret}} :| [FunType {_ftArgs = [${table},${cols},${where}], _ftReturn = ${ret}}]\n`), err);
});

test('a module-reference member used as a value: its node is named after the reference\'s AST', () => {
  // Typechecker.hs:1085: `freshId _tInfo (renderCompactText r)`, r being the reference's AST.
  const { err } = piped([
    '(interface i (defun h:integer (x:integer)))',
    '(module m G (defcap G () true) (defun g (r:module{i}) (map r::h [1])))',
    '(typecheck "m")',
  ].join('\n') + '\n');
  assert.ok(err.includes('found: Dynamic Var g_r3::module{i}7::<Var g_r3::module{i}7> Var g_r3::module{i} (defun h'), err);
});

test('a constant\'s nodes carry the infos of the literals it was written as', () => {
  // Pact reads a constant as its evaluated term (Typechecker.hs:1057), and reducing a literal,
  // list or object keeps its info: failures point at the `[`, in the constant and where used.
  const { err } = check('(defconst L [1 "a"]) (defun f () L)');
  assert.equal(err, '<interactive>:0:43:OutputFailure: Cannot unify: ([integer], [string])\n'.repeat(2));
});

test('an object constant notes its type in the debug lines, as toAST TObject does', () => {
  const { out } = check('(defconst O {"a": 1})', true);
  assert.match(out, /\nTObject: TyAny\ntrackAST: \(object\d+, object:\*\)\n/);
});

test('a binding column that is no literal string: Pact shows the AST with GHC\'s Show', () => {
  // Typechecker.hs:278: `"Expected literal string: " ++ show t`, the derived Show of the AST.
  const { err } = check('(defschema s a:integer) (deftable t:{s}) (defun q (fld:string) (with-read t "k" { fld := x } x))');
  assert.match(err, /:Error: Typechecker Internal Error: Expected literal string: Var \{_aNode = q_fld1::TyPrim TyString\}\n/);
  const lit = check('(defschema s a:integer) (deftable t:{s}) (defun q () (with-read t "k" { 1 := x } x))');
  assert.match(lit.err, /Expected literal string: Prim \{_aNode = integer\d+::TyPrim TyInteger, _aPrimValue = PrimLit \(LInteger \{_lInteger = 1\}\)\}\n/);
});
