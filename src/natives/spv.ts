/// SPV and verifier natives: `verify-spv` answers from the proofs the environment can check (a
/// devnet's own proofs, or the REPL's `mock-spv` entries); `enforce-verifier` checks that a verifier plugin vouched for the
/// capability being acquired.
import { valueEq } from '../values/equality.ts';
import { PObject } from '../values/value.ts';
import { defcapInStack, tokenEq } from '../lang/caps.ts';
import { evalError, txFailure } from '../lang/errors.ts';
import { badArgs } from '../lang/eval.ts';
import { natives } from './registry.ts';
import type { Native } from './registry.ts';

export const spvNatives: Native[] = natives({
  'verify-spv': {
    fn: (ctx, args, app, self) => {
      const [type, payload] = args;
      if (args.length !== 2 || typeof type !== 'string' || !(payload instanceof PObject)) throw badArgs(self, args, app.info);
      if (ctx.spv !== null) {
        const out = ctx.spv.verify(type, payload);
        if (typeof out === 'string') throw evalError(app.info, `SPV verify failed: ${out}`);
        return out;
      }
      const mock = ctx.spvMocks.find((m) => m.type === type && valueEq(m.payload, payload));
      if (mock === undefined) throw evalError(app.info, 'SPV verify failed: SPV verification failure');
      return mock.output;
    },
  },
  'enforce-verifier': {
    fn: (ctx, args, app, self) => {
      const [name] = args;
      if (args.length !== 1 || typeof name !== 'string') throw badArgs(self, args, app.info);
      const verifier = ctx.env.verifiers.find((v) => v.name === name);
      if (verifier === undefined) throw txFailure(app.info, `Verifier failure ${name}: not in transaction`);
      if (!defcapInStack(ctx, null)) throw txFailure(app.info, 'enforce-verifier must be run in a capability');
      const inScope = verifier.caps.some((c) => ctx.caps.beingEvaluated.some((b) => tokenEq(ctx, b, c)));
      if (!inScope) throw txFailure(app.info, `Verifier failure ${name}: not in scope`);
      return true;
    },
  },
});
