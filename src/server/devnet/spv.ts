/// Cross-chain proofs of a devnet. `POST …/chain/<c>/pact/spv` answers, for a transaction mined
/// on chain c, a proof addressed to a target chain, in chainweb's outer form (base64url of
/// `{"chain": <target>, "object": …, "algorithm": …}`); its object names the transaction's
/// block and carries its output (base64url, as the block's payload holds it). On the target chain the proof verifies when that block holds
/// that output: proofs are checked against this node's blocks and are valid only here.
import { readPactExec } from '../../lang/rows.ts';
import type { PactExec } from '../../lang/pacts.ts';
import type { SpvSupport } from '../../lang/context.ts';
import { asObject, AesonError } from '../../values/aeson.ts';
import { base64UrlDecode } from '../../values/base64.ts';
import { JsonNumber, JsonObject, JsonParseError, parseJson, encodeJson } from '../../values/json.ts';
import type { Json } from '../../values/json.ts';
import { PObject } from '../../values/value.ts';
import type { PactValue } from '../../values/value.ts';
import { parsePactValue } from '../../values/pact-value.ts';
import type { BlockStore } from './blocks.ts';
import type { DevnetConfig } from './config.ts';
import { b64 } from './payload.ts';

/// What the proof's object says.
interface ProofObject {
  readonly source: string;
  readonly height: number;
  readonly requestKey: string;
  readonly subject: string;
}

/// Proofs over a devnet's blocks (as stored: the executor's side and the HTTP edge's side each
/// read them through their own connection).
export class DevnetSpv {
  readonly #blocks: BlockStore;
  readonly #config: DevnetConfig;

  constructor(blocks: BlockStore, config: DevnetConfig) {
    this.#blocks = blocks;
    this.#config = config;
  }

  /// The proof of `reqKey`'s output (mined on `chainId`) for `target`, as `/spv` answers it, or
  /// chainweb's error text.
  proof(chainId: string, reqKey: string, target: string): { proof: string } | { error: string } {
    const where = this.#blocks.lookup(reqKey);
    if (where === undefined || where.chainId !== chainId) return { error: `Transaction hash not found: ${reqKey}` };
    if (!this.#config.graph.chains.includes(target)) return { error: `SPV target not reachable: target chain ${target} is not a chain of this network` };
    const object = encodeJson(new JsonObject([
      ['source', chainId], ['height', new JsonNumber(BigInt(where.height), 0)], ['requestKey', reqKey], ['subject', where.output],
    ]));
    const outer = encodeJson(new JsonObject([
      ['chain', new JsonNumber(BigInt(target), 0)], ['object', b64(object)], ['algorithm', 'SHA512t_256'],
    ]));
    return { proof: b64(outer) };
  }

  /// The proofs a transaction on `chainId` can check.
  support(chainId: string): SpvSupport {
    return {
      verify: (type, proof) => this.#verifyOutput(chainId, type, proof),
      verifyContinuation: (proof) => this.#verifyContinuation(chainId, proof),
    };
  }

  #verifyContinuation(chainId: string, proof: string): PactExec | string {
    const output = this.#checked(chainId, proof, 'continuation proof');
    if (typeof output !== 'string') return output.error;
    const cont = field(parseJson(output), 'continuation');
    if (cont === undefined || cont === null) return 'no pact exec found in command result';
    try {
      return readPactExec(cont, []);
    } catch (e) {
      if (e instanceof AesonError) return 'unable to decode spv transaction output';
      throw e;
    }
  }

  /// `(verify-spv "TXOUT" {"proof": …})`: the output's result and identity as an object.
  #verifyOutput(chainId: string, type: string, proofObject: PObject): PObject | string {
    if (type !== 'TXOUT') return `unsupported SPV types: ${type}`;
    const text = proofObject.fields.get('proof');
    if (typeof text !== 'string') return "Invalid input, expected 'proof' field with base64url unpadded text";
    const output = this.#checked(chainId, text, 'spv proof');
    if (typeof output !== 'string') return output.error;
    const cr = parseJson(output);
    const result = field(cr, 'result');
    if (field(result, 'status') !== 'success') return 'Failed command result in tx output proof';
    const value = (j: Json): PactValue => parsePactValue(j, []);
    return new PObject(new Map<string, PactValue>([
      ['result', value(field(result, 'data') ?? null)],
      ['req-key', String(field(cr, 'reqKey'))],
      ['txid', String(field(cr, 'txId') ?? '')],
      ['gas', value(field(cr, 'gas') ?? null)],
      ['logs', String(field(cr, 'logs') ?? '')],
    ]), false);
  }

  /// The output a proof for `chainId` proves, or why it does not verify.
  #checked(chainId: string, proof: string, what: string): string | { error: string } {
    const outer = decodeObject(proof);
    if (outer === undefined) return { error: `unable to decode ${what}` };
    const chain = field(outer, 'chain');
    if (!(chain instanceof JsonNumber) || String(chain.coefficient * 10n ** BigInt(Math.max(chain.exponent, 0))) !== chainId) {
      return { error: `cannot redeem ${what} on wrong target chain` };
    }
    const inner = decodeObject(String(field(outer, 'object') ?? ''));
    const p = inner === undefined ? undefined : proofObjectOf(inner);
    if (p === undefined) return { error: `unable to decode ${what}` };
    const where = this.#blocks.lookup(p.requestKey);
    const output = base64UrlDecode(p.subject);
    if (where === undefined || where.chainId !== p.source || where.height !== p.height || output === undefined || p.subject !== where.output) {
      return { error: 'spv verification failed: the proof does not match a transaction output of this network' };
    }
    return Buffer.from(output).toString('utf8');
  }
}

function decodeObject(text: string): Json | undefined {
  const bytes = base64UrlDecode(text);
  if (bytes === undefined) return undefined;
  try {
    const j = parseJson(Buffer.from(bytes).toString('utf8'));
    asObject(j, [], 'Object');
    return j;
  } catch (e) {
    if (e instanceof JsonParseError || e instanceof AesonError) return undefined;
    throw e;
  }
}

function proofObjectOf(j: Json): ProofObject | undefined {
  const source = field(j, 'source');
  const height = field(j, 'height');
  const requestKey = field(j, 'requestKey');
  const subject = field(j, 'subject');
  if (typeof source !== 'string' || !(height instanceof JsonNumber) || typeof requestKey !== 'string' || typeof subject !== 'string') return undefined;
  return { source, height: Number(height.coefficient), requestKey, subject };
}

function field(j: Json | undefined, key: string): Json | undefined {
  return j instanceof JsonObject ? j.entries.find(([k]) => k === key)?.[1] : undefined;
}
