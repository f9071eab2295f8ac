/// Semantic tokens: the REPL's highlighting (the same highlighter over the same tree: keywords,
/// metadata markers, strings and symbols, numbers, booleans, comments), and the names it leaves
/// plain classed by what they denote (natives, functions, capabilities, constants, schemas,
/// tables, modules, arguments and bindings), so every editor colours Pact alike.
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver';
import { treeTokens } from '../syntax/highlight.ts';
import type { TokenKind } from '../syntax/highlight.ts';
import type { FileAnalysis } from './analysis.ts';
import type { DefinitionKind } from './names.ts';
import { definitionOf } from './query.ts';
import type { SourceFile } from './source.ts';
import type { Workspace } from './workspace.ts';

const TYPES = ['keyword', 'decorator', 'string', 'number', 'enumMember', 'comment', 'function', 'parameter', 'variable', 'type', 'namespace', 'event'] as const;
const MODIFIERS = ['defaultLibrary', 'readonly'] as const;
type TokenType = (typeof TYPES)[number];

export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TYPES], tokenModifiers: [...MODIFIERS] };

/// The highlighter's kinds (brackets are left to the editor); booleans are enum members.
const HIGHLIGHTED: Partial<Record<TokenKind, TokenType>> = {
  keyword: 'keyword', meta: 'decorator', string: 'string', number: 'number', bool: 'enumMember', comment: 'comment',
};

const DEFINED: Record<DefinitionKind, [TokenType, number]> = {
  module: ['namespace', 0], interface: ['namespace', 0], defun: ['function', 0], defpact: ['function', 0],
  defcap: ['event', 0], defconst: ['variable', 2], defschema: ['type', 0], deftable: ['variable', 0],
  argument: ['parameter', 0], binding: ['variable', 0],
};

interface Token {
  readonly from: number;
  readonly to: number;
  readonly type: TokenType;
  readonly modifiers: number;
}

export function semanticTokens(ws: Workspace, file: SourceFile, a: FileAnalysis): SemanticTokens {
  if (file.tooLarge) return { data: [] };
  const tokens: Token[] = [];
  treeTokens(file.tree, file.text, (from, to, kind) => {
    const type = HIGHLIGHTED[kind];
    if (type !== undefined) tokens.push({ from, to, type, modifiers: 0 });
  });
  const kinds = new Map<string, [TokenType, number] | null>();
  const classOf = (key: string): [TokenType, number] | null => {
    if (key.startsWith('n:')) return ['function', 1];
    if (key.startsWith('m:')) return ['namespace', 0];
    let k = kinds.get(key);
    if (k === undefined) {
      const d = definitionOf(ws, key);
      kinds.set(key, k = d === null ? null : DEFINED[d.kind]);
    }
    return k;
  };
  for (const o of a.names.occurrences) {
    const k = classOf(o.key);
    if (k !== null) tokens.push({ from: o.from, to: o.to, type: k[0], modifiers: k[1] });
  }
  tokens.sort((x, y) => x.from - y.from);
  return { data: encode(file, tokens) };
}

/// The protocol's encoding: per token, its line and start relative to the previous one, its
/// length, type and modifiers; a token spanning lines is cut at each line end. Overlaps (a
/// keyword also seen as a name) keep the first.
function encode(file: SourceFile, tokens: readonly Token[]): number[] {
  const data: number[] = [];
  const text = file.text;
  let line = 0;
  let char = 0;
  let end = 0;
  const push = (from: number, to: number, t: Token) => {
    const p = file.position(from);
    data.push(p.line - line, p.line === line ? p.character - char : p.character, to - from, TYPES.indexOf(t.type), t.modifiers);
    line = p.line;
    char = p.character;
  };
  for (const t of tokens) {
    if (t.from < end) continue;
    let from = t.from;
    for (let nl = text.indexOf('\n', from); nl >= 0 && nl < t.to; nl = text.indexOf('\n', from)) {
      if (nl > from) push(from, nl, t);
      from = nl + 1;
    }
    if (t.to > from) push(from, t.to, t);
    end = t.to;
  }
  return data;
}
