/// Time natives: constructing, parsing, formatting and shifting times (microsecond precision).
import { Decimal } from '../values/decimal.ts';
import { ISO_TIME_FORMAT, formatTime, parseIsoTime, parseTime } from '../values/time.ts';
import { PactTime } from '../values/value.ts';
import type { Ctx } from '../lang/context.ts';
import { evalError } from '../lang/errors.ts';
import { badArgs } from '../lang/eval.ts';
import type { Node, Val } from '../lang/runtime.ts';
import { natives } from './registry.ts';
import type { Native } from './registry.ts';

const MICROS = Decimal.fromInteger(1000000n);

/// Seconds as a decimal, multiplied by `factor` (`minutes`, `hours`, `days`).
function timeMult(factor: bigint) {
  const m = Decimal.fromInteger(factor);
  return (_ctx: Ctx, args: Val[], app: Node, self: Native): Val => {
    const [n] = args;
    if (args.length === 1 && typeof n === 'bigint') return Decimal.fromInteger(n).mul(m);
    if (args.length === 1 && n instanceof Decimal) return n.mul(m);
    throw badArgs(self, args, app.info);
  };
}

export const timeNatives: Native[] = natives({
  time: {
    fn: (_ctx, args, app, self) => {
      const [s] = args;
      if (args.length !== 1 || typeof s !== 'string') throw badArgs(self, args, app.info);
      const t = parseIsoTime(s);
      if (t === undefined) throw evalError(app.info, `Invalid time, expecting '${ISO_TIME_FORMAT}': ${s}`);
      return new PactTime(t);
    },
  },
  'parse-time': {
    fn: (_ctx, args, app, self) => {
      const [fmt, s] = args;
      if (args.length !== 2 || typeof fmt !== 'string' || typeof s !== 'string') throw badArgs(self, args, app.info);
      const t = parseTime(fmt, s);
      if (t === undefined) throw evalError(app.info, `Failed to parse time '${s}' with format: ${fmt}`);
      return new PactTime(t);
    },
  },
  'format-time': {
    fn: (_ctx, args, app, self) => {
      const [fmt, t] = args;
      if (args.length !== 2 || typeof fmt !== 'string' || !(t instanceof PactTime)) throw badArgs(self, args, app.info);
      return formatTime(fmt, t.micros);
    },
  },
  'add-time': {
    fn: (_ctx, args, app, self) => {
      const [t, s] = args;
      if (args.length === 2 && t instanceof PactTime) {
        // Seconds become microseconds rounded half-even, as pact-time's `fromSeconds`.
        if (typeof s === 'bigint') return new PactTime(t.micros + s * 1000000n);
        if (s instanceof Decimal) return new PactTime(t.micros + s.mul(MICROS).roundToInteger());
      }
      throw badArgs(self, args, app.info);
    },
  },
  'diff-time': {
    fn: (_ctx, args, app, self) => {
      const [a, b] = args;
      if (args.length !== 2 || !(a instanceof PactTime) || !(b instanceof PactTime)) throw badArgs(self, args, app.info);
      return new Decimal(a.micros - b.micros, 6).normalize();
    },
  },
  minutes: { fn: timeMult(60n) },
  hours: { fn: timeMult(3600n) },
  days: { fn: timeMult(86400n) },
});
