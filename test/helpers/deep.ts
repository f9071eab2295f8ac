/// Generated Pact code nested or calling `n` deep, each kind as a `.repl` line that checks its
/// value with `expect` (shared by the depth tests and `make stress`).

/// `(+ 1 (+ 1 ... 1))`: n nested applications.
export const applications = (n: number): string => `(expect "applications" ${n + 1} ${'(+ 1 '.repeat(n)}1${')'.repeat(n)})`;

/// n nested `let`s, the innermost reading the outermost's binding.
export function lets(n: number): string {
  let text = '';
  for (let i = 0; i < n; i++) text += `(let ((x${i} ${i})) `;
  return `(expect "lets" 0 ${text}x0${')'.repeat(n)})`;
}

/// `[[[...]]]`: a list literal n deep.
export const lists = (n: number): string => `(expect "lists" 1 (length ${'['.repeat(n)}${']'.repeat(n)}))`;

/// `{"a": {"a": ... 1}}`: an object literal n deep.
export const objects = (n: number): string => `(expect "objects" 1 (length ${'{"a": '.repeat(n)}1${'}'.repeat(n)}))`;

/// A module of n + 1 functions, each calling the next: a chain of user calls n deep.
export function calls(n: number): string {
  const defs: string[] = [];
  for (let i = 0; i < n; i++) defs.push(`(defun f${i}:integer (x:integer) (+ 1 (f${i + 1} x)))`);
  return [
    `(module chain G (defcap G () true)\n${defs.join('\n')}\n(defun f${n}:integer (x:integer) x))`,
    `(expect "calls" ${n} (f0 0))`,
  ].join('\n');
}

/// Every kind, n deep.
export const KINDS: Record<string, (n: number) => string> = { applications, lets, lists, objects, calls };
