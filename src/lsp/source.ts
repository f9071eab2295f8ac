/// A Pact file as the language server holds it: its text (the editor's, while open; else what is
/// on disk), the lezer tree kept across edits, and the conversions between offsets and the
/// protocol's line/character positions (UTF-16, as JavaScript strings count).
import { readFileSync } from 'node:fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { EditedTree } from '../syntax/edits.ts';
import { highlightingParser } from '../syntax/highlight.ts';
import { tokensParser } from '../syntax/reader.ts';
import { Extents } from './ranges.ts';
import type { TextEdit } from '../syntax/edits.ts';
import type { Tree } from '@lezer/common';

/// Files larger than this are not analysed as the user types (reading 1 MB takes ~0.3 s, which
/// would hold every other answer back); they get one diagnostic saying so.
export const ANALYSED_SIZE = 1 << 20;

/// Where a file's text could not be decoded as UTF-8: the first bad byte.
export interface EncodingProblem {
  readonly byte: number;
  readonly value: number;
  /// The offset in the decoded text (bad bytes become U+FFFD there).
  readonly offset: number;
}

export class SourceFile {
  readonly path: string;
  readonly uri: string;
  /// Held by the editor (opened, not yet closed): its text is the editor's.
  open = false;
  #doc: TextDocument;
  #tree: EditedTree | null = null;
  #tokens: EditedTree | null = null;
  #extents: Extents | null = null;
  encoding: EncodingProblem | null;

  constructor(path: string, uri: string, text: string, version: number, encoding: EncodingProblem | null = null) {
    this.path = path;
    this.uri = uri;
    this.#doc = TextDocument.create(uri, 'pact', version, text);
    this.encoding = encoding;
  }

  /// The file as on disk, or null when it cannot be read.
  static read(path: string, uri: string): SourceFile | null {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      return null;
    }
    const { text, problem } = decodeUtf8(bytes);
    return new SourceFile(path, uri, text, 0, problem);
  }

  get text(): string {
    return this.#doc.getText();
  }

  get version(): number {
    return this.#doc.version;
  }

  get isRepl(): boolean {
    return this.path.endsWith('.repl');
  }

  get tooLarge(): boolean {
    return this.text.length > ANALYSED_SIZE;
  }

  /// The syntax tree (forms nested, highlighting tags on its nodes), made on first use and kept
  /// up to date by `edit`.
  get tree(): Tree {
    this.#tree ??= new EditedTree(this.text, highlightingParser);
    return this.#tree.tree;
  }

  /// The tree of the flat token form the reader reads, kept the same way.
  get tokens(): Tree {
    this.#tokens ??= new EditedTree(this.text, tokensParser);
    return this.#tokens.tree;
  }

  /// Where the tree's tokens and forms end.
  get extents(): Extents {
    this.#extents ??= new Extents(this.tree);
    return this.#extents;
  }

  /// Replaces the whole text (opened, or read again from disk).
  replace(text: string, version: number): void {
    this.#doc = TextDocument.create(this.uri, 'pact', version, text);
    this.#tree = null;
    this.#tokens = null;
    this.#extents = null;
  }

  /// Applies the editor's changes (ranges or whole texts), reparsing incrementally.
  edit(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    const edits: TextEdit[] = [];
    let whole = false;
    let doc = this.#doc;
    for (const c of changes) {
      if ('range' in c) {
        const from = doc.offsetAt(c.range.start);
        const to = doc.offsetAt(c.range.end);
        edits.push({ from, to, inserted: c.text.length });
      } else whole = true;
      doc = TextDocument.update(doc, [c], version);
    }
    this.#doc = doc;
    this.#extents = null;
    if (whole || this.tooLarge) {
      this.#tree = null;
      this.#tokens = null;
    } else {
      this.#tree?.update(doc.getText(), edits);
      this.#tokens?.update(doc.getText(), edits);
    }
  }

  offsetAt(line: number, character: number): number {
    return this.#doc.offsetAt({ line, character });
  }

  position(offset: number): { line: number; character: number } {
    return this.#doc.positionAt(offset);
  }

  range(from: number, to: number): Range {
    return { start: this.#doc.positionAt(from), end: this.#doc.positionAt(to) };
  }

  /// The offset where a line (0-based) starts.
  lineStart(line: number): number {
    return this.#doc.offsetAt({ line, character: 0 });
  }
}

/// Decodes UTF-8, noting the first byte that is not part of a valid sequence.
export function decodeUtf8(bytes: Uint8Array): { text: string; problem: EncodingProblem | null } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), problem: null };
  } catch {
    const byte = firstInvalidByte(bytes);
    const before = new TextDecoder('utf-8').decode(bytes.subarray(0, byte));
    return { text: new TextDecoder('utf-8').decode(bytes), problem: { byte, value: bytes[byte]!, offset: before.length } };
  }
}

// The offset of the first byte that does not start a well-formed UTF-8 sequence.
function firstInvalidByte(bytes: Uint8Array): number {
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const n = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    try {
      strict.decode(bytes.subarray(i, i + n));
    } catch {
      return i;
    }
    i += n;
  }
  return i;
}
