/// The zk natives over BN254 (`point-add`, `scalar-mult`, `pairing-check`). Their arithmetic
/// (./zk-curve.ts) and noble's curve are loaded when one is first called, not at every start.
import { lazyModule } from '../values/lazy-module.ts';
import { natives } from './registry.ts';
import type { Native } from './registry.ts';

const curve = lazyModule(() => require('./zk-curve.ts') as typeof import('./zk-curve.ts'), './zk-curve.ts', import.meta.url);

export const zkNatives: Native[] = natives({
  'point-add': { fn: (ctx, args, app, self) => curve().pointAdd(ctx, args, app, self) },
  'scalar-mult': { fn: (ctx, args, app, self) => curve().scalarMult(ctx, args, app, self) },
  'pairing-check': { fn: (ctx, args, app, self) => curve().pairingCheck(ctx, args, app, self) },
});
