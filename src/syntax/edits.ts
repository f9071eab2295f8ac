/// A text's syntax tree kept across edits: after each edit lezer reparses only around what
/// changed, reusing the rest of the previous tree (an editor's file, reparsed as the user types).
/// The tree carries the highlighting tags, so it serves highlighting and the reader alike.
import { TreeFragment } from '@lezer/common';
import type { ChangedRange, Tree } from '@lezer/common';
import { highlightingParser } from './highlight.ts';

/// One replacement in a text: `[from, to)` of the text before it became `[from, from + inserted)`.
export interface TextEdit {
  readonly from: number;
  readonly to: number;
  readonly inserted: number;
}

export class EditedTree {
  #tree: Tree;
  #fragments: readonly TreeFragment[];

  constructor(text: string) {
    this.#tree = highlightingParser.parse(text);
    this.#fragments = TreeFragment.addTree(this.#tree);
  }

  get tree(): Tree {
    return this.#tree;
  }

  /// Reparses `text`, the previous text after `edits` (in the order they were made, each in the
  /// coordinates of the text the ones before it left).
  update(text: string, edits: readonly TextEdit[]): void {
    let fragments = this.#fragments;
    for (const e of edits) {
      const change: ChangedRange = { fromA: e.from, toA: e.to, fromB: e.from, toB: e.from + e.inserted };
      fragments = TreeFragment.applyChanges(fragments, [change]);
    }
    this.#tree = highlightingParser.parse(text, fragments);
    this.#fragments = TreeFragment.addTree(this.#tree, fragments);
  }
}
