/// Where a module reference was made, in the form Pact 4.8 and earlier kept and hashed it
/// (`refInfo`): the source span of the enclosing top-level form (or, in module code, of the
/// name itself), as trifecta's delta plus the code text Pact cut for it.
import type { Info } from '../syntax/exp.ts';
import { pactCodeText } from '../syntax/code.ts';
import { JsonNumber, JsonObject } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import type { RefSite } from '../values/value.ts';

const UTF8 = new TextEncoder();

/// The site of a span; its JSON is built once, when first needed (only pre-4.9 hashes need it).
export function refSite(info: Info): RefSite {
  let json: Json | null = null;
  return { json: () => (json ??= siteJson(info)) };
}

/// `{"d": [length, file, line, column, bytes, bytes since the line start], "c": code}`; input typed
/// at the REPL has no file (trifecta's `Lines` delta).
function siteJson(info: Info): Json {
  const bytes = (from: number, to: number): number => UTF8.encode(info.source.slice(from, to)).length;
  const lineStart = info.source.lastIndexOf('\n', info.offset - 1) + 1;
  const n = (x: number): JsonNumber => new JsonNumber(BigInt(x), 0);
  const position = [n(info.line), n(info.col), n(bytes(0, info.offset)), n(bytes(lineStart, info.offset))];
  const length = n(bytes(info.offset, info.offset + info.length));
  const delta = info.file === '<interactive>' ? [length, ...position] : [length, info.file, ...position];
  return new JsonObject([['d', delta], ['c', pactCodeText(info, 'utf8')]]);
}
