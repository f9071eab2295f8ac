/// Defpact natives: `yield`, `resume`, `pact-id`, `continue`.
import { PObject } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import { evalError } from '../lang/errors.ts';
import { badArgs, pactValue } from '../lang/eval.ts';
import { continueNested, resumeData, yieldData } from '../lang/pacts.ts';
import { Def } from '../lang/runtime.ts';
import { runBinding } from './general.ts';
import { unreducedArgs } from './lists.ts';
import { natives } from './registry.ts';
import type { Native } from './registry.ts';

export const pactNatives: Native[] = natives({
  yield: {
    fn: (ctx, args, app, self) => {
      const [o, chain] = args;
      if (!(o instanceof PObject) || args.length > 2 || (args.length === 2 && typeof chain !== 'string')) {
        throw badArgs(self, args, app.info);
      }
      const data = new Map<string, PactValue>();
      for (const [k, v] of o.fields) data.set(k, pactValue(v, app.info));
      yieldData(ctx, data, typeof chain === 'string' ? chain : null, app.info);
      return o;
    },
  },
  resume: {
    special: (ctx, args, env, app, self) => {
      const b = args[0]?.binding;
      if (args.length !== 1 || b === undefined) throw unreducedArgs(self, args, env, app);
      const data = resumeData(ctx, app.info);
      return runBinding(ctx, b, env, data, app.info);
    },
  },
  'pact-id': {
    fn: (ctx, args, app, self) => {
      if (args.length !== 0) throw badArgs(self, args, app.info);
      const id = ctx.pactId;
      if (id === null) throw evalError(app.info, 'pact-id: not in pact execution');
      return id;
    },
  },
  continue: {
    special: (ctx, args, env, app, self) => {
      const node = args[0];
      if (args.length !== 1 || node?.kind !== 'app' || node.fn === undefined) throw unreducedArgs(self, args, env, app);
      const head = node.fn.global ?? node.fn.ev(ctx, env);
      if (!(head instanceof Def) || head.kind !== 'defpact') throw evalError(app.info, 'continue: argument must be a defpact');
      return continueNested(ctx, head, node.args!.map((a) => a.ev(ctx, env)), app.info);
    },
  },
});
