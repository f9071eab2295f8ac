/// Parses every .repl and .pact file under the given folders and reports the ones that do not
/// read cleanly: with error nodes in the lezer tree, or rejected by the reader.
///
/// Usage: node scripts/parse-corpus.ts DIR...

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ParseError, parse } from '../src/syntax/index.ts';
import { parser } from '../src/syntax/parser.ts';

function* pactFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* pactFiles(path);
    else if (/\.(repl|pact)$/.test(entry.name)) yield path;
  }
}

// The first error node's offset, or -1.
function firstErrorNode(text: string): number {
  let at = -1;
  parser.parse(text).iterate({
    enter(node) {
      if (at >= 0) return false;
      if (node.type.isError) at = node.from;
      return undefined;
    },
  });
  return at;
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/parse-corpus.ts DIR...');
  process.exit(2);
}
let total = 0;
let clean = 0;
for (const file of dirs.flatMap((d) => [...pactFiles(d)])) {
  total++;
  const text = readFileSync(file, 'utf8');
  const problems: string[] = [];
  const node = firstErrorNode(text);
  if (node >= 0) problems.push(`error node at offset ${node}`);
  try {
    parse(text, file);
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    problems.push(`${e.line}:${e.column}: ${e.message}`);
  }
  if (problems.length === 0) clean++;
  else console.log(`${file}: ${problems.join('; ')}`);
}
console.log(`${clean} of ${total} files parse clean`);
