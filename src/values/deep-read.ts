/// Reading JSON into values stays recursive, as aeson's parsers are (alternatives tried in order,
/// each reading the parts it holds), but never recurses much deeper than LEVELS: before a deeper
/// document is read, its subtrees whose height is a multiple of LEVELS are read first, deepest
/// first, and their outcomes kept, so the reading of each parent finds its deep parts done. A
/// value a program built (a `fold` that wraps its accumulator in a list) reads back at any depth.
import { AesonError } from './aeson.ts';
import type { JsonPath } from './aeson.ts';
import { foldJson, JsonObject } from './json.ts';
import type { Json } from './json.ts';

const LEVELS = 200;

type Read<R> = (v: Json, path: JsonPath) => R;
type Outcome = { readonly value: unknown } | { readonly error: AesonError };

/// The outcomes of the deep parts of the document being read, by the reader reading it.
let done: { readonly reader: Read<unknown>; readonly outcomes: Map<Json, Outcome> } | null = null;

/// `read` for documents of any depth. `read` must read the parts of a value through the reader
/// returned here, at their JSON paths.
export function readingDeep<R>(read: Read<R>): Read<R> {
  const self: Read<R> = (v, path) => {
    if (done === null) return shallow(v) ? read(v, path) : readDeepDocument(self, read, v, path);
    const outcome = done.reader === self ? done.outcomes.get(v) : undefined;
    if (outcome === undefined) return read(v, path);
    if ('error' in outcome) throw outcome.error;
    return outcome.value as R;
  };
  return self;
}

function readDeepDocument<R>(self: Read<R>, read: Read<R>, root: Json, path: JsonPath): R {
  const outcomes = new Map<Json, Outcome>();
  done = { reader: self, outcomes };
  try {
    for (const [node, at] of deepParts(root, path)) {
      try {
        outcomes.set(node, { value: read(node, at) });
      } catch (e) {
        if (!(e instanceof AesonError)) throw e;
        outcomes.set(node, { error: e });
      }
    }
    return read(root, path);
  } finally {
    done = null;
  }
}

/// The parts of a JSON value.
function parts(v: Json): ReadonlyArray<readonly [string | number, Json]> {
  if (Array.isArray(v)) return v.map((x, i) => [i, x] as const);
  if (v instanceof JsonObject) return v.entries;
  return [];
}

/// Is `v` at most LEVELS deep?
function shallow(v: Json): boolean {
  return foldJson(v, height) <= LEVELS;
}

/// A node's height from its parts' heights (a leaf's is 0).
function height(_v: Json, heights: number[]): number {
  let h = -1;
  for (const x of heights) if (x > h) h = x;
  return h + 1;
}

interface Frame {
  readonly node: Json;
  readonly parts: ReadonlyArray<readonly [string | number, Json]>;
  next: number;
  height: number;
}

/// The parts of `root` whose height is a positive multiple of LEVELS, each with its path,
/// children before parents.
function deepParts(root: Json, path: JsonPath): Array<[Json, JsonPath]> {
  const found: Array<[Json, JsonPath]> = [];
  const keys: Array<string | number> = [];
  const stack: Frame[] = [{ node: root, parts: parts(root), next: 0, height: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.parts.length) {
      const [key, child] = top.parts[top.next++]!;
      keys.push(key);
      stack.push({ node: child, parts: parts(child), next: 0, height: 0 });
      continue;
    }
    stack.pop();
    const parent = stack[stack.length - 1];
    if (parent === undefined) break;
    if (top.height > 0 && top.height % LEVELS === 0) found.push([top.node, [...path, ...keys]]);
    keys.pop();
    parent.height = Math.max(parent.height, top.height + 1);
  }
  return found;
}
