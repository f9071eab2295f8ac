/// The interactive REPL's evaluator, run in a child process of its own (see editor.ts): the
/// terminal stays with the parent, so Ctrl-C can stop an evaluation that never yields (a huge
/// `^` or `int-to-str` is one JavaScript operation) by ending this process, and a crash or an
/// out-of-memory here cannot take the session down. The inputs run on a thread of this process
/// with a deep stack (deep-stack.ts), the process's main thread passing messages both ways.
///
/// Messages from the parent: `{ eval: text }` runs an input, `{ scope: true }` asks what the
/// session has loaded, for completion. Messages to the parent: `{ out: text }` / `{ err: text }`
/// in the order printed, then `{ done: true }`; `{ scope: ... }` (completion-scope.ts).
import { Repl } from './repl.ts';
import { completionScope } from './completion-scope.ts';
import type { Output } from './repl.ts';
import type { FromEvaluator, ToEvaluator } from './evaluator-process.ts';
import { startDeep } from './deep-stack.ts';

/// Serves inputs until the parent goes away.
export function runEvaluator(): void {
  const { isMainThread, parentPort } = process.getBuiltinModule('node:worker_threads');
  if (isMainThread) {
    const deep = startDeep([]);
    process.on('message', (m: ToEvaluator) => deep.postMessage(m));
    deep.on('message', (m: FromEvaluator) => process.send!(m));
    deep.once('exit', (code) => process.exit(code));
    process.on('disconnect', () => process.exit(0));
    return;
  }
  const send = (m: FromEvaluator) => parentPort!.postMessage(m);
  const output: Output = { stdout: (out) => send({ out }), stderr: (err) => send({ err }) };
  const repl = new Repl('interactive', output);
  parentPort!.on('message', (m: ToEvaluator) => {
    if ('eval' in m) {
      repl.runSource(m.eval, '<interactive>');
      send({ done: true });
    } else {
      send({ scope: completionScope(repl.ctx) });
    }
  });
}
