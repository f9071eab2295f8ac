/// A text's syntax tree kept across edits: after each edit lezer reparses only around what
/// changed, reusing the rest of the previous tree (an editor's file, reparsed as the user types).
import { TreeFragment } from '@lezer/common';
import type { ChangedRange, Parser, Tree } from '@lezer/common';

/// One replacement in a text: `[from, to)` of the text before it became `[from, from + inserted)`.
export interface TextEdit {
  readonly from: number;
  readonly to: number;
  readonly inserted: number;
}

export class EditedTree {
  readonly #parser: Parser;
  #tree: Tree;
  #fragments: readonly TreeFragment[];

  /// `parser`: the grammar's parser as the tree's reader needs it (`highlightingParser` for
  /// highlighting and structure, `tokensParser` for the reader).
  constructor(text: string, parser: Parser) {
    this.#parser = parser;
    this.#tree = parser.parse(text);
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
    this.#tree = this.#parser.parse(text, fragments);
    this.#fragments = TreeFragment.addTree(this.#tree, fragments);
  }
}
