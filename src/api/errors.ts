/// The three ways Pact's request tooling fails, each with its exact stderr text; all exit 1.

/// A failure carrying the complete text Pact writes to stderr.
export class ToolError extends Error {
  override name = 'ToolError';
  readonly stderr: string;
  constructor(stderr: string) {
    super(stderr.trimEnd());
    this.stderr = stderr;
  }
}

// Pact's help text for request YAML, stale as it is (there is no ETH, caps are not strings);
// the first line and the `    ] ` line end in a space.
const REQUEST_HELP = [
  'Failure reading request yaml. Valid fields are: ',
  'Common fields:',
  "  type: 'exec' or 'cont', indicating Exec or Cont message type",
  '  data|dataFile: (optional) JSON transaction data, as yaml (data) or a yaml file (dataFile)',
  '  keyPairs: list of key pairs for signing (use pact -g to generate): [',
  '    public: base 16 public key',
  '    secret: base 16 secret key',
  '    address: (required for ETH) base 16 address',
  "    scheme: optional, 'ETH' or 'ED25519', default ED25519",
  '    caps: capability list as strings, in form "[(module.CAP param1 param2)]"',
  '    ] ',
  '  nonce: (optional) request nonce, defaults to current time',
  '  publicMeta: (optional) data for public-chain execution: [',
  '    chainId: chain or shard identifier',
  '    sender: gas-paying sender account',
  '    gasLimit: integer gas max limit',
  '    gasPrice: decimal gas unit price',
  '    ttl: TTL value in seconds',
  '    creationTime: epoch time integer value in seconds',
  'Exec-only fields:',
  '  code|codeFile: [exec only] Pact code, as a string (code) or file path (codeFile)',
  'Cont-only fields:',
  '  pactTxHash: pact ID to continue',
  '  step: step index to continue',
  '  rollback: rollback/cancel flag',
  '  proof: platform-specific continuation proof data',
].join('\n');

/// Pact's `dieAR`: a user error wrapping the request help text and `message`.
export function requestError(message: string): ToolError {
  return new ToolError(`pact: user error (${REQUEST_HELP}\nError message: ${message})\n`);
}

/// A Haskell `error` call: `pact: <message>`. (GHC follows it with a call-stack trailer that
/// names compiler-specific package ids; it is left out.)
export function crash(message: string): ToolError {
  return new ToolError(`pact: ${message}\n`);
}

/// A command or partial signature set that does not verify.
export function verificationFailed(message: string): ToolError {
  return new ToolError(`Command verification failed!\n${message}\n\n`);
}
