/// Bottom-up folds over trees without recursion. Values nest as deep as a program makes them
/// (a `fold` that wraps its accumulator in a list builds one level per element), far deeper than
/// the call stack, so everything that walks a whole value — printing, JSON, hashing, sizes —
/// walks it with an explicit stack.
import { CapabilityGuard, PList, PObject, UserGuard } from './value.ts';
import type { PactValue } from './value.ts';

// What a leaf gets: shared, since a leaf has no results to keep. A container always gets an array
// of its own (empty for an empty one), which `f` may return as part of its result.
const NO_RESULTS: never[] = [];

interface Frame<T, R> {
  readonly node: T;
  readonly children: readonly T[];
  readonly results: R[];
}

// Levels folded on the call stack before the walk continues on an explicit one (cheaper for
// the shallow values nearly every program holds).
const STACK_LEVELS = 100;

/// `f(node, results)` for every node, children before parents; `results` holds the children's
/// results in the order `children` gives them. `children` returns null for a leaf.
export function foldTree<T, R>(root: T, children: (node: T) => readonly T[] | null, f: (node: T, results: R[]) => R): R {
  return foldFrom(root, 0, children, f);
}

function foldFrom<T, R>(node: T, level: number, children: (node: T) => readonly T[] | null, f: (node: T, results: R[]) => R): R {
  const cs = children(node);
  if (cs === null) return f(node, NO_RESULTS);
  if (level === STACK_LEVELS) return deep(node, cs, children, f);
  const results = new Array<R>(cs.length);
  for (let i = 0; i < cs.length; i++) results[i] = foldFrom(cs[i]!, level + 1, children, f);
  return f(node, results);
}

/// The fold below `root` (whose children are `rootChildren`) on an explicit stack.
function deep<T, R>(root: T, rootChildren: readonly T[], children: (node: T) => readonly T[] | null, f: (node: T, results: R[]) => R): R {
  const stack: Frame<T, R>[] = [{ node: root, children: rootChildren, results: [] }];
  for (;;) {
    const top = stack[stack.length - 1]!;
    const done = top.results.length;
    if (done < top.children.length) {
      const child = top.children[done]!;
      const grandChildren = children(child);
      if (grandChildren === null) top.results.push(f(child, NO_RESULTS));
      else stack.push({ node: child, children: grandChildren, results: [] });
      continue;
    }
    stack.pop();
    const r = f(top.node, top.results);
    if (stack.length === 0) return r;
    stack[stack.length - 1]!.results.push(r);
  }
}

/// The values a value holds: list items, object fields (in the map's order), the arguments of
/// user and capability guards.
export function valueChildren(v: PactValue): readonly PactValue[] | null {
  if (typeof v !== 'object') return null;
  if (v instanceof PList) return v.items;
  if (v instanceof PObject) return Array.from(v.fields.values());
  if (v instanceof UserGuard || v instanceof CapabilityGuard) return v.args;
  return null;
}

/// `foldTree` over a value's parts.
export function foldValue<R>(v: PactValue, f: (v: PactValue, results: R[]) => R): R {
  return foldTree(v, valueChildren, f);
}
