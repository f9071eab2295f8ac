/// Modules loaded the first time they are used rather than when the program starts: a curve
/// library builds its tables (and probes the system's random source, loading Node's web crypto)
/// when it is imported, and every run would pay for that, though few scripts touch those natives.
///
/// Synchronous, as natives are. In the bundle (CommonJS) esbuild turns `require('spec')` into a
/// call that evaluates the bundled module then; the sources run as ES modules (tests), which have
/// no `require`, and load `specifier` through Node's own instead. So each use spells the module
/// twice, once for each:
///
///   const zk = lazyModule(() => require('./zk-curve.ts') as typeof import('./zk-curve.ts'),
///     './zk-curve.ts', import.meta.url);
export function lazyModule<T>(bundled: () => T, specifier: string, from: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= typeof require === 'function'
    ? bundled()
    : process.getBuiltinModule('node:module').createRequire(from)(specifier) as T);
}
