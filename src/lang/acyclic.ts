/// Pact is not Turing complete: a module's members and the members each one names form a graph
/// that must have no cycle (Pact's `enforceAcyclic`). The graph's strongly connected components,
/// in the order Haskell's `Data.Graph.stronglyConnCompR` gives them (dependencies first), are
/// also the order constants are evaluated in; the first cyclic one is the error, and which one
/// that is, and the order of its members in the message, follow the same algorithm.

import type { Info } from '../syntax/exp.ts';
import { evalError } from './errors.ts';

export interface Vertex<T> {
  readonly key: string;
  readonly item: T;
  /// The keys this vertex names, in the order they occur, repeats included.
  readonly edges: readonly string[];
}

export interface Component<T> {
  readonly cyclic: boolean;
  readonly vertices: readonly Vertex<T>[];
}

/// `stronglyConnCompR`: vertices numbered in key order, then Kosaraju's algorithm as
/// `Data.Graph.scc` runs it (a depth-first forest of the graph, visiting roots in reverse
/// post-order of the transposed graph's forest).
export function stronglyConnected<T>(vertices: readonly Vertex<T>[]): Component<T>[] {
  const sorted = [...vertices].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const index = new Map(sorted.map((v, i) => [v.key, i]));
  const graph = sorted.map((v) => v.edges.flatMap((k) => (index.has(k) ? [index.get(k)!] : [])));
  const order = postOrder(transpose(graph)).reverse();
  return forest(graph, order).map((tree) => {
    const only = tree[0]!;
    const cyclic = tree.length > 1 || graph[only]!.includes(only);
    return { cyclic, vertices: tree.map((i) => sorted[i]!) };
  });
}

/// `transposeG`: each vertex's sources, most recently enumerated first (Haskell's
/// `accumArray (flip (:))`).
function transpose(graph: readonly number[][]): number[][] {
  const t: number[][] = graph.map(() => []);
  graph.forEach((targets, v) => { for (const w of targets) t[w]!.unshift(v); });
  return t;
}

/// The depth-first forest from `roots` in order, each tree as its vertices in pre-order.
function forest(graph: readonly number[][], roots: readonly number[]): number[][] {
  const seen = new Uint8Array(graph.length);
  const trees: number[][] = [];
  for (const root of roots) {
    if (seen[root]) continue;
    const tree: number[] = [];
    walk(graph, root, seen, (v) => tree.push(v), () => {});
    trees.push(tree);
  }
  return trees;
}

/// Post-order of the depth-first forest over all vertices in number order.
function postOrder(graph: readonly number[][]): number[] {
  const seen = new Uint8Array(graph.length);
  const out: number[] = [];
  for (let v = 0; v < graph.length; v++) if (!seen[v]) walk(graph, v, seen, () => {}, (u) => out.push(u));
  return out;
}

/// Iterative depth-first walk (a chain of definitions can be longer than the call stack).
function walk(graph: readonly number[][], root: number, seen: Uint8Array, pre: (v: number) => void, post: (v: number) => void): void {
  seen[root] = 1;
  pre(root);
  const stack: [number, number][] = [[root, 0]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const targets = graph[top[0]]!;
    if (top[1] === targets.length) {
      stack.pop();
      post(top[0]);
      continue;
    }
    const w = targets[top[1]++]!;
    if (seen[w]) continue;
    seen[w] = 1;
    pre(w);
    stack.push([w, 0]);
  }
}

/// Pact's `enforceAcyclic`: the components in dependency order, or `Recursion detected:` with
/// the first cyclic one's members as Pact prints them — (term, key, [keys it names]) — at the
/// first member's definition.
export function enforceAcyclic<T extends { readonly info: Info }>(vertices: readonly Vertex<T>[], termText: (v: Vertex<T>) => string): Component<T>[] {
  const components = stronglyConnected(vertices);
  const cycle = components.find((c) => c.cyclic);
  if (cycle !== undefined) {
    const listed = cycle.vertices.map((v) => `(${termText(v)}, ${v.key}, [${v.edges.join(', ')}])`);
    throw evalError(cycle.vertices[0]!.item.info, `Recursion detected: [${listed.join(', ')}]`);
  }
  return components;
}
