/// Reading Z3's model back and printing a counterexample's trace as Pact does (`Model/Graph.hs`'s
/// `linearize`, `Model/Text.hs`'s `showModel`): the events along the path the model takes, up to
/// a failed `enforce`, scopes indented by depth.
import type { Binding, Event, GuardOrigin, Ty } from './lang.ts';
import { isObj } from './lang.ts';
import type { Run } from './eval.ts';
import type { Val } from './state.ts';
import { showScaled } from './pretty.ts';

/// The values of a `(get-value (...))` answer, by name, as SMT-LIB text.
export function parseValues(out: string): Map<string, string> {
  const values = new Map<string, string>();
  const sexp = readSexp(out.slice(out.indexOf('(')), { pos: 0 });
  if (!Array.isArray(sexp)) return values;
  for (const pair of sexp) {
    if (Array.isArray(pair) && typeof pair[0] === 'string') values.set(pair[0], flatten(pair[1]!));
  }
  return values;
}

type Sexp = string | Sexp[];

function readSexp(s: string, at: { pos: number }): Sexp {
  while (/\s/.test(s[at.pos] ?? '')) at.pos++;
  if (s[at.pos] === '(') {
    at.pos++;
    const items: Sexp[] = [];
    for (;;) {
      while (/\s/.test(s[at.pos] ?? '')) at.pos++;
      if (s[at.pos] === ')' || at.pos >= s.length) {
        at.pos++;
        return items;
      }
      items.push(readSexp(s, at));
    }
  }
  if (s[at.pos] === '"') {
    let end = at.pos + 1;
    while (end < s.length && !(s[end] === '"' && s[end + 1] !== '"')) end += s[end] === '"' ? 2 : 1;
    const tok = s.slice(at.pos, end + 1);
    at.pos = end + 1;
    return tok;
  }
  const m = /^[^\s()]+/.exec(s.slice(at.pos))!;
  at.pos += m[0].length;
  return m[0];
}

function flatten(x: Sexp): string {
  return Array.isArray(x) ? `(${x.map(flatten).join(' ')})` : x;
}

/// An integer (also a scaled decimal) from Z3's `5` or `(- 5)`.
function smtInteger(v: string): bigint {
  const neg = /^\(- (\d+)\)$/.exec(v);
  return neg === null ? BigInt(v) : -BigInt(neg[1]!);
}

/// A string from Z3's literal: `""` is a quote, `\u{…}` a character.
function smtStringValue(v: string): string {
  return v.slice(1, -1).replace(/""/g, '"').replace(/\\u\{([0-9a-fA-F]+)\}/g, (_, h: string) => String.fromCodePoint(parseInt(h, 16)));
}

/// A value as Pact shows a concrete one in a model (Pact's `Pretty` of the analysis' values: a
/// guard is its number, an object the nested pairs SBV makes of it, `(1, ("a", ()))`).
export function showValue(ty: Ty, v: string): string {
  return showSexp(ty, readSexp(v, { pos: 0 }));
}

function showSexp(ty: Ty, x: Sexp): string {
  const v = flatten(x);
  switch (ty) {
    case 'bool': return v === 'true' ? 'True' : 'False';
    case 'string': return `"${smtStringValue(v)}"`;
    case 'integer': case 'guard': case 'time': return smtInteger(v).toString();
    case 'any': return 'Any';
    case 'decimal': return showScaled(smtInteger(v));
  }
  if (isObj(ty)) return showPairs(ty.fields.map(([, ft], i) => showSexp(ft, Array.isArray(x) ? x[i + 1]! : '')));
  // A Z3 sequence (`(seq.++ (seq.unit 1) (seq.unit 2))`, `(as seq.empty ...)`) as `[1, 2]`.
  const items: string[] = [];
  const walk = (s: Sexp): void => {
    if (!Array.isArray(s)) return;
    if (s[0] === 'seq.unit') items.push(showSexp(ty.elem, s[1]!));
    if (s[0] === 'seq.++') s.slice(1).forEach(walk);
  };
  walk(x);
  return `[${items.join(', ')}]`;
}

/// An object's fields as the pairs of SBV's tuples, ending in `()`.
function showPairs(fields: readonly string[]): string {
  return fields.reduceRight((rest, f) => `(${f}, ${rest})`, '()');
}

/// A value of the run, or null when the model lacks one of its terms. An object is its pairs
/// (Pact's `showTVal`), or in a database access its fields by name (`showObject`).
function showVal(ty: Ty, v: Val, values: ReadonlyMap<string, string>, byName = false): string | null {
  if (typeof v === 'string' || !isObj(ty)) {
    const x = typeof v === 'string' ? values.get(v) : undefined;
    return x === undefined ? null : showValue(ty, x);
  }
  const parts: string[] = [];
  for (const [n, ft] of ty.fields) {
    const x = showVal(ft, v.fields.get(n)!, values);
    if (x === null) return null;
    parts.push(byName ? `${n}: ${x}` : x);
  }
  return byName ? `{ ${parts.join(', ')} }` : showPairs(parts);
}

/// What the trace says on entering a scope that is not a call.
const SCOPE_TEXT = { let: 'let', object: 'destructuring object', step: 'entering step', rollback: 'entering rollback' } as const;

const WRITE_VERB = { insert: 'insert into', update: 'update', write: 'write' } as const;

function guardText(origin: GuardOrigin, name: string | null, guard: string | null): string {
  switch (origin.k) {
    case 'registry': return `guard named '${name === null ? '[unknown]' : smtStringValue(name)}`;
    case 'data': return `guard from tx metadata attribute named ${name === null ? '[ERROR:symbolic]' : `"${smtStringValue(name)}"`}`;
    case 'argument': return `guard from argument ${origin.name}`;
    case 'unknown': return `unknown guard ${guard === null ? '[ERROR:symbolic]' : smtInteger(guard).toString()}`;
  }
}

/// A counterexample: the trace text, and the function it starts in (for the header).
export function showModel(events: readonly Event[], run: Run, values: ReadonlyMap<string, string>): { text: string; header: string | null } {
  const valueOf = (name: string | undefined): string | undefined => (name === undefined ? undefined : values.get(name));
  const shown = (ty: Ty, v: Val | undefined, byName = false): string => (v === undefined ? null : showVal(ty, v, values, byName)) ?? '[ERROR:missing tag]';
  const showVar = (b: Binding): string => shown(b.ty, run.vars.get(b.vid));
  const passed = (tag: number): boolean => valueOf(run.tags.get(tag) as string | undefined) === 'true';
  const lines: string[] = [];
  let depth = 0;
  const emit = (at: number, ls: readonly string[]) => lines.push(...ls.map((l) => '  '.repeat(at) + l));
  // Pact warns, at every call, of each decimal variable of the model holding all 255 places.
  const fullDecimals = allBindings(events).filter((b) => b.ty === 'decimal' && usesAllPlaces(valueOf(run.vars.get(b.vid) as string | undefined)));

  // In an `enforce-one` case other than the last, a failure is recovered from.
  let recovering = false;
  const failed = () => (recovering ? 'recovered from failure to satisfy' : 'failed to satisfy');
  const walk = (evs: readonly Event[]): boolean => {
    for (const e of evs) {
      switch (e.k) {
        case 'push': {
          const at = depth++;
          if (!('module' in e.scope)) {
            emit(at, [SCOPE_TEXT[e.scope.k], ...e.bindings.map((b) => `  ${b.name} := ${showVar(b)}`)]);
            break;
          }
          const n = e.bindings.length;
          const withArgs = n === 0 ? '' : n === 1 ? ' with argument' : ' with arguments';
          const args = n === 0 ? [] : [...e.bindings.map((b) => `  ${b.name} = ${showVar(b)}`), ''];
          const warn = fullDecimals.length === 0 ? [] : [
            'warning, decimal precision might cause underflow/overflow due to limited precision (at most 255 decimal places) in:',
            ...fullDecimals.map((b) => `  argument '${b.name}'`), ''];
          // A capability's name already carries its module; Pact prefixes it again.
          emit(at, [`entering ${e.scope.k} ${e.scope.module}.${e.scope.name}${withArgs}`, ...args, ...warn]);
          break;
        }
        case 'pop': {
          const at = depth--;
          if (e.scope.k === 'function' || e.scope.k === 'capability') emit(at, [`returning with ${shown(tagType(run, e.tag), run.tags.get(e.tag))}`, '']);
          break;
        }
        case 'assert': {
          const ok = passed(e.tag);
          const context = e.code === null ? '' : `: ${e.code}`;
          emit(depth, [`${ok ? 'satisfied' : failed()} assertion${context}`]);
          if (!ok) return false;
          break;
        }
        case 'guard': {
          const ok = passed(e.tag);
          const g = run.guards.get(e.tag);
          const text = g?.cell != null
            ? `guard from database at ("${g.cell.table}", '"${g.cell.column}", ${g.cell.shownKey})`
            : guardText(e.origin, valueOf(g?.name ?? undefined) ?? null, valueOf(g?.guard) ?? null);
          emit(depth, [`${ok ? 'satisfied' : failed()} ${text}`]);
          if (!ok) return false;
          break;
        }
        case 'yield': case 'resume': {
          const v = shown(e.ty, run.tags.get(e.tag));
          emit(depth, [e.k === 'yield' ? `yield ${v}` : `resume (${v})`]);
          break;
        }
        case 'require': {
          const ok = passed(e.tag);
          emit(depth, [`${ok ? 'satisfied' : failed()} requirement of capability ${e.cap}`]);
          if (!ok) return false;
          break;
        }
        case 'read': case 'write': {
          const acc = run.accesses.get(e.tag);
          const ok = valueOf(acc?.ok) === 'true';
          const key = acc === undefined ? '[ERROR:missing tag]' : shown('string', acc.key);
          const obj = acc === undefined ? '[ERROR:missing tag]' : shown(e.ty, acc.obj, true);
          if (e.k === 'read') {
            emit(depth, [ok ? `read ${obj} from ${e.table} at key ${key} succeeds` : `read from ${e.table} at key ${key} fails because the row was not present`]);
          } else {
            const why = ok ? 'succeeds' : e.kind === 'insert' ? 'fails because the was already present' : 'fails because the row was not present';
            emit(depth, [`${WRITE_VERB[e.kind]} ${e.table} at key ${key} with ${obj} ${why}`]);
          }
          if (!ok) return false;
          break;
        }
        case 'branch':
          if (!walk(passed(e.tag) ? e.then : e.else)) return false;
          break;
        case 'pact':
          for (const step of e.steps) {
            if (step.cancel !== null && passed(step.cancel)) {
              emit(depth, ['', 'time passes between steps (arbitrary db updates can occur here)', 'pact cancelled']);
              for (const r of e.rollbacks) if (passed(r.tag) && !walk(r.events)) return false;
              break;
            }
            if (!walk(step.events)) return false;
          }
          break;
        case 'enforce-one': {
          const outer = recovering;
          const taken = e.cases.findIndex((c) => passed(c.tag));
          for (const [i, c] of e.cases.entries()) {
            recovering = i < e.cases.length - 1;
            const completed = walk(c.events);
            recovering = outer;
            if (i === taken) break;
            if (!completed && i === e.cases.length - 1) return false;
          }
          if (taken < 0) return false;
          break;
        }
      }
    }
    return true;
  };
  const completed = walk(events);
  const first = events[0];
  const scope = first?.k === 'push' ? first.scope : null;
  const header = scope?.k === 'function' || scope?.k === 'pact' ? `${scope.module}.${scope.name}` : scope?.k === 'capability' ? scope.name : null;
  const groups = [['Program trace:'], lines.map((l) => `  ${l}`), [completed ? '' : '\nTransaction aborted.']];
  return { text: groups.map((g) => g.map((l) => `  ${l}`).join('\n')).join('\n'), header };
}

function tagType(run: Run, tag: number): Ty {
  return run.tagTypes.get(tag) ?? 'bool';
}

/// A decimal whose last (255th) place is not zero.
function usesAllPlaces(v: string | undefined): boolean {
  return v !== undefined && smtInteger(v) % 10n !== 0n;
}

/// Every variable any scope binds, by id (the order of Pact's map of them).
function allBindings(events: readonly Event[]): Binding[] {
  const out = new Map<number, Binding>();
  const visit = (evs: readonly Event[]): void => {
    for (const e of evs) {
      if (e.k === 'push') for (const b of e.bindings) out.set(b.vid, b);
      if (e.k === 'branch') { visit(e.then); visit(e.else); }
    }
  };
  visit(events);
  return [...out.values()].sort((a, b) => a.vid - b.vid);
}
