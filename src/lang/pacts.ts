/// Defpacts: multi-step transactions. Calling a defpact runs its first step under a pact id
/// (the transaction hash, or a hash of the parent id for a nested pact); later steps are resumed
/// from the state stored in the pacts table. Steps pass data forward with `yield`/`resume`.
import type { Info } from '../syntax/exp.ts';
import { encodeJson } from '../values/json.ts';
import { hashText } from '../values/hash.ts';
import { toJson } from '../values/pact-json.ts';
import { tyAny } from '../values/type.ts';
import { PList, PObject } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import { callingModule } from './caps.ts';
import type { Ctx } from './context.ts';
import { evalError, wrongArity } from './errors.ts';
import { chargeUserApp, isPactValue, notAValue } from './eval.ts';
import { chargeWrite } from './meter.ts';
import { Def, emptyEnv } from './runtime.ts';
import type { Env, Val } from './runtime.ts';
import { showValCompact } from './show.ts';
import { checkArgs } from './typecheck.ts';

export const PACTS_TABLE = 'SYS_pacts';

export interface Provenance {
  readonly targetChainId: string;
  readonly moduleHash: string;
}

export interface Yield {
  readonly data: ReadonlyMap<string, PactValue>;
  readonly provenance: Provenance | null;
  readonly source: string | null;
}

export interface PactContinuation {
  /// The defpact's qualified name.
  readonly def: string;
  readonly args: readonly PactValue[];
}

export interface PactExec {
  readonly stepCount: number;
  readonly yield: Yield | null;
  /// False when a private step was skipped for another entity; null for public steps.
  readonly executed: boolean | null;
  readonly step: number;
  readonly pactId: string;
  readonly continuation: PactContinuation;
  readonly stepHasRollback: boolean;
  readonly nested: ReadonlyMap<string, PactExec>;
}

/// The step being run (Pact's `PactStep` in the environment).
export interface PactStep {
  readonly step: number;
  readonly rollback: boolean;
  readonly pactId: string;
  readonly resume: Yield | null;
}

function setExec(ctx: Ctx, exec: PactExec | null): void {
  ctx.pactExec = exec;
}

function currentExec(ctx: Ctx, info: Info | null): PactExec {
  const e = ctx.pactExec;
  if (e === null) throw evalError(info, 'Internal error, pact exec state not found after execution');
  return e;
}

function toValues(args: Val[], info: Info): PactValue[] {
  return args.map((a) => {
    if (!isPactValue(a)) throw notAValue(info, a);
    return a;
  });
}

/// A nested pact's id: the hash of the parent id, `:`, and the JSON of its continuation.
function nestedPactId(cont: PactContinuation, parent: string): string {
  const json = encodeJson(toJson(new PObject(new Map<string, PactValue>([
    ['def', cont.def], ['args', new PList([...cont.args], tyAny)],
  ]), false)), { legacyOrder: true });
  return hashText(`${parent}:${json}`);
}

/// Calling a defpact: step 0 of a new pact (or of a nested pact inside a running step).
export function initPact(ctx: Ctx, def: Def, args: Val[], info: Info): Val {
  const cont: PactContinuation = { def: def.qualifiedName, args: toValues(args, info) };
  const parent = ctx.pactStep;
  if (parent !== null) {
    const ps: PactStep = { step: parent.step, rollback: parent.rollback, pactId: nestedPactId(cont, parent.pactId), resume: null };
    return runStep(ctx, def, args, info, () => applyNestedPact(ctx, def, args, cont, ps, info));
  }
  const ps: PactStep = { step: 0, rollback: false, pactId: ctx.env.txHash, resume: null };
  return withStep(ctx, ps, () => runStep(ctx, def, args, info, () => applyPact(ctx, def, args, cont, ps, new Map(), info)));
}

function withStep<T>(ctx: Ctx, ps: PactStep, f: () => T): T {
  const saved = ctx.pactStep;
  ctx.pactStep = ps;
  try {
    return f();
  } finally {
    ctx.pactStep = saved;
  }
}

/// Binds the defpact's arguments and runs a step under the defpact's call frame.
function runStep(ctx: Ctx, def: Def, args: Val[], info: Info | null, run: () => Val): Val {
  if (args.length !== def.args.length) {
    throw wrongArity(info, def.name, args.length, def.args.length);
  }
  checkArgs(def.args, args);
  const depth = ctx.stack.depth;
  ctx.stack.pushCall(def, info);
  let r: Val;
  try {
    r = run();
  } catch (e) {
    ctx.stack.unwindingArgs(depth, args);
    throw e;
  }
  ctx.stack.pop();
  return r;
}

function stepNodes(def: Def, ps: PactStep, info: Info | null) {
  const step = def.steps[ps.step];
  if (step === undefined) throw evalError(info, `applyPact: step not found: ${ps.step}`);
  return step;
}

/// The step's frame: the defpact's arguments in the first slots.
function stepEnv(def: Def, args: readonly Val[]): Env {
  const env = emptyEnv(def.slots);
  args.forEach((a, i) => { env.slots[i] = a; });
  return env;
}

function evalStep(ctx: Ctx, def: Def, args: readonly Val[], ps: PactStep, info: Info | null): Val {
  const step = stepNodes(def, ps, info);
  const env = stepEnv(def, args);
  if (!ps.rollback) return step.exec.ev(ctx, env);
  if (step.rollback === null) throw evalError(step.info, 'Rollback requested but none in step');
  return step.rollback.ev(ctx, env);
}

function applyPact(ctx: Ctx, def: Def, args: readonly Val[], cont: PactContinuation, ps: PactStep, nested: ReadonlyMap<string, PactExec>, info: Info | null): Val {
  if (ctx.pactExec !== null) throw evalError(info, 'Multiple or nested pact exec found');
  const step = stepNodes(def, ps, info);
  let executed: boolean | null = null;
  if (step.entity !== null) {
    const e = step.entity.ev(ctx, stepEnv(def, args));
    if (typeof e !== 'string') throw evalError(step.info, 'applyPact: step entity must be String value');
    if (ctx.env.entity === null) throw evalError(step.info, 'applyPact: private step executed against non-private environment');
    executed = e === ctx.env.entity;
  }
  const stepCount = def.steps.length;
  setExec(ctx, {
    stepCount, yield: null, executed, step: ps.step, pactId: ps.pactId, continuation: cont,
    stepHasRollback: step.rollback !== null, nested,
  });
  const result = executed === false ? 'skip step' : evalStep(ctx, def, args, ps, info);
  const state = currentExec(ctx, info);
  const isLast = ps.step === stepCount - 1;
  const done = (!ps.rollback && isLast) || (executed === null && ps.rollback) || (executed !== null && ps.rollback && ps.step === 0);
  checkNestedAdvanced(state, ps, info);
  ctx.db.write(PACTS_TABLE, ps.pactId, done ? null : state);
  if (!ctx.flag('DisablePact40')) emitCrossChainEvents(ctx, ps.resume, state);
  return result;
}

function checkNestedAdvanced(state: PactExec, ps: PactStep, info: Info | null): void {
  for (const n of state.nested.values()) {
    if (n.step !== ps.step) throw evalError(info, `Nested defpacts were not all advanced in prior step for pact: ${ps.pactId}`);
  }
}

function applyNestedPact(ctx: Ctx, def: Def, args: readonly Val[], cont: PactContinuation, ps: PactStep, info: Info): Val {
  const parentExec = ctx.pactExec;
  if (parentExec === null) throw evalError(info, `Nested Pact attempted but no pactExec found for:${cont.def}`);
  const step = stepNodes(def, ps, info);
  if (step.entity !== null) throw evalError(step.info, 'applyNestedPact: nested defpacts do not allow private execution');
  const stepCount = def.steps.length;
  const rollback = step.rollback !== null;
  if (stepCount !== parentExec.stepCount) throw evalError(step.info, 'applyNestedPact: invalid nested defpact length, must be equal to length of parent');
  if (rollback !== parentExec.stepHasRollback) throw evalError(step.info, 'applyNestedPact: invalid nested defpact step, must match parent rollback');
  const prior = parentExec.nested.get(ps.pactId);
  let exec: PactExec;
  if (prior === undefined) {
    if (ps.step !== 0) throw evalError(step.info, 'Nested pact executing same nested pact twice');
    exec = { stepCount, yield: null, executed: null, step: ps.step, pactId: ps.pactId, continuation: cont, stepHasRollback: rollback, nested: new Map() };
  } else if (ps.step >= 0 && rollback && prior.step === ps.step) {
    exec = { ...prior, stepHasRollback: rollback };
  } else if (ps.step > 0 && prior.step + 1 === ps.step) {
    exec = { ...prior, step: prior.step + 1, stepHasRollback: rollback };
  } else {
    throw evalError(step.info, 'Nested pact never started at prior step');
  }
  setExec(ctx, exec);
  const result = withStep(ctx, ps, () => evalStep(ctx, def, args, ps, info));
  const state = currentExec(ctx, info);
  checkNestedAdvanced(state, ps, info);
  const nested = new Map(parentExec.nested);
  nested.set(ps.pactId, state);
  setExec(ctx, { ...parentExec, nested });
  return result;
}

function emitCrossChainEvents(ctx: Ctx, resume: Yield | null, exec: PactExec): void {
  const event = (name: string, chain: string, moduleHash: string) => {
    ctx.events.push({
      name, module: 'pact', moduleHash,
      params: [chain, exec.continuation.def, new PList([...exec.continuation.args], tyAny)],
    });
  };
  if (resume?.provenance && resume.source !== null) event('X_RESUME', resume.source, resume.provenance.moduleHash);
  if (exec.yield?.provenance) event('X_YIELD', exec.yield.provenance.targetChainId, exec.yield.provenance.moduleHash);
}

/// Resumes the pact named by the current step from its stored state (`continue-pact`), or, for
/// a cross-chain continuation, from the state its proof carries: the pact must not be active
/// here unless this chain ran an earlier step (a flip-flop), and a completed pact never resumes,
/// so a proof is redeemed once.
export function resumePact(ctx: Ctx, ps: PactStep, info: Info | null, crossChain: PactExec | null = null): Val {
  const stored = ctx.db.read(PACTS_TABLE, ps.pactId) as PactExec | null | undefined;
  if (stored === null) throw evalError(info, `resumePact: pact completed: ${ps.pactId}`);
  if (stored === undefined && crossChain === null) throw evalError(info, `resumePact: no previous execution found for: ${ps.pactId}`);
  if (stored !== undefined && crossChain !== null) checkFlipFlop(stored, crossChain, info);
  const exec = crossChain ?? stored!;
  if (crossChain !== null && crossChain.pactId !== ps.pactId) {
    throw evalError(info, `resumePactExec: request and context pact IDs do not match: (${ps.pactId},${crossChain.pactId})`);
  }
  if (ps.step < 0 || ps.step >= exec.stepCount) throw evalError(info, `resumePactExec: invalid step in request: ${ps.step}`);
  if (ps.rollback && ps.step !== exec.step) {
    throw evalError(info, `resumePactExec: rollback step mismatch with context: (${ps.step}, ${exec.step})`);
  }
  if (!ps.rollback && ps.step !== exec.step + 1) {
    throw evalError(info, `resumePactExec: exec step mismatch with context: (${ps.step}, ${exec.step})`);
  }
  const def = resolveDefpact(ctx, exec.continuation.def, info);
  if (ctx.gas.active) chargeUserApp(ctx, def, info);
  const step: PactStep = { ...ps, resume: ps.resume ?? exec.yield };
  const args = [...exec.continuation.args];
  return withStep(ctx, step, () => runStep(ctx, def, args, info,
    () => applyPact(ctx, def, args, exec.continuation, step, exec.nested, info)));
}

/// A cross-chain continuation of a pact active here: this chain ran an earlier step, so the
/// proof must be at least two steps on and of the same pact.
function checkFlipFlop(db: PactExec, cc: PactExec, info: Info | null): void {
  if (cc.step <= db.step + 1) {
    throw evalError(info, `resumePact: db step ${db.step} must be at least 2 steps before cross-chain continuation step ${cc.step}`);
  }
  const cont = (e: PactExec): string => encodeJson(toJson(new PObject(new Map<string, PactValue>([
    ['def', e.continuation.def], ['args', new PList([...e.continuation.args], tyAny)],
  ]), false)));
  if (cont(cc) !== cont(db)) throw evalError(info, 'resumePact: cross-chain continuation does not match db continuation');
  if (cc.stepCount !== db.stepCount) {
    throw evalError(info, `resumePact: cross-chain step count ${cc.stepCount} does not match db step count ${db.stepCount}`);
  }
}

function resolveDefpact(ctx: Ctx, name: string, info: Info | null): Def {
  const dot = name.lastIndexOf('.');
  const d = ctx.lookupModule(name.slice(0, dot))?.members.get(name.slice(dot + 1));
  if (d === undefined) throw evalError(info, `resumePactExec: could not resolve continuation ref: ${name}`);
  if (!(d instanceof Def) || d.kind !== 'defpact') throw evalError(info, 'resumePactExec: defpact required');
  return d;
}

/// `(continue (nested-pact args))`: advances a nested pact within the current step.
export function continueNested(ctx: Ctx, def: Def, args: Val[], info: Info): Val {
  const ps = ctx.pactStep;
  const pe = ctx.pactExec;
  if (ctx.gas.active) chargeUserApp(ctx, def, info);
  if (ps === null || pe === null) throw evalError(info, 'Not within pact invocation');
  const cont: PactContinuation = { def: def.qualifiedName, args: toValues(args, info) };
  const id = nestedPactId(cont, ps.pactId);
  const npe = pe.nested.get(id);
  if (npe === undefined) throw evalError(info, `Attempting to continue a pact that was not nested: ${showValCompact(def)}`);
  if (ps.step < 0 || ps.step >= npe.stepCount) throw evalError(info, `resumeNestedPactExec: invalid step in request: ${ps.step}`);
  const step: PactStep = { step: ps.step, rollback: ps.rollback, pactId: id, resume: npe.yield };
  const stored = [...npe.continuation.args];
  return withStep(ctx, step, () => runStep(ctx, def, stored, info,
    () => applyNestedPact(ctx, def, stored, npe.continuation, step, info)));
}

/// `yield`: hands an object to the next step, optionally on another chain.
export function yieldData(ctx: Ctx, data: ReadonlyMap<string, PactValue>, targetChain: string | null, info: Info): void {
  const pe = ctx.pactExec;
  if (pe === null) throw evalError(info, 'Yield not in defpact context');
  if (targetChain !== null && pe.stepHasRollback) throw evalError(info, 'Cross-chain yield not allowed in step with rollback');
  chargeWrite(ctx, 'yield', { kind: 'WriteYield', data }, info);
  let y: Yield = { data, provenance: null, source: null };
  if (targetChain !== null) {
    const mod = callingModule(ctx);
    const md = mod === null ? undefined : ctx.lookupModule(mod);
    if (md === undefined) throw evalError(info, 'Unable to resolve current calling module');
    y = {
      data, provenance: { targetChainId: targetChain, moduleHash: md.hash },
      source: ctx.flag('DisablePact40') ? null : ctx.env.chainData.chainId,
    };
  }
  setExec(ctx, { ...pe, yield: y });
}

/// The yield a `resume` binds from, checked against its cross-chain provenance.
export function resumeData(ctx: Ctx, info: Info): ReadonlyMap<string, PactValue> {
  const y = ctx.pactStep?.resume ?? null;
  if (y === null) throw evalError(info, 'Resume: no yielded value in context');
  if (ctx.gas.active) ctx.gas.charge('resume', { kind: 'GPostRead', read: { kind: 'ReadYield', columns: y.data.size } }, info);
  if (y.provenance !== null) {
    const mod = callingModule(ctx);
    const md = mod === null ? undefined : ctx.lookupModule(mod);
    if (md === undefined) throw evalError(info, 'Unable to resolve current calling module');
    const chain = ctx.env.chainData.chainId;
    const shown = (c: string, h: string): string => `(chain = "${c}" hash="${h}")`;
    const yielded = shown(y.provenance.targetChainId, y.provenance.moduleHash);
    if (ctx.flag('DisablePact40')) {
      // Before Pact 4.0 only the current hash was accepted, and the message put it first.
      if (y.provenance.targetChainId !== chain || y.provenance.moduleHash !== md.hash) {
        throw evalError(info, `enforceYield: yield provenance ${shown(chain, md.hash)} does not match ${yielded}`);
      }
    } else {
      const ok = y.provenance.targetChainId === chain && (md.hash === y.provenance.moduleHash || md.blessed.includes(y.provenance.moduleHash));
      if (!ok) {
        const accepted = [md.hash, ...[...md.blessed].sort()].map((h) => shown(chain, h)).join(', ');
        throw evalError(info, `enforceYield: yield provenance ${yielded} does not match [${accepted}]`);
      }
    }
  }
  return y.data;
}
