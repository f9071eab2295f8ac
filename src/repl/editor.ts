/// The interactive terminal REPL: `pact> ` prompt, `....> ` while the grammar says the input
/// is incomplete, the input line highlighted by the same grammar, history in `.pact-history`,
/// Ctrl-C to drop the current input, Ctrl-D to leave.
import { appendFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Interface } from 'node:readline';
import { highlight, isIncomplete } from '../syntax/index.ts';
import { Repl } from './repl.ts';

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

export function runInteractive(): Promise<number> {
  const repl = new Repl('interactive');
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
    prompt: PROMPT,
    history: loadHistory(),
    historySize: 1000,
    completer: (line: string) => complete(repl, line),
  });
  enableHighlighting(rl);
  let buffer: string[] = [];
  rl.on('line', (line) => {
    if (line.trim() !== '') saveHistory(line);
    if (buffer.length === 0 && line.trim() === '') {
      rl.prompt();
      return;
    }
    buffer.push(line);
    const text = buffer.join('\n') + '\n';
    if (isIncomplete(text)) {
      rl.setPrompt(CONTINUE);
    } else {
      buffer = [];
      rl.setPrompt(PROMPT);
      repl.runSource(text, '<interactive>');
    }
    rl.prompt();
  });
  rl.on('SIGINT', () => {
    process.stdout.write('\nType ctrl-d to exit pact\n');
    buffer = [];
    rl.setPrompt(PROMPT);
    rl.line.length > 0 ? rl.write(null, { ctrl: true, name: 'u' }) : undefined;
    rl.prompt();
  });
  rl.prompt();
  return new Promise((resolve) => rl.on('close', () => {
    process.stdout.write('\n');
    resolve(0);
  }));
}

/// Tab completion over natives and the names in scope, by the word before the cursor.
function complete(repl: Repl, line: string): [string[], string] {
  const word = /[^\s()[\]{}]*$/.exec(line)?.[0] ?? '';
  const names = [...repl.ctx.natives.keys(), ...repl.ctx.replNatives.keys(), ...repl.ctx.scope.keys()];
  return [names.filter((n) => n.startsWith(word)).sort(), word];
}
