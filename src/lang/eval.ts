/// Calling things: user definitions, lambdas, partial applications and natives, with Pact's
/// arity and type checks and call-stack frames.
import type { Info } from '../syntax/exp.ts';
import { renderCompact, prettyList } from '../values/doc.ts';
import type { PactValue } from '../values/value.ts';
import { isData } from '../values/value.ts';
import type { Native } from '../natives/registry.ts';
import type { Ctx } from './context.ts';
import type { CallStack } from './callstack.ts';
import { PactError, argsError, evalError, forkedError, wrongArity } from './errors.ts';
import type { StackFrame } from './errors.ts';
import { Closure, Def, Env, NativeRef, Node, Partial, emptyEnv } from './runtime.ts';
import type { Val } from './runtime.ts';
import { showValAbbrev, showValCompact } from './show.ts';
import { argChecks, checkArgsQuickly, checkType, resultCheck, resultPasses, typeName } from './typecheck.ts';
import { nodeText, nodeTextAbbrev } from './nodetext.ts';
import { initPact } from './pacts.ts';
import { GUNREDUCED, GUSERAPP_DEFCAP, GUSERAPP_DEFPACT, GUSERAPP_DEFUN } from './gas.ts';

/// The charge for applying a user function, made before its arguments are evaluated.
export function chargeUserApp(ctx: Ctx, f: Def | Closure, info: Info | null): void {
  const kind = f instanceof Def ? f.kind : 'defun';
  ctx.gas.charge(f.name, kind === 'defcap' ? GUSERAPP_DEFCAP : kind === 'defpact' ? GUSERAPP_DEFPACT : GUSERAPP_DEFUN, info);
}

/// A native's entry charge (`GUnreduced`), by its name.
export function chargeNative(ctx: Ctx, native: Native, info: Info): void {
  if (ctx.gas.active) ctx.gas.charge(native.name, GUNREDUCED, info);
}

/// What every native application does first: its coverage hit, then (`charged`, see
/// `Native.chargedOnEntry`) its entry charge.
export function enterNative(ctx: Ctx, native: Native, charged: boolean, info: Info): void {
  if (ctx.coverage !== null) ctx.coverage.hit(info);
  if (charged) chargeNative(ctx, native, info);
}

/// Runs a user function on evaluated arguments; a defcap body only when acquiring it.
export function callDef(ctx: Ctx, def: Def, args: Val[], info: Info, acquiring = false): Val {
  if (def.kind === 'defcap' && !acquiring) throw evalError(info, 'Cannot directly evaluate defcap');
  if (ctx.coverage !== null) ctx.coverage.userApplication(info, def);
  if (def.kind === 'defpact') return initPact(ctx, def, args, info);
  checkArity(def.name, def.args.length, args.length, info);
  checkDefArgs(def, args);
  const env = callEnv(def.slots, args, null);
  guardRecursion(ctx, def, info);
  const depth = ctx.stack.depth;
  def.activeAt = depth;
  ctx.stack.pushCall(def, info);
  let result: Val;
  try {
    if (def.body === null) throw evalError(info, `${def.qualifiedName}: definition has no body`);
    result = def.body.ev(ctx, env);
  } catch (e) {
    ctx.stack.unwindingArgs(depth, args);
    throw e;
  }
  ctx.stack.pop();
  if (!resultPasses(def.retCheck, result) && !ctx.flag('DisableRuntimeReturnTypeChecking')) checkType(info, def.ret, result);
  return result;
}

/// Checks a user definition's arguments (its quick checks are made at its first call).
export function checkDefArgs(def: Def, args: readonly Val[]): void {
  if (def.argChecks === null) {
    def.argChecks = argChecks(def.args);
    def.retCheck = resultCheck(def.ret, def.body?.data ?? false);
  }
  checkArgsQuickly(def.args, def.argChecks, args);
}

function checkArity(name: string, want: number, got: number, info: Info): void {
  if (want !== got) {
    throw wrongArity(info, name, got, want);
  }
}

/// Recursion through module references is caught at run time (static recursion at install).
/// A definition can be running at most once (anything else is recursion), so the frame it was
/// last entered at tells: it is running if that frame is still on the stack and still its own.
function guardRecursion(ctx: Ctx, def: Def, info: Info): void {
  const at = def.activeAt;
  if (at >= 0 && at < ctx.stack.depth && ctx.stack.at(at).def === def) {
    throw evalError(info, `Detected recursive call: ${def.qualifiedName}`);
  }
}

export function callClosure(ctx: Ctx, c: Closure, args: Val[], info: Info): Val {
  checkArity(c.name, c.args.length, args.length, info);
  checkArgsQuickly(c.args, c.argChecks, args);
  const env = callEnv(c.slots, args, c.env);
  // A lambda's frame, which names no module, is recorded only if an error unwinds through it.
  const depth = ctx.stack.depth;
  let result: Val;
  try {
    result = c.body.ev(ctx, env);
  } catch (e) {
    ctx.stack.unwindingCall(depth, c.name, info, args);
    throw e;
  }
  if (!resultPasses(c.retCheck, result)) checkType(info, c.ret, result);
  return result;
}

/// A call's environment with the (arity-checked) arguments in its first slots. The arguments
/// array is the caller's to give: every caller builds it for the call.
function callEnv(size: number, args: Val[], up: Env | null): Env {
  if (size === args.length) return new Env(args, up);
  const slots = new Array<Val>(size);
  for (let i = 0; i < args.length; i++) slots[i] = args[i]!;
  return new Env(slots, up);
}

/// Applies a function value to arguments: used by higher-order natives.
export function apply(ctx: Ctx, fn: Val, args: Val[], info: Info): Val {
  // Lambdas first: the commonest, and a failed `instanceof` walks the whole prototype chain.
  if (fn instanceof Closure) {
    if (ctx.gas.active) chargeUserApp(ctx, fn, info);
    return callClosure(ctx, fn, args, info);
  }
  if (fn instanceof Partial) {
    if (fn.env !== null) return applySpecial(ctx, fn, args);
    const all = fn.args.length === 0 ? args : [...fn.args, ...args];
    const head = fn.fn;
    // Applied from a partial, a function is applied at the partial's own application (as Pact's
    // `apply` extends that application's arguments): its errors and call frame are there.
    if (head instanceof NativeRef) return callNativeStrict(ctx, head.native, all, fn.node);
    return apply(ctx, head, all, fn.node.info);
  }
  if (fn instanceof Def) {
    if (ctx.gas.active) chargeUserApp(ctx, fn, info);
    return callDef(ctx, fn, args, info);
  }
  if (fn instanceof NativeRef) return callNativeStrict(ctx, fn.native, args, valueNode(info, null));
  if (ctx.flag('DisablePact48')) {
    throw evalError(info, typeof fn === 'string' ? fn : `Unexpected non-native direct ref: ${showValCompact(fn)}`);
  }
  throw evalError(info, `Tried to call a value which is not a function, but a(n) ${typeName(fn)}`);
}

/// Calls a native with already evaluated arguments (from a partial application).
function callNativeStrict(ctx: Ctx, native: Native, args: Val[], app: Node): Val {
  if (native.strict === null) return applySpecial(ctx, new Partial(new NativeRef(native), [], app, emptyEnv(0)), args);
  enterNative(ctx, native, native.chargedOnEntry, app.info);
  const depth = ctx.stack.depth;
  try {
    return native.strict(ctx, args, app, native);
  } catch (e) {
    ctx.stack.unwindingCall(depth, native.name, app.info, args);
    throw e;
  }
}

/// A node that evaluates to a value already computed (arguments appended to a partial).
function valueNode(info: Info, v: Val | null): Node {
  return new Node('lit', info, () => v!);
}

/// Applies a partial special native: its own argument nodes plus the new values as literals.
function applySpecial(ctx: Ctx, p: Partial, args: Val[]): Val {
  const native = (p.fn as NativeRef).native;
  const nodes = [...(p.node.args ?? []), ...args.map((v) => valueNode(p.node.info, v))];
  const app = new Node('app', p.node.info, p.node.ev, { fn: p.node.fn, args: nodes });
  enterNative(ctx, native, native.chargedOnEntry, app.info);
  ctx.stack.pushNative(native.name, app, p.env!);
  const r = native.special!(ctx, nodes, p.env!, app, native);
  ctx.stack.pop();
  return r;
}

/// Turns a higher-order native's function argument into something `apply` accepts:
/// an application like `(+ 1)` becomes a partial application, a lambda a closure.
export function fnArg(ctx: Ctx, node: Node, env: Env, native: Native): Val {
  if (node.kind === 'lambda') return node.closure!(env);
  if (node.kind === 'app' && node.fn !== undefined) {
    // A named definition is the function itself here, not its use as a value.
    const head = node.fn.global ?? node.fn.ev(ctx, env);
    if (head instanceof NativeRef && head.native.special !== null) return new Partial(head, [], node, env);
    const args = node.args!.map((a) => a.ev(ctx, env));
    return new Partial(head, args, node);
  }
  if (node.kind === 'var') {
    const v = node.ev(ctx, env);
    if (v instanceof Closure) return v;
  }
  throw argsError(node.info, `${native.name}: expected function application: ${nodeText(node, env)}`);
}

/// `if`'s test value, which must be a boolean (shared by the native and the linker's `if` node).
export function conditional(c: Val, app: Node): boolean {
  if (typeof c === 'boolean') return c;
  throw forkedError('EvalError', app.info, `if: conditional not boolean: ${showValCompact(c)}`,
    `if: conditional not boolean, received value of type: ${typeName(c)}`);
}

/// Renders the evaluator's stack (innermost first) the way Pact prints it.
export function renderStack(stack: CallStack): StackFrame[] {
  const out: StackFrame[] = [];
  for (const f of stack.all()) {
    const args = f.argNodes !== null
      ? f.argNodes.map((n) => nodeTextAbbrev(n, f.env))
      : f.argVals?.map(showValAbbrev) ?? null;
    out.push({ name: f.name, info: f.info, args, module: f.module });
  }
  return out;
}

/// Attaches the call stack to an error thrown while `ctx.stack` was as it is now.
export function withStack(ctx: Ctx, e: PactError): PactError {
  if (e.callStack.length === 0) e.callStack = renderStack(ctx.stack);
  return e;
}

/// Pact's argument error for a native: `Invalid arguments, received [...] for SIG` (on chain:
/// `Invalid arguments in call to NAME, received arguments of type [...], expected SIG`).
/// `types` gives the argument types when the arguments are shown as source text.
export function badArgs(native: Native, args: readonly Val[], info: Info, types?: readonly string[]): PactError {
  const received2 = `[${(types ?? args.map(typeName)).join(' ')}]`;
  return forkedError('ArgsError', info, invalidArguments(native, args.map(showValCompact)),
    `Invalid arguments in call to ${native.name}, received arguments of type ${received2}, expected ${signatures(native)}`);
}

/// The off-chain text of a native's argument error, its arguments as `shown` (the language
/// server shows there what it knows of arguments before they are evaluated).
export function invalidArguments(native: Native, shown: readonly string[]): string {
  return `Invalid arguments, received [${shown.join(' ')}] for ${signatures(native)}`;
}

/// A native's signatures as its argument errors show them: the one, or a list of them.
function signatures(native: Native): string {
  return native.sigs.length === 1 ? native.sigs[0]! : renderCompact(prettyList([...native.sigs]));
}

/// Requires a plain data value (not a function, table, ...).
export function pactValue(v: Val, info: Info): PactValue {
  if (!isPactValue(v)) throw notAValue(info, v);
  return v;
}

/// Pact's error for a term where only data can go (`enforcePactValue`): `v` is the innermost
/// term that is not data.
export function notAValue(info: Info, v: Val): PactError {
  return evalError(info, `Only value-level terms permitted: ${unconvertible(v)}`);
}

/// Why a term is not data, as Pact's `toPactValue` says it.
export function unconvertible(v: Val): string {
  return `Unable to convert Term: ${showValCompact(v)}`;
}

/// Plain data values are primitives, decimals, and the tagged classes of values/value.ts.
export function isPactValue(v: Val): v is PactValue {
  return isData(v);
}
