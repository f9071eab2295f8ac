/// Calls whose number of arguments cannot match what they call, found in linked code without
/// running it, with the error the evaluator gives when it applies them: a user function, pact or
/// capability (`f: Incorrect number of arguments (3) supplied; expected 2`), a native (`Invalid
/// arguments, received [...] for SIG`). Linked code names exactly what running it would call.
///
/// An application passed where a native takes a function is partial: the native supplies the rest
/// of its arguments (`(map (+ 1) xs)` applies `+` to two), as many as that function type has. A
/// native applied so is not checked: its error shows the supplied values, known only when it runs.
/// Nor is what a script's `expect-failure` expects to fail.
import type { Info } from '../syntax/exp.ts';
import { spanText } from '../syntax/exp.ts';
import { abbrev, wrongArity } from '../lang/errors.ts';
import { invalidArguments } from '../lang/eval.ts';
import { Def, NativeRef } from '../lang/runtime.ts';
import type { Env, ModuleData, Node } from '../lang/runtime.ts';
import { showValCompact } from '../lang/show.ts';
import { acceptsArgs } from '../natives/arity.ts';
import { unreducedArgs } from '../natives/lists.ts';
import type { Native } from '../natives/registry.ts';
import { oneLine } from './names.ts';

/// A call that cannot work, and the evaluator's error for it.
export interface ArityProblem {
  readonly info: Info;
  readonly message: string;
}

/// Where an application stands: how many arguments are supplied besides those written (null:
/// not known, the call is not checked), and whether a capability native takes it (a defcap is
/// applied only there).
interface Position {
  readonly supplied: number | null;
  readonly capability: boolean;
}

const ORDINARY: Position = { supplied: 0, capability: false };
const CAPABILITY: Position = { supplied: 0, capability: true };
const UNKNOWN: Position = { supplied: null, capability: false };

/// The problems of a linked top-level form.
export function formProblems(node: Node): ArityProblem[] {
  const out: ArityProblem[] = [];
  walk(node, ORDINARY, out);
  return out;
}

/// The problems of a module's definitions (their bodies and pact steps), as linked.
export function moduleProblems(data: ModuleData): ArityProblem[] {
  const out: ArityProblem[] = [];
  for (const m of data.members.values()) {
    if (!(m instanceof Def) || m.module !== data) continue;
    if (m.body !== null) walk(m.body, ORDINARY, out);
    for (const s of m.steps) for (const n of [s.entity, s.exec, s.rollback]) if (n !== null) walk(n, ORDINARY, out);
  }
  return out;
}

function walk(n: Node, at: Position, out: ArityProblem[]): void {
  switch (n.kind) {
    case 'app': return app(n, at, out);
    case 'list': return n.items?.forEach((x) => walk(x, ORDINARY, out));
    case 'object': return n.fields?.forEach(([, x]) => walk(x, ORDINARY, out));
    case 'binding': {
      const b = n.binding!;
      for (const c of b.columns) walk(c, ORDINARY, out);
      return walk(b.body, ORDINARY, out);
    }
    default: return n.children?.forEach((x) => walk(x, ORDINARY, out));
  }
}

function app(n: Node, at: Position, out: ArityProblem[]): void {
  const args = n.args ?? [];
  const callee = n.fn?.global;
  if (callee instanceof Def) {
    const problem = defProblem(n, callee, at);
    if (problem !== null) out.push(problem);
  } else if (callee instanceof NativeRef && at.supplied === 0 && acceptsArgs(callee.native, args.length) === false) {
    out.push({ info: n.info, message: nativeMessage(callee.native, n) });
  }
  const native = callee instanceof NativeRef ? callee.native : null;
  // A script's test of a failure: what fails there is meant to.
  if (native?.name === 'expect-failure') return;
  const total = at.supplied === null ? null : args.length + at.supplied;
  args.forEach((a, i) => walk(a, native === null ? ORDINARY : position(native, i, total), out));
}

// A user definition's arity error, where its application cannot match it. A defcap is applied
// only where a capability native takes it, anything else only elsewhere: any other mix fails
// for another reason first.
function defProblem(n: Node, def: Def, at: Position): ArityProblem | null {
  if (at.supplied === null || (def.kind === 'defcap') !== at.capability) return null;
  const got = n.args!.length + at.supplied;
  if (got === def.args.length) return null;
  return { info: n.info, message: wrongArity(n.info, def.name, got, def.args.length).message };
}

// How a native takes its argument `i` when that is an application, by the signatures with
// `total` arguments (all of them if none has, or the total is not known): a capability where
// they take one (`capability: -> bool`), a partial application where they take a function (as
// many arguments supplied as that function type has), else an ordinary call.
// `create-user-guard` keeps its application, to be made when the guard is enforced.
function position(native: Native, i: number, total: number | null): Position {
  if (native.name === 'create-user-guard') return UNKNOWN;
  const fitting = native.types.filter((t) => t.args.length === total);
  const types = (fitting.length > 0 ? fitting : native.types).map((t) => t.args[i]);
  const supplied = new Set(types.map((a) => (a?.type.t === 'fun' ? a.type.args.length : 0)));
  if (supplied.size !== 1) return UNKNOWN;
  const [count] = supplied;
  if (count === 0) return types.some((a) => a?.name === 'capability') ? CAPABILITY : ORDINARY;
  return { supplied: count!, capability: false };
}

// The native's argument error as the evaluator words it. A native that takes its arguments
// unevaluated shows them as code; one that evaluates them shows their values: here those the
// analysis knows (literals, constants, lists and objects of them), the others as written.
function nativeMessage(native: Native, n: Node): string {
  const args = n.args!;
  if (native.special !== null) return unreducedArgs(native, args, null, n).message;
  return invalidArguments(native, args.map((a) => knownValue(a) ?? abbrev(oneLine(spanText(a.info)))));
}

/// Reading a literal or a constant needs no context or frame, so none is passed.
const NO_ENV = null as unknown as Env;

// An argument's value shown, when it is known without running anything.
function knownValue(n: Node): string | null {
  if (!isKnown(n)) return null;
  try {
    return showValCompact(n.ev(null as never, NO_ENV));
  } catch {
    // A local (it has a frame slot) or a definition used as a value: known when it runs.
    return null;
  }
}

function isKnown(n: Node): boolean {
  switch (n.kind) {
    case 'lit': case 'var': return true;
    case 'list': return n.items!.every(isKnown);
    case 'object': return n.fields!.every(([, x]) => isKnown(x));
    default: return false;
  }
}
