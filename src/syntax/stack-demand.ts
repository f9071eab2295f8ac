/// How deep running some texts may go, judged from the texts alone, without reading them: what
/// decides whether a script runs on a deep stack (repl/deep-stack.ts). Two things recurse as
/// code runs. Nesting: every bracket is a level of the compiler's and the evaluator's recursion.
/// User calls: a call runs on top of its caller's frames, as deep as the caller's body nests.
/// Pact has no recursion, so a chain of calls runs through distinct definitions, and is at most
/// as deep as the heaviest path through the definitions, each weighing as many levels as it
/// spans and leading to every definition its text names.

import { skipTrivia, isSpace } from './chars.ts';
import { nextBracket } from './pieces.ts';
import { decodeString } from './strings.ts';

// How many different names of definitions `deeperThan` links at most.
const MAX_NAMES = 1000;

/// A function definition (`defun`, `defcap`, `defpact`) as the text shows it.
interface Definition {
  /// `name`, and `module.name` in a module (or interface).
  readonly keys: readonly string[];
  readonly text: string;
  /// Which of the texts taken in it is in (their count when it was taken in).
  readonly source: number;
  /// Where what follows its name starts, and where it closes (the text's end if it does not).
  readonly from: number;
  to: number;
  /// The depth of its opening bracket.
  readonly base: number;
  /// How many levels of brackets it spans, its own included.
  weight: number;
}

/// The texts of a run (a script and the files it loads), taken in one by one.
export class StackDemand {
  /// The deepest any text nests, in brackets.
  nesting = 0;
  readonly #definitions: Definition[] = [];
  #texts = 0;

  /// Takes in a text that runs; returns the files it loads: for each `load` heading an
  /// application, the path its string literal names, or null where only running it tells.
  /// @example new StackDemand().add('(load "a.repl") (load f)') // ['a.repl', null]
  add(text: string): (string | null)[] {
    const loads: (string | null)[] = [];
    const source = this.#texts++;
    const end = text.length;
    let depth = 0;
    let module: { name: string; base: number } | null = null;
    let def: Definition | null = null;
    for (let i = nextBracket(text, 0); i < end; i = nextBracket(text, i + 1)) {
      const c = text.charCodeAt(i);
      if (c === 41 || c === 93 || c === 125) {
        if (def !== null && depth === def.base) {
          def.to = i + 1;
          def = null;
        }
        if (module !== null && depth === module.base) module = null;
        if (depth > 0) depth--;
        continue;
      }
      if (++depth > this.nesting) this.nesting = depth;
      if (def !== null && depth - def.base + 1 > def.weight) def.weight = depth - def.base + 1;
      // An application: what its head names (most heads are told apart by their first letter).
      const h = text.charCodeAt(i + 1);
      if (c !== 40 || (h !== 100 /* d */ && h !== 105 /* i */ && h !== 108 /* l */ && h !== 109 /* m */ && h !== 59 && !isSpace(h))) continue;
      HEAD.lastIndex = i + 1;
      const head = HEAD.exec(text)?.[1];
      if (head === 'load') {
        loads.push(loadArgument(text, HEAD.lastIndex));
      } else if (head === undefined || def !== null) {
        continue;
      } else if (head === 'module' || head === 'interface') {
        module = { name: nameAt(text, HEAD.lastIndex)[0], base: depth };
      } else {
        const [name, nameEnd] = nameAt(text, HEAD.lastIndex);
        def = this.#define(name, module?.name ?? null, text, source, nameEnd, depth);
      }
    }
    return loads;
  }

  /// Whether running the texts may go more than `limit` levels of brackets deep: see `levels`.
  /// (The chains are worked out only where the definitions all in a row could pass it.)
  /// Past `MAX_NAMES` different names of definitions it does not work the chains out and
  /// answers yes: linking them takes longer than a deep thread takes to start, and so large a
  /// program runs for long enough not to notice that.
  deeperThan(limit: number): boolean {
    if (this.nesting > limit) return true;
    if (this.#definitions.reduce((sum, d) => sum + d.weight, this.nesting) <= limit) return false;
    return this.#names() > MAX_NAMES || this.levels() > limit;
  }

  /// How many levels of brackets deep running the texts may go: the deepest nesting, plus the
  /// heaviest chain of calls.
  levels(): number {
    return this.nesting + this.#heaviestChain();
  }

  #define(name: string, module: string | null, text: string, source: number, from: number, base: number): Definition {
    const def: Definition = { keys: module === null ? [name] : [name, `${module}.${name}`], text, source, from, to: text.length, base, weight: 1 };
    this.#definitions.push(def);
    return def;
  }

  // The heaviest path through the definitions, each leading to those it names. The names may
  // link definitions in cycles that calls cannot run (two modules' `transfer`s each naming the
  // other's helper): a cycle's strongly connected component weighs all its definitions, which
  // bounds any path through it. Tarjan's algorithm, without recursion, finishes a component
  // after every component it leads to. (Typed arrays and indexed loops: this runs once, mostly
  // before V8 optimises it, and objects and `for...of` cost several times more until then.)
  #heaviestChain(): number {
    const defs = this.#definitions;
    const n = defs.length;
    const callees = this.#callees();
    const index = new Int32Array(n).fill(-1);
    const low = new Int32Array(n);
    const component = new Int32Array(n).fill(-1);
    const componentWeight = new Float64Array(n);
    // The members not yet in a component, and the path being explored with how far along each
    // one's callees it is.
    const stack = new Int32Array(n);
    const path = new Int32Array(n);
    const at = new Int32Array(n);
    let stacked = 0;
    let components = 0;
    let next = 0;
    let heaviest = 0;
    for (let root = 0; root < n; root++) {
      if (index[root] !== -1) continue;
      let depth = 0;
      path[0] = root;
      at[0] = 0;
      index[root] = low[root] = next++;
      stack[stacked++] = root;
      while (depth >= 0) {
        const v = path[depth]!;
        const out = callees[v]!;
        if (at[depth]! < out.length) {
          const w = out[at[depth]!++]!;
          if (index[w] === -1) {
            path[++depth] = w;
            at[depth] = 0;
            index[w] = low[w] = next++;
            stack[stacked++] = w;
          } else if (component[w] === -1 && index[w]! < low[v]!) {
            low[v] = index[w]!;
          }
          continue;
        }
        depth--;
        if (depth >= 0 && low[v]! < low[path[depth]!]!) low[path[depth]!] = low[v]!;
        if (low[v] !== index[v]) continue;
        // v roots a component: its members are on the stack down to it.
        const id = components++;
        let first = stacked;
        do component[stack[--first]!] = id; while (stack[first] !== v);
        let weight = 0;
        let beyond = 0;
        for (let k = first; k < stacked; k++) {
          const m = stack[k]!;
          weight += defs[m]!.weight;
          const mOut = callees[m]!;
          for (let j = 0; j < mOut.length; j++) {
            const c = component[mOut[j]!]!;
            if (c !== id && componentWeight[c]! > beyond) beyond = componentWeight[c]!;
          }
        }
        stacked = first;
        componentWeight[id] = weight + beyond;
        if (weight + beyond > heaviest) heaviest = weight + beyond;
      }
    }
    return heaviest;
  }

  // For each definition, the definitions its text names (after its own name). Every word counts,
  // even in its strings and comments: more links only make chains heavier than they can be. The
  // regular expression engine finds the names, a text at a time (a word at a time in
  // JavaScript is several times slower).
  #callees(): number[][] {
    const defs = this.#definitions;
    const byKey = new Map<string, number[]>();
    for (let i = 0; i < defs.length; i++) {
      for (const k of defs[i]!.keys) {
        const same = byKey.get(k);
        if (same === undefined) byKey.set(k, [i]);
        else same.push(i);
      }
    }
    const names = mentions(defs.map((d) => d.keys[0]!));
    const callees: number[][] = defs.map(() => []);
    // The definitions of a text follow each other, in the order they appear in it.
    for (let first = 0; first < defs.length;) {
      const { text, source } = defs[first]!;
      let d = first;
      names.lastIndex = defs[first]!.from;
      for (let m = names.exec(text); m !== null; m = names.exec(text)) {
        while (d < defs.length && defs[d]!.source === source && defs[d]!.to <= m.index) d++;
        if (d === defs.length || defs[d]!.source !== source) break;
        if (m.index < defs[d]!.from) continue;
        for (const w of byKey.get(m[0]) ?? []) if (w !== d) callees[d]!.push(w);
      }
      while (first < defs.length && defs[first]!.source === source) first++;
    }
    return callees;
  }

  // How many names the definitions have: the work of linking them grows with it.
  #names(): number {
    return new Set(this.#definitions.map((d) => d.keys[0])).size;
  }
}

// A name character: not white space, a bracket, a quote, a comment, a comma, a dot or a colon.
const NAME_CHAR = `[^\\s()[\\]{}";,.:']`;

// A regular expression finding where a text names one of `names`, as the key of the definitions
// it may call: the name a word ends with, after the module that qualifies it if any. `ns.m.f`
// gives `m.f` (module m's `f`); `f`, `'f`, `r::f` (a reference's: any module's `f`) and `x:f` (a
// type) give `f`, as every definition named `f`. Where white space splits a name, `m. f`, the
// parts are each a plain name: still every `f`.
function mentions(names: readonly string[]): RegExp {
  // (A definition without a name, in a text Pact will not run, is named by nothing.)
  const named = [...new Set(names)].filter((n) => n !== '');
  if (named.length === 0) return /(?!)/g;
  const alternatives = named.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return new RegExp(`(?<!${NAME_CHAR})(?:${NAME_CHAR}+\\.)?(?:${alternatives})(?![^\\s()[\\]{}";,:'])`, 'g');
}

// The heads that matter: `load`, and those of definitions and of modules.
const HEAD = /(?:\s|;[^\n]*\n)*(load|defun|defcap|defpact|module|interface)(?=[\s()[\]{}";,]|$)/y;

// The end of the token that starts at `i`.
function tokenEnd(text: string, i: number): number {
  for (const end = text.length; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 41 || c === 91 || c === 93 || c === 123 || c === 125 || c === 34 || c === 59 || c === 44 || isSpace(c)) return i;
  }
  return i;
}

// The name the token after `at` gives (a module's, a definition's: `f:integer` names `f`), and
// where the token ends.
function nameAt(text: string, at: number): [string, number] {
  const from = skipTrivia(text, at);
  const to = tokenEnd(text, from);
  const token = text.slice(from, to);
  const colon = token.indexOf(':');
  return [colon < 0 ? token : token.slice(0, colon), to];
}

// What `(load ...)` loads, its head ending at `at`: the path its string literal names, or null
// where only running it tells.
function loadArgument(text: string, at: number): string | null {
  const from = skipTrivia(text, at);
  if (text.charCodeAt(from) !== 34 /* " */) return null;
  const value = decodeString(text, from);
  return typeof value === 'string' ? value : null;
}
