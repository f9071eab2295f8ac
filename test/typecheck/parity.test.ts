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
