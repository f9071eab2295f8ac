/// Generated Pact code nested or calling `n` deep: each kind as an expression and the value it
/// has, and as a `.repl` line that checks it with `expect` (shared by the depth tests, the
/// node's and `make stress`).

/// Each kind of nesting: an expression n deep, and its value.
export const NESTINGS: Record<string, (n: number) => readonly [code: string, value: number]> = {
  /// `(+ 1 (+ 1 ... 1))`: n nested applications.
  applications: (n) => [`${'(+ 1 '.repeat(n)}1${')'.repeat(n)}`, n + 1],
  /// n nested `let`s, the innermost reading the outermost's binding.
  lets: (n) => {
    let text = '';
    for (let i = 0; i < n; i++) text += `(let ((x${i} ${i})) `;
    return [`${text}x0${')'.repeat(n)}`, 0];
  },
  /// `[[[...]]]`: a list literal n deep.
  lists: (n) => [`(length ${'['.repeat(n)}${']'.repeat(n)})`, 1],
  /// `{"a": {"a": ... 1}}`: an object literal n deep.
  objects: (n) => [`(length ${'{"a": '.repeat(n)}1${'}'.repeat(n)})`, 1],
};

/// A module `chain` of n + 1 functions, each calling the next: `(chain.f0 0)` is a chain of
/// user calls n deep, and n.
export function chain(n: number): string {
  const defs: string[] = [];
  for (let i = 0; i < n; i++) defs.push(`(defun f${i}:integer (x:integer) (+ 1 (f${i + 1} x)))`);
  return `(module chain G (defcap G () true)\n${defs.join('\n')}\n(defun f${n}:integer (x:integer) x))`;
}

/// Every kind, n deep, as `.repl` lines that check its value: the nestings, and the chain
/// defined then called.
export const KINDS: Record<string, (n: number) => string> = {
  ...Object.fromEntries(Object.entries(NESTINGS).map(([kind, nested]) => [kind, (n: number) => {
    const [code, value] = nested(n);
    return `(expect "${kind}" ${value} ${code})`;
  }])),
  calls: (n) => `${chain(n)}\n(expect "calls" ${n} (f0 0))`,
};

/// `(+ 1 (+ 1 ... 1))` n deep, checked.
export const applications = KINDS.applications!;
