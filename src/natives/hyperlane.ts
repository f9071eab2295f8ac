/// Hyperlane natives: the id of a Hyperlane message (`hyperlane-message-id`) and the ERC20 token
/// message codec (`hyperlane-decode-token-message`, `hyperlane-encode-token-message`). Pact 4.13
/// changed the formats; with `DisablePact413` the message id and the decoder keep the 4.11 ones.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { Decimal } from '../values/decimal.ts';
import { base64UrlDecodeVerbose, base64UrlEncode } from '../values/base64.ts';
import { parseJson } from '../values/json.ts';
import { PObject } from '../values/value.ts';
import type { Guard, PactValue } from '../values/value.ts';
import type { Info } from '../syntax/exp.ts';
import { evalError } from '../lang/errors.ts';
import { badArgs } from '../lang/eval.ts';
import type { Ctx } from '../lang/context.ts';
import type { Node } from '../lang/runtime.ts';
import { codePointLength, utf8Length } from '../values/text.ts';
import { parseGuard } from '../values/pact-value.ts';
import { natives } from './registry.ts';
import type { Native, StrictFn } from './registry.ts';

const UTF8 = new TextEncoder();
const WEI_PER_TOKEN = 10n ** 18n;
const WORD256 = 1n << 256n;

/// A field's failure, reported as Pact's `HyperlaneError`.
class FieldError extends Error {}

function field<T>(o: PObject, key: string, pick: (v: PactValue) => v is T & PactValue): T {
  const v = o.fields.get(key);
  if (v === undefined || !pick(v)) throw new FieldError(`Failed to find key in object: "${key}"`);
  return v;
}

const isInt = (v: PactValue): v is bigint => typeof v === 'bigint';
const isStr = (v: PactValue): v is string => typeof v === 'string';
const isDec = (v: PactValue): v is Decimal => v instanceof Decimal;

/// An unsigned integer field that must fit in `bits` bits.
function boundedInt(o: PObject, key: string, bits: bigint): bigint {
  const i = field(o, key, isInt);
  if (i < 0n || i >= 1n << bits) throw new FieldError(`Object key "${key}" was out of bounds`);
  return i;
}

function base64Field(o: PObject, key: string, size?: number): Uint8Array {
  const bytes = base64UrlDecodeVerbose(field(o, key, isStr));
  if (typeof bytes === 'string') throw new FieldError(`Invalid base64 encoding on field "${key}"`);
  if (size !== undefined && bytes.length !== size) {
    throw new FieldError(`Incorrect binary data size "${key}". Expected: ${size}, but got ${bytes.length}`);
  }
  return bytes;
}

/// Big-endian unsigned bytes of `n` modulo 2^(8 * width).
function beBytes(n: bigint, width: number): Uint8Array {
  const out = new Uint8Array(width);
  let v = ((n % (1n << BigInt(8 * width))) + (1n << BigInt(8 * width))) % (1n << BigInt(8 * width));
  for (let i = width - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

function beValue(bytes: Uint8Array): bigint {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/// Haskell's `round` of a decimal into a Word256: half to even, wrapping modulo 2^256.
function toWord256(d: Decimal): bigint {
  return ((d.roundToInteger() % WORD256) + WORD256) % WORD256;
}

/// The message id since 4.13: Keccak-256 of the packed message, base64url.
function messageId(o: PObject): string {
  const version = boundedInt(o, 'version', 8n);
  const nonce = boundedInt(o, 'nonce', 32n);
  const origin = boundedInt(o, 'originDomain', 32n);
  const sender = base64Field(o, 'sender', 32);
  const destination = boundedInt(o, 'destinationDomain', 32n);
  const recipient = base64Field(o, 'recipient', 32);
  const body = base64Field(o, 'messageBody');
  const packed = concat([
    beBytes(version, 1), beBytes(nonce, 4), beBytes(origin, 4), sender, beBytes(destination, 4), recipient, body,
  ]);
  return base64UrlEncode(keccak_256(packed));
}

/// Left-pads to 32 bytes (longer input is kept whole).
function padLeft(b: Uint8Array): Uint8Array {
  return b.length >= 32 ? b : concat([new Uint8Array(32 - b.length), b]);
}

/// The 4.11 message id: integers wrap to their widths, the sender is its UTF-8 text, the
/// recipient `0x`-prefixed hex, and an ABI-encoded `tokenMessage` object replaces the body;
/// `0x`-prefixed hex Keccak-256. Any failure is the one message Pact 4.11 gave.
function messageIdBefore413(o: PObject): string {
  const version = field(o, 'version', isInt);
  const nonce = field(o, 'nonce', isInt);
  const origin = field(o, 'originDomain', isInt);
  const sender = UTF8.encode(field(o, 'sender', isStr));
  const destination = field(o, 'destinationDomain', isInt);
  const hex = field(o, 'recipient', isStr);
  if (!hex.startsWith('0x')) throw new FieldError('Missing 0x prefix on hex string');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex.slice(2))) throw new FieldError('Failed to hex-decode string');
  const recipient = Buffer.from(hex.slice(2), 'hex');
  const token = o.fields.get('tokenMessage');
  if (!(token instanceof PObject)) throw new FieldError('tokenMessage object missing');
  const tokenRecipient = UTF8.encode(field(token, 'recipient', isStr));
  const amount = toWord256(field(token, 'amount', isDec).mul(Decimal.fromInteger(WEI_PER_TOKEN)));
  const padding = (32 - (tokenRecipient.length % 32)) % 32;
  const packed = concat([
    beBytes(version, 1), beBytes(nonce, 4), beBytes(origin, 4), padLeft(sender), beBytes(destination, 4),
    padLeft(recipient), beBytes(64n, 32), beBytes(amount, 32), beBytes(BigInt(tokenRecipient.length), 32),
    tokenRecipient, new Uint8Array(padding),
  ]);
  return '0x' + Buffer.from(keccak_256(packed)).toString('hex');
}

const hyperlaneMessageId: StrictFn = (ctx, args, app, self) => {
  const [o] = args;
  if (args.length !== 1 || !(o instanceof PObject)) throw badArgs(self, args, app.info);
  const body = o.fields.get('messageBody');
  if (typeof body !== 'string') throw evalError(app.info, "couldn't find message body");
  if (ctx.gas.active) ctx.gas.charge(self.name, { kind: 'GHyperlaneMessageId', bodyBytes: utf8Length(body) }, app.info);
  try {
    return ctx.flag('DisablePact413') ? messageIdBefore413(o) : messageId(o);
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    throw evalError(app.info, ctx.flag('DisablePact413') ? "Couldn't decode HyperlaneMessage" : e.message);
  }
};

// ---- Token messages

/// The recipient bytes as a JSON-encoded guard.
function recipientGuard(bytes: Uint8Array): Guard | undefined {
  try {
    return parseGuard(parseJson(new TextDecoder('utf-8', { fatal: true }).decode(bytes)), []);
  } catch {
    return undefined;
  }
}

function tokenObject(recipient: Guard, amount: bigint, chainId: bigint): PObject {
  return new PObject(new Map<string, PactValue>([
    ['recipient', recipient],
    ['amount', new Decimal(amount, 18).normalize()],
    ['chainId', chainId.toString()],
  ]), false);
}

/// Since 4.13: amount (uint256), chain id (uint16), then the recipient guard's JSON.
function decodeTokenMessage(bytes: Uint8Array, info: Info): PObject {
  // Fewer bytes than the fixed fields is the binary library's failure.
  if (bytes.length < 34) throw evalError(info, 'Decoding error: binary decoding failed');
  const guard = recipientGuard(bytes.subarray(34));
  if (guard === undefined) throw evalError(info, 'Could not parse recipient into a guard');
  return tokenObject(guard, beValue(bytes.subarray(0, 32)), beValue(bytes.subarray(32, 34)));
}

/// Haskell's `fromIntegral` of a Word256 to a 64-bit Int.
function toInt64(w: bigint): bigint {
  return BigInt.asIntN(64, w);
}

/// Before 4.13: ABI-encoded offset (96), amount, chain id, recipient size, and the recipient
/// padded to 32 bytes, with nothing after it.
function decodeTokenMessageBefore413(bytes: Uint8Array, info: Info): PObject {
  const binaryFailure = () => evalError(info, 'Decoding error: binary decoding failed');
  if (bytes.length < 32) throw binaryFailure();
  const offset = toInt64(beValue(bytes.subarray(0, 32)));
  if (offset !== 96n) throw evalError(info, `Decoding error: TokenMessage firstOffset expected 96, found ${offset}`);
  if (bytes.length < 128) throw binaryFailure();
  const amount = beValue(bytes.subarray(32, 64));
  const chainId = beValue(bytes.subarray(64, 96));
  const size = beValue(bytes.subarray(96, 128));
  // Byte counts convert to Int as Haskell's `fromIntegral` does (wrapping); a count that is not
  // positive reads nothing.
  const read = toInt64((size + ((32n - (size % 32n)) % 32n)) % WORD256);
  const take = read > 0n ? read : 0n;
  if (BigInt(bytes.length - 128) < take) throw binaryFailure();
  const end = 128 + Number(take);
  const wanted = toInt64(size);
  const recipient = bytes.subarray(128, wanted <= 0n ? 128 : 128 + Number(wanted < take ? wanted : take));
  if (BigInt(recipient.length) < wanted) {
    throw evalError(info, 'Decoding error: TokenMessage recipient was smaller than expected');
  }
  if (end !== bytes.length) throw binaryFailure();
  const guard = recipientGuard(recipient);
  if (guard === undefined) throw evalError(info, 'Could not parse recipient into a guard');
  return tokenObject(guard, amount, chainId);
}

function chargeTokenMessage(ctx: Ctx, self: Native, length: number, app: Node): void {
  ctx.gas.charge(self.name, { kind: 'GHyperlaneEncodeDecodeTokenMessage', length }, app.info);
}

const hyperlaneDecodeTokenMessage: StrictFn = (ctx, args, app, self) => {
  const [msg] = args;
  if (args.length !== 1 || typeof msg !== 'string') throw badArgs(self, args, app.info);
  if (ctx.gas.active) chargeTokenMessage(ctx, self, codePointLength(msg), app);
  const bytes = base64UrlDecodeVerbose(msg);
  if (typeof bytes === 'string') throw evalError(app.info, 'Failed to base64-decode token message');
  return ctx.flag('DisablePact413') ? decodeTokenMessageBefore413(bytes, app.info) : decodeTokenMessage(bytes, app.info);
};

/// Data.Text.Read's `decimal` into a Word16: leading ASCII digits, wrapping modulo 2^16, the
/// rest of the text ignored.
function parseChainId(s: string): bigint {
  const digits = /^[0-9]*/.exec(s)![0];
  if (digits === '') throw new FieldError('Failed to decode chainId: input does not start with a digit');
  return BigInt(digits) % 65536n;
}

const hyperlaneEncodeTokenMessage: StrictFn = (ctx, args, app, self) => {
  const [o] = args;
  if (args.length !== 1 || !(o instanceof PObject)) throw badArgs(self, args, app.info);
  const recipientText = o.fields.get('recipient');
  if (typeof recipientText !== 'string') throw evalError(app.info, "couldn't find recipient");
  if (ctx.gas.active) chargeTokenMessage(ctx, self, utf8Length(recipientText), app);
  try {
    const recipient = base64Field(o, 'recipient');
    // The amount is already in the token's smallest unit: rounded, not scaled.
    const amount = toWord256(field(o, 'amount', isDec));
    const chainId = parseChainId(field(o, 'chainId', isStr));
    return base64UrlEncode(concat([beBytes(amount, 32), beBytes(chainId, 2), recipient]));
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    throw evalError(app.info, e.message);
  }
};

export const hyperlaneNatives: Native[] = natives({
  'hyperlane-message-id': { fn: hyperlaneMessageId },
  'hyperlane-decode-token-message': { fn: hyperlaneDecodeTokenMessage },
  'hyperlane-encode-token-message': { fn: hyperlaneEncodeTokenMessage },
});
