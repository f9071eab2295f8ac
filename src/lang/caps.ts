/// Capabilities: tokens acquired on a stack for the extent of a `with-capability` body,
/// composed capabilities riding on their outer slot, managed capabilities installed once and
/// then metered by their manager function (or fired once, when auto-managed), and events.
import type { Info } from '../syntax/exp.ts';
import { valueEq } from '../values/equality.ts';
import { ModRef, PList, PObject, elideSite } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import { tyAny } from '../values/type.ts';
import type { Ctx } from './context.ts';
import { evalError, wrongArity } from './errors.ts';
import { callDef, chargeUserApp, checkDefArgs, isPactValue, unconvertible } from './eval.ts';
import { acquireModuleAdmin } from './guards.ts';
import { Def } from './runtime.ts';
import type { Env } from './runtime.ts';
import type { Node, Val } from './runtime.ts';
import { showValCompact } from './show.ts';

/// A capability token: the defcap's qualified name and its argument values.
export interface CapToken {
  readonly name: string;
  readonly args: readonly PactValue[];
}

interface CapSlot {
  readonly cap: CapToken;
  readonly composed: readonly CapToken[];
}

/// An installed managed capability. `static` is the token without the managed argument.
interface ManagedCap {
  readonly installed: CapSlot;
  readonly static: CapToken;
  readonly auto: { readonly active: boolean } | null;
  readonly user: { readonly value: PactValue; readonly index: number; readonly manager: Def } | null;
}

export interface PactEvent {
  readonly name: string;
  readonly module: string;
  readonly params: readonly PactValue[];
  readonly moduleHash: string;
}

/// Capability state of a transaction. The stack, the managed list, the autonomous list and the
/// module admin set are changed in place (acquiring a capability allocates little); what they
/// hold (slots, managed records, token lists) is replaced, never mutated, so a snapshot copies
/// the four containers (Pact restores evaluation state when `try` or a test catches an error).
export interface CapState {
  readonly stack: CapSlot[];
  readonly managed: ManagedCap[];
  readonly autonomous: CapToken[];
  beingEvaluated: readonly CapToken[];
  readonly moduleAdmin: Set<string>;
}

export function emptyCapState(): CapState {
  return { stack: [], managed: [], autonomous: [], beingEvaluated: [], moduleAdmin: new Set() };
}

/// A copy whose containers are its own (for snapshots and their restoring).
export function copyCapState(s: CapState): CapState {
  return {
    stack: s.stack.slice(), managed: s.managed.slice(), autonomous: s.autonomous.slice(), beingEvaluated: s.beingEvaluated,
    moduleAdmin: new Set(s.moduleAdmin),
  };
}

export function tokenEq(ctx: Ctx, a: CapToken, b: CapToken): boolean {
  if (a.name !== b.name || a.args.length !== b.args.length) return false;
  const sites = ctx.flag('DisablePact49');
  for (let i = 0; i < a.args.length; i++) {
    const x = a.args[i]!;
    const y = b.args[i]!;
    if (!valueEq(x, y) || (sites && !sameSite(x, y))) return false;
  }
  return true;
}

/// Before Pact 4.9 a module reference kept where it was written, and tokens compared that too.
function sameSite(x: PactValue, y: PactValue): boolean {
  return !(x instanceof ModRef && y instanceof ModRef) || x.site === y.site;
}

/// `(mod.CAP "a" 1)`, as Pact shows a token.
export function showToken(t: CapToken): string {
  return `(${[t.name, ...t.args.map(showValCompact)].join(' ')})`;
}

function allStackCaps(s: CapState): CapToken[] {
  return s.stack.flatMap((slot) => [slot.cap, ...slot.composed]);
}

/// Is `cap` on the stack, acquired or composed? (Asked at every `require-capability` and
/// capability-scoped keyset check, so without building the list.)
export function capabilityAcquired(ctx: Ctx, cap: CapToken): boolean {
  const stack = ctx.caps.stack;
  for (let i = 0; i < stack.length; i++) {
    const slot = stack[i]!;
    if (tokenEq(ctx, slot.cap, cap)) return true;
    for (let j = 0; j < slot.composed.length; j++) if (tokenEq(ctx, slot.composed[j]!, cap)) return true;
  }
  return false;
}

/// Is a signer with these capabilities in scope for a keyset check?
export function signerInScope(ctx: Ctx, signerCaps: readonly CapToken[]): boolean {
  const s = ctx.caps;
  if (signerCaps.length === 0) return s.autonomous.length === 0;
  const granted = s.beingEvaluated.length > 0 && !ctx.flag('DisablePact412') ? s.beingEvaluated : allStackCaps(s);
  return signerCaps.some((c) => granted.some((g) => tokenEq(ctx, c, g)));
}

export interface CapApp {
  readonly cap: CapToken;
  readonly def: Def;
  readonly args: Val[];
  readonly info: Info;
}

/// Evaluates a capability application `(CAP args)`: its head must be a defcap.
export function appToCap(ctx: Ctx, node: Node, env: Env): CapApp {
  if (node.kind !== 'app' || node.fn === undefined) throw evalError(node.info, 'Expected capability application');
  const head = node.fn.global ?? (node.fn.kind === 'var' ? node.fn.ev(ctx, env) : undefined);
  const def = head instanceof Def ? head : undefined;
  if (def === undefined) throw evalError(node.info, `Can only apply defcap here, found: ${showValCompact(head ?? '')}`);
  if (def.kind !== 'defcap') throw evalError(node.info, `Can only apply defcap here, found: ${def.kind}`);
  const argNodes = node.args!;
  const args = new Array<Val>(argNodes.length);
  for (let i = 0; i < args.length; i++) args[i] = argNodes[i]!.ev(ctx, env);
  if (args.length !== def.args.length) {
    throw wrongArity(node.info, def.name, args.length, def.args.length);
  }
  checkDefArgs(def, args);
  let sited = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!isPactValue(a)) throw evalError(node.info, `Invalid capability argument: ${unconvertible(a)}`);
    if (a instanceof ModRef && a.site !== null) sited = true;
  }
  // Since Pact 4.0 a token's module references forget where they were made. (Neither array is
  // ever changed, so the token can share the arguments when nothing is elided.)
  const params = sited && !ctx.flag('DisablePact40') ? (args as PactValue[]).map(elideSite) : args as PactValue[];
  return { cap: { name: def.qualifiedName, args: params }, def, args, info: node.info };
}

/// Re-resolves a token's defcap (for signature caps, which name their defcap by text).
export function resolveCapDef(ctx: Ctx, name: string, info: Info): Def {
  const dot = name.lastIndexOf('.');
  const mod = ctx.lookupModule(name.slice(0, dot));
  const d = mod?.members.get(name.slice(dot + 1));
  if (!(d instanceof Def) || d.kind !== 'defcap') throw evalError(info, `Could not resolve capability: ${name}`);
  return d;
}

/// The innermost module whose code is running, if any.
export function callingModule(ctx: Ctx): string | null {
  return ctx.stack.innermostModule();
}

/// Access to a module's capabilities from outside the module needs module admin.
export function guardForModuleCall(ctx: Ctx, module: string, info: Info): void {
  if (callingModule(ctx) === module) return;
  const md = ctx.lookupModule(module);
  if (md === undefined) throw evalError(info, `Unable to resolve module ${module}`);
  if (md.isInterface) throw evalError(info, `Internal error, interface found in call stack: ${module}`);
  acquireModuleAdmin(ctx, md, info);
}

/// Is a defcap running (within `limit` user frames, if given)?
export function defcapInStack(ctx: Ctx, limit: number | null): boolean {
  let seen = 0;
  for (let i = ctx.stack.depth - 1; i >= 0; i--) {
    const f = ctx.stack.at(i);
    if (f.module === null) continue;
    if (f.def?.kind === 'defcap') return true;
    if (limit !== null && ++seen >= limit) return false;
  }
  return false;
}

export function enforceNotWithinDefcap(ctx: Ctx, info: Info, what: string): void {
  if (defcapInStack(ctx, null)) throw evalError(info, `${what} not allowed within defcap execution`);
}

export function emitEvent(ctx: Ctx, cap: CapToken, info: Info): void {
  if (ctx.flag('DisablePactEvents')) return;
  const module = callingModule(ctx);
  if (module === null) throw evalError(info, 'Unable to resolve current calling module');
  const mod = cap.name.slice(0, cap.name.lastIndexOf('.'));
  if (mod !== module) throw evalError(info, `emitEvent: event '${cap.name}' does not match emitting module: ${module}`);
  const md = ctx.lookupModule(module)!;
  ctx.events.push({ name: cap.name.slice(mod.length + 1), module, params: cap.args, moduleHash: md.hash });
}

export type CapScope = 'stack' | 'composed' | 'managed';
export type CapResult = 'already' | 'new' | 'installed';

/// Runs the defcap body with the token's arguments (the capability's "test").
function runDefcap(ctx: Ctx, app: CapApp): void {
  if (ctx.gas.active) chargeUserApp(ctx, app.def, app.info);
  callDef(ctx, app.def, app.args, app.info, true);
}

function push(ctx: Ctx, slot: CapSlot): void {
  ctx.caps.stack.push(slot);
}

/// Removes the top slot and returns it.
export function popCap(ctx: Ctx): CapSlot {
  const top = ctx.caps.stack.pop();
  if (top === undefined) throw evalError(null, 'acquireCapability: unexpected error: empty stack');
  return top;
}

/// Acquires (stack or composed scope) or installs (managed scope) a capability.
export function evalCap(ctx: Ctx, info: Info, scope: CapScope, app: CapApp, inModule: boolean): CapResult {
  if (inModule) guardForModuleCall(ctx, app.def.module.name, app.info);
  const meta = app.def.defcapMeta;
  if (scope === 'managed') {
    const part = staticPart(app);
    if (ctx.caps.managed.some((m) => tokenEq(ctx, m.static, part.cap) && m.installed.cap.name === app.cap.name && tokenEq(ctx, m.installed.cap, app.cap))) {
      throw evalError(info, `Duplicate install of managed capability ${showToken(app.cap)}`);
    }
    push(ctx, { cap: app.cap, composed: [] });
    runDefcap(ctx, app);
    installManaged(ctx, app, popCap(ctx));
    return 'installed';
  }
  if (capabilityAcquired(ctx, app.cap)) return 'already';
  const composed = meta !== null && meta.kind !== 'event' ? checkManaged(ctx, info, app) : null;
  if (composed === null) {
    push(ctx, { cap: app.cap, composed: [] });
    runDefcap(ctx, app);
    if (meta?.kind === 'event') emitEvent(ctx, app.cap, info);
    if (scope === 'composed') attachComposed(ctx, popCap(ctx));
  } else {
    emitEvent(ctx, app.cap, info);
    const slot = { cap: app.cap, composed };
    if (scope === 'composed') attachComposed(ctx, slot);
    else push(ctx, slot);
  }
  return 'new';
}

/// A composed capability lives on the slot of the capability that composed it.
function attachComposed(ctx: Ctx, slot: CapSlot): void {
  const stack = ctx.caps.stack;
  const top = stack[stack.length - 1];
  if (top === undefined) throw evalError(null, 'compose-capability: no enclosing capability');
  stack[stack.length - 1] = { cap: top.cap, composed: [...top.composed, slot.cap, ...slot.composed] };
}

/// The token without its managed argument, and that argument's index and value.
function staticPart(app: CapApp): { cap: CapToken; index: number; value: PactValue | null } {
  const meta = app.def.defcapMeta;
  if (meta?.kind !== 'managed') return { cap: app.cap, index: -1, value: null };
  const i = meta.paramIndex;
  return { cap: { name: app.cap.name, args: app.cap.args.filter((_, k) => k !== i) }, index: i, value: app.cap.args[i]! };
}

function installManaged(ctx: Ctx, app: CapApp, slot: CapSlot): void {
  const meta = app.def.defcapMeta!;
  const part = staticPart(app);
  const mc: ManagedCap = meta.kind === 'managed'
    ? { installed: slot, static: part.cap, auto: null, user: { value: part.value!, index: part.index, manager: meta.manager } }
    : { installed: slot, static: app.cap, auto: { active: true }, user: null };
  ctx.caps.managed.push(mc);
}

function replaceManaged(ctx: Ctx, old: ManagedCap, updated: ManagedCap): void {
  const managed = ctx.caps.managed;
  const i = managed.indexOf(old);
  if (i >= 0) managed[i] = updated;
}

/// A managed capability is acquired through its installed record: the manager function
/// approves the requested amount, or an auto-managed one fires once. Missing records are
/// installed on demand from `install-capability`, signer and verifier capabilities.
function checkManaged(ctx: Ctx, info: Info, app: CapApp): readonly CapToken[] {
  const managed = ctx.caps.managed;
  for (let i = 0; i < managed.length; i++) {
    const r = testManaged(ctx, info, managed[i]!, app);
    if (r !== null) return r;
  }
  const installed = lazyInstall(ctx, info, app, staticPart(app).cap);
  if (installed !== null) {
    const r = testManaged(ctx, info, installed, app);
    if (r !== null) return r;
  }
  throw evalError(info, `Managed capability not installed: ${showToken(app.cap)}`);
}

/// Acquires `app` through the installed record `mc` if it is the record's capability: the
/// composed capabilities of its install, or null when `mc` is another capability's.
function testManaged(ctx: Ctx, info: Info, mc: ManagedCap, app: CapApp): readonly CapToken[] | null {
  if (mc.auto !== null) {
    if (!tokenEq(ctx, mc.static, app.cap)) return null;
    if (!mc.auto.active) throw evalError(info, 'Capability already fired');
    replaceManaged(ctx, mc, { ...mc, auto: { active: false } });
    return mc.installed.composed;
  }
  const user = mc.user!;
  const meta = app.def.defcapMeta;
  const index = meta?.kind === 'managed' ? meta.paramIndex : -1;
  if (index !== user.index || !staticEq(ctx, app.cap, index, mc.static)) return null;
  if (ctx.gas.active) chargeUserApp(ctx, user.manager, info);
  const v = callDef(ctx, user.manager, [user.value, app.cap.args[index]!], info);
  if (!isPactValue(v)) throw evalError(info, `Invalid return value from mgr function: ${showValCompact(v)}`);
  // The manager may have replaced the record (a nested acquisition): update the current one.
  const current = currentRecord(ctx, mc);
  replaceManaged(ctx, current, { ...current, user: { ...user, value: v } });
  return mc.installed.composed;
}

/// The record now installed for the same capability as `mc` (itself, unless replaced).
function currentRecord(ctx: Ctx, mc: ManagedCap): ManagedCap {
  const managed = ctx.caps.managed;
  for (let i = 0; i < managed.length; i++) {
    const m = managed[i]!;
    if (m.static === mc.static && m.installed === mc.installed) return m;
  }
  return mc;
}

/// Is `full` without its argument at `index` the token `part`? (`staticPart` without building it.)
function staticEq(ctx: Ctx, full: CapToken, index: number, part: CapToken): boolean {
  if (index < 0) return tokenEq(ctx, full, part);
  const n = full.args.length;
  if (full.name !== part.name || n - 1 !== part.args.length) return false;
  const sites = ctx.flag('DisablePact49');
  for (let i = 0, j = 0; i < n; i++) {
    if (i === index) continue;
    const x = full.args[i]!;
    const y = part.args[j++]!;
    if (!valueEq(x, y) || (sites && !sameSite(x, y))) return false;
  }
  return true;
}

function lazyInstall(ctx: Ctx, info: Info, app: CapApp, wanted: CapToken): ManagedCap | null {
  const candidates = [...ctx.caps.autonomous, ...ctx.env.signers.flatMap((s) => s.caps), ...ctx.env.verifiers.flatMap((v) => v.caps)];
  for (const c of candidates) {
    if (c.name !== app.cap.name || c.args.length !== app.cap.args.length) continue;
    const candidate: CapApp = { cap: c, def: app.def, args: [...c.args], info: app.def.info };
    if (!tokenEq(ctx, staticPart(candidate).cap, wanted)) continue;
    evalCapBeing(ctx, [...ctx.caps.beingEvaluated, c], info, 'managed', candidate, true);
    return ctx.caps.managed[ctx.caps.managed.length - 1]!;
  }
  return null;
}

/// `evalCap` with `beingEvaluated` set to `being` while it runs (the tokens a keyset check in
/// the defcap may be scoped to).
export function evalCapBeing(ctx: Ctx, being: readonly CapToken[], info: Info, scope: CapScope, app: CapApp, inModule: boolean): CapResult {
  const saved = ctx.caps.beingEvaluated;
  ctx.caps.beingEvaluated = being;
  const r = evalCap(ctx, info, scope, app, inModule);
  ctx.caps.beingEvaluated = saved;
  return r;
}

/// `env-events`: the events as objects, oldest first.
export function eventsList(ctx: Ctx): PList {
  return new PList(ctx.events.map((e) => eventObject(e)), tyAny);
}

function eventObject(e: PactEvent): PactValue {
  return new PObject(new Map<string, PactValue>([
    ['module-hash', e.moduleHash], ['name', `${e.module}.${e.name}`], ['params', new PList([...e.params], tyAny)],
  ]), false);
}
