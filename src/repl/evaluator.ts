/// The interactive REPL's evaluator, run in a child process of its own (see editor.ts): the
/// terminal stays with the parent, so Ctrl-C can stop an evaluation that never yields (a huge
/// `^` or `int-to-str` is one JavaScript operation) by ending this process, and a crash or an
/// out-of-memory here cannot take the session down.
///
/// Messages from the parent: `{ eval: text }` runs an input, `{ scope: true }` asks what the
/// session has loaded, for completion. Messages to the parent: `{ out: text }` / `{ err: text }`
/// in the order printed, then `{ done: true }`; `{ scope: ... }` (completion-scope.ts).
import { Repl } from './repl.ts';
import { completionScope } from './completion-scope.ts';
import type { Output } from './repl.ts';
import type { FromEvaluator, ToEvaluator } from './evaluator-process.ts';

function send(m: FromEvaluator): void {
  process.send!(m);
}

/// Serves inputs until the parent goes away.
export function runEvaluator(): void {
  const output: Output = { stdout: (out) => send({ out }), stderr: (err) => send({ err }) };
  const repl = new Repl('interactive', output);
  process.on('message', (m: ToEvaluator) => {
    if ('eval' in m) {
      repl.runSource(m.eval, '<interactive>');
      send({ done: true });
    } else {
      send({ scope: completionScope(repl.ctx) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
