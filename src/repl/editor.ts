/// The interactive terminal REPL: `pact> ` prompt, `....> ` while the grammar says the input
/// is incomplete, the input line highlighted by the same grammar, Tab completion as Pact's
/// (tab.ts, completion.ts), history in `.pact-history`, Ctrl-C to drop the current input or stop
/// an evaluation, Ctrl-D to leave. Inputs run in a child process (evaluator-process.ts), so the
/// terminal answers while they run.
import { appendFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Interface } from 'node:readline';
import { isIncomplete } from '../syntax/index.ts';
import { highlight } from '../syntax/highlight.ts';
import { EvaluatorProcess, selfCommand } from './evaluator-process.ts';
import { complete } from './completion.ts';
import { enableTabCompletion } from './tab.ts';

const PROMPT = 'pact> ';
const CONTINUE = '....> ';
const HISTORY_FILE = '.pact-history';

/// The parts of Node's readline that redraw the input line (stable, if undocumented).
interface Redrawable {
  line: string;
  _prompt: string;
  _writeToOutput(s: string): void;
  _refreshLine(): void;
  _insertString(s: string): void;
}

function loadHistory(): string[] {
  try {
    return readFileSync(HISTORY_FILE, 'utf8').split('\n').filter((l) => l !== '').reverse();
  } catch {
    return [];
  }
}

function saveHistory(line: string): void {
  try {
    appendFileSync(HISTORY_FILE, line + '\n');
  } catch {
    // History is a convenience; an unwritable directory must not stop the REPL.
  }
}

/// Makes readline draw the input with syntax colours: every redraw of `prompt + line`
/// is replaced by its highlighted form, and typing at the end of the line forces a redraw.
function enableHighlighting(rl: Interface): void {
  const r = rl as unknown as Redrawable;
  const write = r._writeToOutput.bind(r);
  r._writeToOutput = (s: string) => {
    const full = r._prompt + r.line;
    write(s.startsWith(full) ? r._prompt + highlight(r.line) + s.slice(full.length) : s);
  };
  const insert = r._insertString.bind(r);
  r._insertString = (s: string) => {
    insert(s);
    r._refreshLine();
  };
}

export async function runInteractive(): Promise<number> {
  const evaluator = new EvaluatorProcess(selfCommand(), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  });
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
    prompt: PROMPT,
    history: loadHistory(),
    historySize: 1000,
    // Never called (enableTabCompletion takes Tab over), but readline completes only with one.
    completer: (line: string) => [[], line],
  });
  enableHighlighting(rl);
  let buffer: string[] = [];
  enableTabCompletion(rl, async (left) => complete(left, buffer.map((l) => l + '\n').join(''), await evaluator.scope()));
  // Inputs completed while an earlier one runs wait their turn.
  const waiting: string[] = [];
  const evaluate = async (): Promise<void> => {
    while (waiting.length > 0) {
      const how = await evaluator.run(waiting.shift()!);
      if (how === 'crashed') {
        const why = evaluator.lastWords.trim().split('\n').at(-1) ?? '';
        process.stderr.write(`pact: the evaluation stopped abnormally${why === '' ? '' : ` (${why})`}; the session is as it was before it\n`);
      }
    }
    rl.prompt();
  };
  rl.on('line', (line) => {
    if (line.trim() !== '') saveHistory(line);
    if (buffer.length === 0 && line.trim() === '') {
      if (!evaluator.busy) rl.prompt();
      return;
    }
    buffer.push(line);
    const text = buffer.join('\n') + '\n';
    if (isIncomplete(text)) {
      rl.setPrompt(CONTINUE);
      rl.prompt();
      return;
    }
    buffer = [];
    rl.setPrompt(PROMPT);
    waiting.push(text);
    if (waiting.length === 1 && !evaluator.busy) void evaluate();
  });
  rl.on('SIGINT', () => {
    process.stdout.write('\nType ctrl-d to exit pact\n');
    if (evaluator.busy) {
      // The evaluation stops; the prompt returns once the session is restored.
      waiting.length = 0;
      evaluator.interrupt();
      return;
    }
    buffer = [];
    rl.setPrompt(PROMPT);
    rl.line.length > 0 ? rl.write(null, { ctrl: true, name: 'u' }) : undefined;
    rl.prompt();
  });
  rl.prompt();
  return new Promise((resolve) => rl.on('close', () => {
    evaluator.close();
    process.stdout.write('\n');
    resolve(0);
  }));
}
