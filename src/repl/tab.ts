/// The Tab key in the interactive REPL, as Haskeline's list completion (Pact's line editor) does
/// it: no candidate rings the bell; one replaces the word (with a space after it when finished);
/// several put in what they have in common, and when that adds nothing, are listed below the
/// input in columns, after asking `Display all N possibilities? (y or n)` when there are more
/// than 100, a screenful at a time behind `----More----` (space: next page, Enter or Down: one
/// more line, q: stop).
import type { Interface } from 'node:readline';
import { clearScreenDown, cursorTo, moveCursor } from 'node:readline';
import type { Completion, Completions } from './completion.ts';
import { codePointLength } from '../values/text.ts';

// Haskeline's defaults (`completionPromptLimit`, the padding between columns).
const PROMPT_LIMIT = 100;
const COLUMN_PAD = 2;
const BELL = '\x07';

/// What one Tab does with the completions of the text left of the cursor (`left`).
export type TabAction =
  | { readonly kind: 'bell' }
  | { readonly kind: 'replace'; readonly left: string }
  | { readonly kind: 'list'; readonly candidates: readonly Completion[] };

/// @example tabAction('(m.', { rest: '(', candidates: [m.f, m.g] }) // { kind: 'list', ... }
export function tabAction(left: string, { rest, candidates }: Completions): TabAction {
  const [first] = candidates;
  if (first === undefined) return { kind: 'bell' };
  if (candidates.length === 1) return { kind: 'replace', left: rest + first.replacement + (first.finished ? ' ' : '') };
  const partial = rest + candidates.map((c) => c.replacement).reduce(commonPrefix);
  return partial !== left ? { kind: 'replace', left: partial } : { kind: 'list', candidates };
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/// The lines listing `words` on a terminal `width` columns wide: columns as wide as the widest
/// word plus two, filled top to bottom then left to right, the last column not padded.
/// @example listingLines(['a', 'b', 'c'], 7) // ['a  c', 'b']
export function listingLines(words: readonly string[], width: number): string[] {
  const colWidth = Math.min(width, Math.max(...words.map(codePointLength)) + COLUMN_PAD);
  if (colWidth >= width) return [...words];
  const perColumn = Math.ceil(words.length / Math.floor(width / colWidth));
  const lines: string[] = [];
  for (let row = 0; row < perColumn; row++) {
    const cells: string[] = [];
    for (let i = row; i < words.length; i += perColumn) cells.push(words[i]!);
    lines.push(cells.map((w, i) => (i === cells.length - 1 ? w : w + ' '.repeat(colWidth - codePointLength(w)))).join(''));
  }
  return lines;
}

/// The parts of Node's readline Tab completion redraws with (stable, if undocumented).
interface Editable {
  line: string;
  cursor: number;
  prevRows: number;
  _prompt: string;
  _refreshLine(): void;
  _getDisplayPos(s: string): { rows: number; cols: number };
  _tabComplete(lastKeypressWasTab: boolean): void;
  _ttyWrite(s: string, key: { name?: string; ctrl?: boolean; sequence?: string } | undefined): void;
}

type Key = { readonly name?: string; readonly ctrl?: boolean; readonly sequence?: string };

/// Makes Tab in `rl` complete as Haskeline does; `completions` gives those of the text left of
/// the cursor. (`rl` must have been made with a `completer`, which readline requires before it
/// treats Tab as completion; that completer is never called.)
export function enableTabCompletion(rl: Interface, completions: (left: string) => Promise<Completions>): void {
  const r = rl as unknown as Editable;
  const out = (rl as unknown as { output: NodeJS.WriteStream }).output;
  const ttyWrite = r._ttyWrite.bind(r);
  let modal: ((key: Key) => void) | null = null;
  // What the line the cursor is on shows: the input, a message instead of it, or nothing.
  let shown: 'input' | 'empty' | { readonly message: string } = 'input';

  r._ttyWrite = (s, key) => {
    if (modal === null) return ttyWrite(s, key);
    if (key?.ctrl && key.name === 'c') {
      modal = null;
      show('input');
      return ttyWrite(s, key);
    }
    modal(key ?? { sequence: s });
  };

  r._tabComplete = () => {
    rl.pause();
    const left = r.line.slice(0, r.cursor);
    completions(left).then((found) => {
      rl.resume();
      const action = tabAction(left, found);
      if (action.kind === 'bell') out.write(BELL);
      else if (action.kind === 'replace') {
        r.line = action.left + r.line.slice(r.cursor);
        r.cursor = action.left.length;
        r._refreshLine();
      } else list(action.candidates.map((c) => c.display));
    }, () => {
      // A completion that fails (a directory that cannot be read, say) must not end the session.
      rl.resume();
      out.write(BELL);
    });
  };

  const list = (words: readonly string[]): void => {
    const lines = listingLines(words, out.columns || 80);
    if (words.length <= PROMPT_LIMIT) return page(lines);
    show({ message: `Display all ${words.length} possibilities? (y or n)` });
    choose({ y: () => page(lines), n: () => show('input') });
  };

  // Prints a screenful of `lines` (less one line), then waits at `----More----` for the rest.
  const page = (lines: readonly string[]): void => {
    const height = (out.rows || 24) - 1;
    printLines(lines.slice(0, height));
    more(lines.slice(height));
  };
  const more = (lines: readonly string[]): void => {
    if (lines.length === 0) return show('input');
    show({ message: '----More----' });
    const oneLine = (): void => {
      show('empty');
      printLines(lines.slice(0, 1));
      more(lines.slice(1));
    };
    choose({ ' ': () => { show('empty'); page(lines); }, return: oneLine, down: oneLine, q: () => show('input') });
  };

  // Waits for one of the keys (the character typed, or `return`, `down`); any other rings the bell.
  const choose = (choices: Record<string, () => void>): void => {
    modal = (key) => {
      const id = key.name === 'return' || key.name === 'down' ? key.name : key.sequence ?? '';
      const chosen = Object.hasOwn(choices, id) ? choices[id] : undefined;
      if (chosen === undefined) return void out.write(BELL);
      modal = null;
      chosen();
    };
  };

  // Below what the line shows, then that again under them.
  const printLines = (lines: readonly string[]): void => {
    if (shown === 'input') {
      const end = r._getDisplayPos(r._prompt + r.line).rows;
      moveCursor(out, 0, end - rl.getCursorPos().rows);
      out.write('\r\n');
    } else if (shown !== 'empty') out.write('\r\n');
    for (const l of lines) out.write(l + '\r\n');
    const now = shown;
    shown = 'empty';
    show(now);
  };

  // Replaces what the line shows (the input's rows, a message) with `next`.
  const show = (next: typeof shown): void => {
    if (shown === 'input') moveCursor(out, 0, -rl.getCursorPos().rows);
    cursorTo(out, 0);
    clearScreenDown(out);
    shown = next;
    if (next === 'input') {
      r.prevRows = 0;
      r._refreshLine();
    } else if (next !== 'empty') out.write(next.message);
  };
}
