import { test } from 'node:test';
import assert from 'node:assert/strict';
import { utf8Length } from '../../src/lang/module-memory.ts';
import { newRepl } from '../helpers/pact.ts';
import type { Repl } from '../../src/repl/repl.ts';

/// Installs `source` (one module or interface) in `repl` and reads the bytes its install charged
/// for memory (null: no charge) from the gas log.
function install(repl: Repl, source: string): { bytes: number | null; hash: string } {
  assert.ok(repl.runSource(`(env-gaslog) ${source}`, 'test.repl'));
  const charge = repl.ctx.gas.log!.map((l) => /GModuleMemory: (\d+)/.exec(l)).find((m) => m !== null);
  const loaded = /^\((?:module|interface) (\S+)/.exec(source)![1]!;
  return { bytes: charge === undefined ? null : Number(charge[1]), hash: repl.ctx.lookupModule(loaded)!.hash };
}

/// A REPL with these execution flags and gas on.
function session(flags: string[] = []) {
  const { repl } = newRepl();
  assert.ok(repl.runSource(`(env-exec-config ${JSON.stringify(flags)}) (env-gasmodel "table") (env-gaslimit 100000000)`, 'test.repl'));
  return repl;
}

const CAP_ONLY = '(module t G (defcap G () true))';
const WITH_CONST = '(module t G (defcap G () true) (defconst K:integer 1) (defun f (x:integer) (+ x K)))';

// Sizes worked out by hand from Pact's SizeOf rules (8-byte words, Text = 48 + 2 per char):
//   (defcap G () true) as `Ref (TDef ..)`: Ref 16 + TDef 24 + Def 72 + "G" 50 + module name `t` 82
//   + FunType [] <a> 130 + body TList [true] 144 + Meta 40 + no defcap meta 8 = 566.
test('a module with one defcap', () => {
  assert.equal(install(session(), CAP_ONLY).bytes, 566);
});

//   K = Ref 16 + TConst 48 + Arg K:integer 98 + Just t 98 + CVEval 24 + raw literal 48
//     + (TVar (Direct literal)) 88 + Meta 40 = 460.
//   f = Ref 16 + TDef 24 + Def 72 + "f" 50 + t 82 + FunType [x:integer] <b> 252 + Meta 40 + 8
//     + body 32 + 64 + 8 + app 56 + list 56 + x (B 0) 56 + K (F (TVar (Ref (TVar (Direct 1))))) 168
//     + `+` (F (TVar (Direct native))) 80 + native 3900 = 4964,
//   where the native `+` is TNative 64 + "+" 50 + 3 function types 2984 + 5 examples 632
//   + docs 162 + Bool 8 = 3900.
test('constants are their values, natives are whole records (Pact 4.3+)', () => {
  assert.equal(install(session(), WITH_CONST).bytes, 566 + 460 + 4964);
});

// Before Pact 4.3 the unresolved terms are sized (no Ref wrappers; `Left "K"` for own names and
// `Right ref` for the rest) and each own name used adds the inlined definition again:
//   G 550 + K (TConst with CVRaw) 348 + f 4926 + inlined K 460.
test('DisablePact43 sizes unresolved definitions plus what they inline', () => {
  assert.equal(install(session(['DisablePact43']), WITH_CONST).bytes, 550 + 348 + 4926 + 460);
});

test('DisablePact43 with DisableInlineMemCheck makes no charge', () => {
  assert.equal(install(session(['DisablePact43', 'DisableInlineMemCheck']), WITH_CONST).bytes, null);
});

// A function of another module is a fully qualified name whose hash is a 32-byte string
// (72 + its UTF-8 character count), and the dependency's exports are all added.
//   H 566 + g (Ref 16 + TDef 24 + Def 72 + "g" 50 + u 82 + FunType [] <b> 130 + Meta 40 + 8 + body
//   32 + 64 + 8 + app 56 + args [1] 80 + t.f at depth 1 64 + Direct/TVar/FQName/FQN 88 + "f" 50 + t 82
//   + hash) + all of t (5990).
test('a dependency costs its exports', () => {
  const repl = session();
  const t = install(repl, WITH_CONST);
  const u = install(repl, '(module u H (defcap H () true) (defun g () (t.f 1)))');
  const hash = 72 + utf8Length(Buffer.from(t.hash, 'base64url'));
  assert.equal(u.bytes, 566 + 946 + hash + 5990);
});

// Before Pact 4.3 another module's function is its stored `Ref (TDef ..)` (t's f: 5320 bytes),
// paid once inside the term (as `Right ref`) and once more, without the `Ref`, when inlined:
//   H 550 + g (TDef 24 + Def 72 + "g" 50 + u 82 + FunType 130 + Meta 40 + 8 + body 32 + 64 + 8
//   + app 56 + args 80 + t.f 24 + 40 + 16 + 5320) + inlined 5304.
test('DisablePact43 inlines other modules\' functions', () => {
  const repl = session(['DisablePact43']);
  install(repl, WITH_CONST);
  assert.equal(install(repl, '(module u H (defcap H () true) (defun g () (t.f 1)))').bytes, 550 + 6046 + 5304);
});

// Interfaces always use the pre-4.3 accounting: TDef 24 + Def 72 + "f" 50 + i 82
// + FunType [x:integer] integer 170 + empty body 96 + Meta 40 + 8.
test('an interface', () => {
  assert.equal(install(session(), '(interface i (defun f:integer (x:integer)))').bytes, 542);
  assert.equal(install(session(['DisableInlineMemCheck']), '(interface i (defun f:integer (x:integer)))').bytes, null);
});

test('a model counts as its parsed expressions', () => {
  const plain = install(session(), '(module t G (defcap G () true) (defun f () 1))').bytes!;
  const modelled = install(session(), '(module t G (defcap G () true) (defun f () @model [(property true)] 1))').bytes!;
  // One more list element (3 words) holding EList (ListExp [EAtom "property" [] False, ELiteral (LBool True)]):
  // 48 + (8 + 48 + (16 + 40 + 64 + 8 + 8) + (16 + 24 + 16)) = 296 bytes.
  assert.equal(modelled - plain, 24 + 296);
});

test("UTF-8 length counts malformed sequences as utf8-string's decoder does", () => {
  const len = (...b: number[]) => utf8Length(Uint8Array.from(b));
  assert.equal(len(0x41, 0xc3, 0xa9), 2); // "Aé"
  assert.equal(len(0xc0, 0x80), 2); // overlong: replacement for one byte, then a stray continuation
  assert.equal(len(0xe2, 0x82), 1); // truncated three-byte sequence: one replacement for both
  assert.equal(len(0xe2, 0x41), 2); // bad continuation is not consumed
  assert.equal(len(0xed, 0xa0, 0x80), 1); // surrogate: one replacement for three bytes
  assert.equal(len(0xf0, 0x9f, 0x98, 0x80), 1);
  assert.equal(len(0xff, 0x80), 2);
});

test('native schemas, native constants and list constants built by map are sized (coin uses all three)', () => {
  const bytes = install(session(), [
    '(module t G (defcap G () true)',
    '(defconst IDS (map (int-to-str 10) (enumerate 0 2)))',
    '(defun chain () (at "chain-id" (chain-data)))',
    '(defun latin (s:string) (is-charset CHARSET_LATIN1 s)))',
  ].join(' ')).bytes;
  assert.notEqual(bytes, null);
});

// Dependencies shared between modules (a diamond) are paid once; after an upgrade, the first
// exports met of a name win: `e` meets the old `a` through `b` before the new `a`, `e2` the new
// first. Figures from the sizing that copied every dependency's exports into each module.
test('shared and upgraded dependencies are paid as the union of their exports', () => {
  const repl = session();
  const sizes = [
    '(module a G (defcap G () true) (defun fa (x:integer) (+ x 1)))',
    '(module b G (defcap G () true) (defun fb () (a.fa 1)))',
    '(module c G (defcap G () true) (defun fc () (a.fa 2)))',
    '(module d G (defcap G () true) (defun fd () [(b.fb) (c.fc)]))',
    '(module a G (defcap G () true) (defun fa (x:integer) (+ (+ x 1) 2)) (defun fa2 () 2))',
    '(module e G (defcap G () true) (defun fe () [(b.fb) (a.fa 3)]))',
    '(module e2 G (defcap G () true) (defun fe () [(a.fa 3) (b.fb)]))',
    '(module f G (defcap G () true) (defun ff () [(e.fe) (d.fd) (e2.fe)]))',
  ].map((m) => install(repl, m).bytes);
  assert.deepEqual(sizes, [5412, 7031, 7031, 10849, 10130, 9879, 14023, 18633]);
});
