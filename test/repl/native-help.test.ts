/// A native's name evaluated in the REPL prints its help as Pact 4.13 does: the header, then
/// indented by two, its docs filled to 80 columns, its types (a list of type constraints too long
/// for the line breaks before each comma) and its examples, each part after a blank line that
/// holds the indentation. The interactive and piped REPL lay it out so; a script's trace (`-t`)
/// prints it on one line. The fixture covers natives with and without examples, overloaded ones,
/// a literal example of several lines, and REPL-only natives.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Tmux } from '../helpers/tmux.ts';

const PACT = fileURLToPath(new URL('../../dist/pact', import.meta.url));
const DIR = fileURLToPath(new URL('../fixtures/repl/native-help/', import.meta.url));
const fixture = (name: string): string => readFileSync(DIR + name, 'utf8');

function pact(args: string[], input = ''): { code: number | null; out: string; err: string } {
  const r = spawnSync(PACT, args, { cwd: DIR, input, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

it('piped: each native\'s help, laid out at 80 columns', () => {
  const r = pact([], fixture('natives.repl'));
  assert.equal(r.err, '');
  assert.equal(r.out, fixture('natives.out'));
  assert.equal(r.code, 0);
});

it('a script\'s trace: each native\'s help on its line', () => {
  const r = pact(['-t', 'natives.repl']);
  assert.equal(r.out, '');
  assert.equal(r.err, fixture('natives.trace'));
  assert.equal(r.code, 0);
});

it('a script without trace prints nothing of them', () => {
  assert.deepEqual(pact(['natives.repl']), { code: 0, out: '', err: 'Load successful\n' });
});

/// The help `natives.out` gives for `name` (it runs from its header to the next one).
function helpOf(name: string): string {
  const out = fixture('natives.out');
  const from = out.indexOf(`native \`${name}\`\n`);
  const to = out.indexOf('\nnative `', from + 1);
  assert.ok(from >= 0);
  return out.slice(from, to < 0 ? out.length - 1 : to);
}

it('interactive: the same help on the terminal', async (t) => {
  // Wide enough that the longest type (fold-db's, 110 columns) is one line on the screen.
  const tty = new Tmux([PACT], DIR, 140, 60);
  t.after(() => tty.close());
  await tty.waitFor(/^pact> $/);
  for (const name of ['mod', '+', 'fold-db', 'expect']) {
    tty.type(name);
    tty.press('Enter');
    const screen = await tty.waitFor(/\npact> $/);
    assert.equal(screen, `pact> ${name}\n${helpOf(name)}\npact> `);
    tty.press('C-l');
    await tty.waitFor(/^pact> $/);
  }
});
