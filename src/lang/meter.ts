/// The gas meter of an evaluation: the chosen model, the limit, the gas used so far and the
/// REPL's gas log. Every charge point of docs/gas-charge-points.md goes through `charge`.
import type { Info } from '../syntax/exp.ts';
import { GasModelError, addMilli, fixedGasModel, gasLimitExceededMessage, gasLogEntry, milliToGas } from './gas.ts';
import type { GasArgs, GasModel, IntOpThreshold, WriteValue } from './gas.ts';
import { sizeOfVersion } from '../values/sizeof.ts';
import type { Ctx } from './context.ts';
import { PactError, evalError } from './errors.ts';

export class GasMeter {
  model: GasModel = fixedGasModel(0n);
  /// Limit and gas used, in milligas.
  limit = 0n;
  used = 0n;
  /// Log lines and their costs (in gas, as shown) since logging was enabled; null when disabled.
  log: string[] | null = null;
  private logCosts: bigint[] = [];
  /// False while no charge can cost anything or be logged (the REPL's initial `fixed 0` model
  /// without a log): the evaluator then skips building charges at all.
  active = false;

  setModel(model: GasModel): void {
    this.model = model;
    this.refresh();
  }

  /// Charges `args` for `name` (a native's or definition's name, `""` for arithmetic), logging it
  /// and failing with a GasError at `info` once the total passes the limit.
  charge(name: string, args: GasArgs, info: Info | null): void {
    let cost: bigint;
    try {
      cost = this.model.cost(name, args);
    } catch (e) {
      // A failure of the cost function itself has no source position in Pact.
      if (e instanceof GasModelError) throw evalError(null, e.message);
      throw e;
    }
    const total = addMilli(this.used, cost);
    this.used = total;
    if (this.log !== null) {
      this.log.push(gasLogEntry(name, args, total, cost));
      this.logCosts.push(milliToGas(cost));
    }
    if (total > this.limit) throw new PactError('GasError', info, gasLimitExceededMessage(this.limit, total));
  }

  /// `(env-gaslog)`: starts a log, or returns the current one (total first) and starts anew.
  takeLog(): string[] | null {
    const log = this.log;
    const costs = this.logCosts;
    this.log = [];
    this.logCosts = [];
    this.refresh();
    if (log === null) return null;
    return [`TOTAL: ${costs.reduce((a, b) => a + b, 0n)}`, ...log];
  }

  disableLog(): void {
    this.log = null;
    this.logCosts = [];
    this.refresh();
  }

  /// The log's length, to forget lines of an evaluation that failed (the log is evaluation
  /// state; the gas counter is not).
  mark(): number {
    return this.log?.length ?? 0;
  }

  forgetSince(mark: number): void {
    if (this.log !== null && this.log.length > mark) {
      this.log.length = mark;
      this.logCosts.length = mark;
    }
  }

  private refresh(): void {
    this.active = this.log !== null || this.model.name !== 'fixed 0';
  }
}

/// The integer size above which operations cost more: raised in Pact 4.8.
export function intOpThreshold(ctx: Ctx): IntOpThreshold {
  return ctx.flag('DisablePact48') ? 'Pact43IntThreshold' : 'Pact48IntThreshold';
}

/// A database write, charged by the size of what is written (sizes as of Pact 4.5 unless
/// `DisablePact45`).
export function chargeWrite(ctx: Ctx, name: string, write: WriteValue, info: Info | null): void {
  if (ctx.gas.active) {
    ctx.gas.charge(name, { kind: 'GPreWrite', write, version: sizeOfVersion(ctx.flag('DisablePact45')) }, info);
  }
}

/// A row read, charged per column.
export function chargeRowRead(ctx: Ctx, name: string, columns: number, info: Info | null): void {
  if (ctx.gas.active) ctx.gas.charge(name, { kind: 'GPostRead', read: { kind: 'ReadData', columns } }, info);
}
