/// Test helper: a program in a real terminal, tmux, on a server of its own (its own socket), so
/// tests can type keys and read the screen as a user sees it.
import { execFileSync } from 'node:child_process';

let servers = 0;

export class Tmux {
  readonly #socket: string;

  /// Starts `command` in a `width`×`height` terminal in `cwd`.
  constructor(command: readonly string[], cwd: string, width = 100, height = 30) {
    this.#socket = `pact-test-${process.pid}-${servers++}`;
    this.#tmux('-f', '/dev/null', 'new-session', '-d', '-s', 't', '-x', String(width), '-y', String(height), '-c', cwd, '--', ...command);
  }

  /// Types `text` as it is.
  type(text: string): void {
    this.#tmux('send-keys', '-t', 't', '-l', text);
  }

  /// Presses keys by tmux's names (`Tab`, `Enter`, `C-u`, `Space`, ...).
  press(...keys: string[]): void {
    this.#tmux('send-keys', '-t', 't', ...keys);
  }

  /// The screen's lines, trailing spaces kept, trailing empty lines dropped.
  screen(): string {
    return this.#tmux('capture-pane', '-p', '-N', '-t', 't').replace(/\n+$/, '');
  }

  /// Waits until the screen matches `re` (then returns it); fails with the screen after `ms`.
  async waitFor(re: RegExp, ms = 10000): Promise<string> {
    const t0 = Date.now();
    for (;;) {
      const s = this.screen();
      if (re.test(s)) return s;
      if (Date.now() - t0 > ms) throw new Error(`no ${re} on the screen:\n${s}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /// Ends the terminal and its server.
  close(): void {
    try {
      this.#tmux('kill-server');
    } catch {
      // Already gone: the program ended and took its only session, and the server, with it.
    }
  }

  #tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.#socket, ...args], { encoding: 'utf8' });
  }
}
