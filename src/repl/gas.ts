/// The REPL's gas natives: choose a model, set the limit, read or reset the gas used, and
/// bracket a computation with `env-gaslog`. Model, limit and price changes take effect after the
/// current top-level expression, as Pact's environment updates do; the counter and the log change
/// at once.
import { Decimal } from '../values/decimal.ts';
import { showDecimal } from '../values/haskell-show.ts';
import { PList } from '../values/value.ts';
import { tyString } from '../values/type.ts';
import { badArgs } from '../lang/eval.ts';
import { fixedGasModel, gasToMilli, milliToGas, tableGasModel } from '../lang/gas.ts';
import type { GasModel } from '../lang/gas.ts';
import { natives } from '../natives/registry.ts';
import type { Native } from '../natives/registry.ts';
import type { Repl } from './repl.ts';

export function gasNatives(repl: Repl): Native[] {
  const setModel = (model: GasModel): string => {
    repl.deferEnv('gas-model', (c) => c.gas.setModel(model));
    return `Set gas model to ${model.description}`;
  };
  return natives({
    'env-gasmodel': {
      fn: (ctx, args) => {
        if (args.length === 0) {
          const m = ctx.gas.model;
          return `Current gas model is '${m.name}': ${m.description}`;
        }
        const [name, rate] = args;
        // The pre-4.2.1 table comes back when DisableInlineMemCheck is set at the time of choosing.
        if (args.length === 1 && name === 'table') return setModel(tableGasModel(ctx.flag('DisableInlineMemCheck')));
        if (args.length === 2 && name === 'fixed' && typeof rate === 'bigint') return setModel(fixedGasModel(rate));
        return 'Unrecognized model, perhaps try (env-gasmodel "table") or (env-gasmodel "fixed" 1)';
      },
    },
    'env-gasrate': {
      fn: (_ctx, args, app, self) => {
        const [rate] = args;
        if (args.length !== 1 || typeof rate !== 'bigint') throw badArgs(self, args, app.info);
        return setModel(fixedGasModel(rate));
      },
    },
    'env-gaslimit': {
      fn: (_ctx, args, app, self) => {
        const [limit] = args;
        if (args.length !== 1 || typeof limit !== 'bigint') throw badArgs(self, args, app.info);
        repl.deferEnv('gas-limit', (c) => { c.gas.limit = gasToMilli(limit); });
        return `Set gas limit to ${limit}`;
      },
    },
    'env-gas': {
      fn: (ctx, args, app, self) => {
        const [gas] = args;
        if (args.length === 0) return milliToGas(ctx.gas.used);
        if (args.length !== 1 || typeof gas !== 'bigint') throw badArgs(self, args, app.info);
        ctx.gas.used = gasToMilli(gas);
        return `Set gas to ${gas}`;
      },
    },
    'env-gaslog': {
      fn: (ctx) => {
        const log = ctx.gas.takeLog();
        return log === null ? 'Enabled gas log' : new PList(log, tyString);
      },
    },
    'env-gasprice': {
      fn: (_ctx, args, app, self) => {
        const [price] = args;
        if (args.length !== 1 || !(price instanceof Decimal)) throw badArgs(self, args, app.info);
        // The price is not observable in the REPL (chain data keeps its own `gas-price`).
        return `Set gas price to ${showDecimal(price)}`;
      },
    },
  }, true);
}
