/// What counts as a failure, shared by the targets: a JavaScript exception that is not the
/// layer's own error type, or text that betrays JavaScript (an engine message, `[object Object]`,
/// `NaN`, a stack frame) where Pact would print something of its own.

/// Engine texts that never belong in Pact's output. A match is ignored when the input itself
/// holds the same text (Pact echoes code and strings back in results and errors).
export const JS_ISMS: readonly RegExp[] = [
  /\b(?:TypeError|RangeError|ReferenceError|EvalError: (?:Cannot|Invalid)|InternalError|AggregateError)\b/,
  /Maximum call stack/i,
  /\bstack overflow\b/,
  /undefined is not/,
  /(?<!value which )\bis not (?:a function|iterable|a constructor|defined)\b/,
  /Cannot (?:read|set) propert/,
  /Cannot (?:convert|mix BigInt|access '|destructure)/,
  /\bof (?:undefined|null) \(reading/,
  /\bat (?:Object|Array|Function|Module|process|async)\.\w|\bat new \w+ \(/,
  /\[object \w+\]/,
  /\[Function\b|\[class\b|=> \{|function \w*\(/,
  // Pact's own: "Operation resulted in +- infinity or NaN".
  /(?<!infinity or )\bNaN\b/,
  /\bInfinity\b/,
  /\bundefined\b/,
  /Invalid (?:array|string|typed array) length/,
  /Maximum BigInt size|BigInt too big|Division by zero|Cannot convert .* to a BigInt/,
  /Invalid time value|Invalid Date/,
  /Unexpected (?:token|end of JSON input)/,
  /\.ts:\d+:\d+|node:internal|file:\/\//,
  /Symbol\(/,
];

/// The first JS-ism in `output` that the input does not itself contain, or null.
export function jsIsm(output: string, input: string): string | null {
  for (const re of JS_ISMS) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
    for (const m of output.matchAll(g)) {
      if (input.includes(m[0])) continue;
      return `${m[0]} in: ${lineAround(output, m.index)}`;
    }
  }
  return null;
}

function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  const line = text.slice(start, end < 0 ? undefined : end);
  return line.length > 300 ? line.slice(0, 300) + '...' : line;
}

/// A short description of a JavaScript exception: its class, message and where in src/ it was
/// thrown (file and function, without line numbers, which move as src/ is edited).
export function describeException(e: unknown): string {
  if (!(e instanceof Error)) return `non-Error thrown: ${String(e).slice(0, 200)}`;
  return `${e.constructor.name}: ${e.message.slice(0, 300)}${whereThrown(e.stack ?? '')}`;
}

/// ` @ fn (src/dir/file.ts)` for the innermost frame in our src/, or ''.
export function whereThrown(stack: string): string {
  for (const line of stack.split('\n').slice(1)) {
    const m = /at (?:(\S+) \()?.*?\/(src\/[^:)]+)/.exec(line);
    if (m !== null) return ` @ ${m[1] ?? '<anonymous>'} (${m[2]})`;
  }
  return '';
}

/// A failure of one case: a one-line kind-prefixed summary (what KNOWN_BUGS match) and details.
export interface Problem {
  readonly summary: string;
  readonly detail?: string;
}

export function problem(summary: string, detail?: string): Problem {
  return detail === undefined ? { summary } : { summary, detail };
}
