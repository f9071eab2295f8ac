/// chainweb's chain graphs: which chains a network has and which are adjacent (every block
/// header names the parents of its adjacent chains; `/info` and `/cut` list them).

/// Chain ids (as chainweb writes them in paths and commands: decimal text) and adjacency.
export interface ChainGraph {
  readonly chains: readonly string[];
  readonly adjacent: ReadonlyMap<string, readonly string[]>;
}

// Adjacency lists in the order chainweb's `/info` lists them.
const TWENTY: readonly (readonly number[])[] = [
  [15, 10, 5], [11, 6, 16], [12, 7, 17], [13, 8, 18], [14, 9, 19],
  [8, 7, 0], [8, 9, 1], [9, 5, 2], [5, 6, 3], [4, 6, 7],
  [11, 0, 19], [12, 10, 1], [13, 11, 2], [12, 14, 3], [13, 15, 4],
  [14, 0, 16], [15, 1, 17], [16, 2, 18], [17, 3, 19], [10, 4, 18],
];

const PETERSEN: readonly (readonly number[])[] = [
  [5, 2, 3], [4, 6, 3], [4, 7, 0], [8, 0, 1], [9, 1, 2],
  [9, 6, 0], [5, 7, 1], [8, 6, 2], [9, 7, 3], [8, 4, 5],
];

/// chainweb's graph of `n` chains (20: the twenty-chain graph; 10: Petersen's), if it has one.
export function chainGraph(n: number): ChainGraph | undefined {
  const lists = n === 20 ? TWENTY : n === 10 ? PETERSEN : undefined;
  if (lists === undefined) return undefined;
  return {
    chains: lists.map((_, i) => String(i)),
    adjacent: new Map(lists.map((adj, i) => [String(i), adj.map(String)])),
  };
}
