/// The request tooling target: what `pact -a`/`-u`, `add-sig`, `combine-sigs` and `sign` do with
/// a YAML document, driven below the CLI (whose `run` would turn any exception into a message
/// and so hide it). Every failure must be a ToolError (Pact's own texts), never a JavaScript
/// exception, and no output or error text may betray JavaScript.
import fc from 'fast-check';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { ToolError } from '../../src/api/errors.ts';
import { buildCommand, readApiRequest } from '../../src/api/request.ts';
import { hashCmd, submitText } from '../../src/api/command.ts';
import { readKeyFile } from '../../src/api/keys.ts';
import {
  addSigs, combineSigDatas, commandIfDone, commandToSigData, loadSigData, sigDataFromBytes, sigDataOrCommand, sigDataYaml, signBase64,
} from '../../src/api/sigdata.ts';
import type { SigData } from '../../src/api/sigdata.ts';
import { checkCode } from '../../src/cli/requests.ts';
import type { Ed25519KeyPair } from '../../src/api/crypto.ts';
import { encodeCoseKey } from '../../src/api/cose.ts';
import type { CosePublicKey } from '../../src/api/cose.ts';
import { hexEncode } from '../../src/api/bytes.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';
import { FIXTURES, yamlCorpus } from './corpus.ts';
import { describeException, jsIsm, problem } from './oracles.ts';
import type { Problem } from './oracles.ts';
import { mutant, pactInteger, pactDecimal } from './generators.ts';

export type RequestCase =
  | { readonly kind: 'apireq'; readonly yaml: string; readonly unsigned: boolean; readonly local: boolean; readonly keys: number }
  | { readonly kind: 'sigdata'; readonly yaml: string; readonly local: boolean; readonly keys: number }
  | { readonly kind: 'keyfile'; readonly yaml: string }
  | { readonly kind: 'sign'; readonly text: string; readonly keys: number };

// ---------------------------------------------------------------------------------------------
// A scratch directory holding the files requests name (codeFile, dataFile) and the key files

const corpus = yamlCorpus();
const KEY_FILES = corpus.keys.map((k) => k.path);
const keyPairs: Ed25519KeyPair[] = KEY_FILES.map((p) => readKeyFile(p));
const PUBLIC_KEYS = keyPairs.map((k) => Buffer.from(k.publicKey).toString('hex'));
const SECRET_KEYS = keyPairs.map((k) => Buffer.from(k.secretKey).toString('hex'));
const NOW = 1_700_000_000_000_000n;

let scratch: string | null = null;
function dir(): string {
  if (scratch === null) {
    scratch = mkdtempSync(join(tmpdir(), 'pact-fuzz-'));
    for (const f of ['code-file.pact', 'code-file-data.json']) copyFileSync(join(FIXTURES, 'api', 'requests', f), join(scratch, f));
    writeFileSync(join(scratch, 'bad-utf8.pact'), Buffer.from([0x28, 0xff, 0x29]));
    process.on('exit', () => { if (scratch !== null) rmSync(scratch, { recursive: true, force: true }); });
  }
  return scratch;
}

/// Requests may name files: keep them to the scratch directory's (no devices, no /proc).
function sanitize(text: string): string {
  return text.replace(/\/(dev|proc|sys)\b/g, '/no-$1');
}

function writeInput(name: string, text: string): string {
  const path = join(dir(), name);
  writeFileSync(path, sanitize(text));
  return path;
}

// ---------------------------------------------------------------------------------------------
// Generators

/// Unquoted scalars YAML would otherwise quote: written as `__RAW__<text>` and unwrapped.
const raw = (t: string): string => `__RAW__${t}`;
const unwrapRaw = (yaml: string): string => yaml.replace(/__RAW__/g, '');

const YAML_SCALARS = ['~', 'null', 'yes', 'no', 'on', 'off', 'True', 'FALSE', '0x1F', '0o17', '.inf', '-.inf', '.nan', '1e400',
  '1.0e-8', '-0', '00012', '1_000', '2001-12-14t21:59:43.10-05:00', '!!binary aGVsbG8=', '*undefined_alias', '&a 1', '""', "''",
  '1e99999', '7e-400'];
/// Numbers too large to hold (kept rare: see B6 in known-bugs.ts).
const ABSURD_NUMBERS = ['1e999999999', '1e-999999999', '-2.5E+99999999', '0e999999999999999999', '1e18446744073709551617'];

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 200,
    arbitrary: fc.oneof(
      { weight: 6, arbitrary: fc.string({ maxLength: 12 }) },
      { weight: 4, arbitrary: pactInteger.map(raw) },
      { weight: 2, arbitrary: pactDecimal.map(raw) },
      { weight: 2, arbitrary: fc.constantFrom(...YAML_SCALARS).map(raw) },
      { weight: 2, arbitrary: fc.boolean() },
      { weight: 2, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: fc.integer() },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...ABSURD_NUMBERS).map(raw) },
);
const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', maxDepth: 3 },
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie('v'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'b', 'name', 'args', 'pred', 'keys', ''), tie('v'), { maxKeys: 3 }) }),
})).v;

/// A field's value: usually one of its right type, sometimes anything.
const field = <T>(right: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 12, arbitrary: right }, { weight: 1, arbitrary: anyValue });

/// COSE public keys (WebAuthn signers): well-formed Ed25519 ones of the fixture keys, and others
/// of any type, algorithm, curve and coordinate size, cut short now and then.
const coseHex: fc.Arbitrary<string> = fc.oneof(
  fc.nat({ max: keyPairs.length - 1 }).map((i) => hexEncode(encodeCoseKey({ kty: 'OKP', alg: -8, crv: 6, x: keyPairs[i]!.publicKey, y: null }))),
  fc.record({
    kty: fc.constantFrom<CosePublicKey['kty']>('OKP', 'EC2', 'RSA'),
    alg: fc.constantFrom(-7, -8, -35, -36, -257, 0, 1),
    crv: fc.option(fc.constantFrom(1, 2, 3, 6, 7), { nil: null }),
    x: fc.uint8Array({ maxLength: 70 }),
    y: fc.option(fc.uint8Array({ maxLength: 70 }), { nil: null }),
  }).map((k) => {
    try {
      return hexEncode(encodeCoseKey(k));
    } catch {
      return hexEncode(k.x);
    }
  }),
).chain((h) => fc.oneof({ weight: 4, arbitrary: fc.constant(h) }, { weight: 1, arbitrary: fc.nat({ max: h.length }).map((n) => h.slice(0, n)) }));

const hex = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PUBLIC_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom(...PUBLIC_KEYS).chain((k) => fc.nat({ max: 64 }).map((n) => k.slice(0, n))) },
  { weight: 2, arbitrary: fc.stringMatching(/^[0-9a-fA-FxZ]{0,66}$/) },
  { weight: 3, arbitrary: coseHex },
);
const capability = fc.record({
  name: field(fc.constantFrom('coin.GAS', 'accounts.PAY', 'a.b.C', 'C', '', 'a.', 'ns.m.C')),
  args: field(fc.array(scalar, { maxLength: 3 })),
}, { requiredKeys: [] });
const caps = field(fc.array(capability, { maxLength: 2 }));
const hashText = fc.oneof(
  { weight: 6, arbitrary: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(base64UrlEncode) },
  { weight: 1, arbitrary: fc.constantFrom('TNgO7o8nSZILVCfJPcg5IjHADy-XKvQ7o5RfAieJvwY', '', 'abc', '====', 'a+/b', 'YQ', 'YR') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_\-=+/]{0,50}$/) },
);

const requestDoc = fc.record({
  type: field(fc.constantFrom('exec', 'cont', 'other', 'Exec')),
  code: field(fc.constantFrom('(+ 1 2)', '(', '(test.run-escrow "Alice" "Bob")', '', '"é"', '(a.b', '1.' + '0'.repeat(300))),
  codeFile: field(fc.constantFrom('code-file.pact', 'missing.pact', '.', 'bad-utf8.pact', 'code-file-data.json', '')),
  data: anyValue,
  dataFile: field(fc.constantFrom('code-file-data.json', 'code-file.pact', 'missing.json', '.', 'bad-utf8.pact')),
  keyPairs: field(fc.array(fc.record({
    public: field(hex),
    secret: field(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...SECRET_KEYS) }, { weight: 1, arbitrary: hex })),
    address: field(fc.string({ maxLength: 8 })),
    scheme: field(fc.constantFrom('ED25519', 'WebAuthn', 'ETH', '')),
    caps,
  }, { requiredKeys: [] }), { maxLength: 2 })),
  signers: field(fc.array(fc.record({
    public: field(hex),
    address: field(fc.string({ maxLength: 8 })),
    scheme: field(fc.constantFrom('ED25519', 'WebAuthn', 'ETH')),
    caps,
  }, { requiredKeys: [] }), { maxLength: 2 })),
  verifiers: field(fc.array(fc.record({ name: field(fc.string({ maxLength: 6 })), proof: anyValue, clist: caps }, { requiredKeys: [] }), { maxLength: 2 })),
  nonce: field(fc.string({ maxLength: 10 })),
  publicMeta: field(fc.record({
    chainId: field(fc.constantFrom('0', '1', '')),
    sender: field(fc.string({ maxLength: 6 })),
    gasLimit: field(pactInteger.map(raw)),
    gasPrice: field(fc.oneof(pactDecimal, pactInteger).map(raw)),
    ttl: field(pactInteger.map(raw)),
    creationTime: field(pactInteger.map(raw)),
  }, { requiredKeys: [] })),
  networkId: field(fc.constantFrom('testnet04', 'mainnet01', '')),
  pactTxHash: field(hashText),
  step: field(pactInteger.map(raw)),
  rollback: field(fc.boolean()),
  proof: field(fc.string({ maxLength: 10 })),
}, { requiredKeys: [] }).map((doc) => unwrapRaw(stringify(doc)));

/// JSON numbers as written: integers, decimals, exponents small and absurd.
const number = fc.oneof(
  { weight: 80, arbitrary: fc.integer() },
  { weight: 20, arbitrary: fc.oneof(pactInteger, pactDecimal, fc.constantFrom('1e400', '5e-324', '0.1e1', '-0.0', '1E2')).map(raw) },
  { weight: 1, arbitrary: fc.constantFrom(...ABSURD_NUMBERS).map(raw) },
);

/// A payload (the `cmd` of SigData), as JSON text: mostly well-formed, with wrong types here and there.
export const payloadJson: fc.Arbitrary<string> = fc.record({
  networkId: field(fc.constantFrom('testnet04', null)),
  payload: field(fc.oneof(
    fc.record({ exec: field(fc.record({ data: anyValue, code: field(fc.constantFrom('(+ 1 1)', '(', '', '(a b')) }, { requiredKeys: [] })) }),
    fc.record({ cont: field(fc.record({ pactId: field(hashText), step: field(fc.integer()), rollback: field(fc.boolean()), data: anyValue, proof: anyValue }, { requiredKeys: [] })) }),
  )),
  signers: field(fc.array(fc.record({ pubKey: field(hex), scheme: field(fc.constantFrom('ED25519', 'WebAuthn', 'x')), addr: anyValue, clist: caps }, { requiredKeys: [] }), { maxLength: 2 })),
  meta: field(fc.record({
    creationTime: field(number), ttl: field(number), gasLimit: field(number), chainId: field(fc.constantFrom('0', '')),
    gasPrice: field(fc.oneof(number, fc.double({ noNaN: true, noDefaultInfinity: true }))), sender: field(fc.string({ maxLength: 5 })),
  }, { requiredKeys: [] })),
  nonce: field(fc.string({ maxLength: 8 })),
  verifiers: field(fc.array(anyValue, { maxLength: 1 })),
}, { requiredKeys: [] }).map((p) => JSON.stringify(p).replace(/"__RAW__([^"]*)"/g, '$1'));

const sigDataDoc = fc.record({
  cmd: fc.option(payloadJson, { nil: undefined }),
  hashOk: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  hash: hashText,
  sigs: fc.array(fc.tuple(hex, fc.option(fc.stringMatching(/^[0-9a-f]{0,130}$/), { nil: null })), { maxLength: 3 }),
}).map(({ cmd, hashOk, hash, sigs }) => {
  const doc: Record<string, unknown> = {
    hash: hashOk && cmd !== undefined ? base64UrlEncode(hashCmd(cmd)) : hash,
    sigs: Object.fromEntries(sigs),
  };
  if (cmd !== undefined) doc.cmd = cmd;
  return stringify(doc);
});

const YAML_INSERTS = [': ', '- ', '&a ', '*a', '<<: *a\n', '!!binary ', '!!int ', '? ', '|\n', '>-\n', '---\n', '...\n', '%YAML 1.1\n',
  '"', "'", '\t', '{', '}', '[', ']', '0x1F', '~', 'yes', 'off', '.inf', '.nan', '1e400', '#', '\n  ', 'null', '\u00ff', '\ufeff'];

const keyCount = fc.nat({ max: KEY_FILES.length });

export function requestsArbitrary(): fc.Arbitrary<RequestCase> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('apireq' as const), yaml: requestDoc, unsigned: fc.boolean(), local: fc.boolean(), keys: keyCount }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('apireq' as const), yaml: mutant(corpus.requests, YAML_INSERTS).map((m) => m.text), unsigned: fc.boolean(), local: fc.boolean(), keys: keyCount }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('sigdata' as const), yaml: sigDataDoc, local: fc.boolean(), keys: keyCount }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('sigdata' as const), yaml: mutant(corpus.sigdata, YAML_INSERTS).map((m) => m.text), local: fc.boolean(), keys: keyCount }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('keyfile' as const), yaml: mutant(corpus.keys, YAML_INSERTS).map((m) => m.text) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('sign' as const), text: fc.oneof(hashText, fc.string({ maxLength: 60 })), keys: keyCount }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Running a case

/// The tool's output text, or a ToolError (an expected failure); anything else propagates.
function tool(f: () => string): { out: string } | { err: string } {
  try {
    return { out: f() };
  } catch (e) {
    if (e instanceof ToolError) return { err: e.stderr };
    throw e;
  }
}

function runRequestCase(c: RequestCase): string[] {
  const keys = keyPairs.slice(0, 'keys' in c ? c.keys : 0);
  const texts: string[] = [];
  const add = (r: { out: string } | { err: string }): string | null => {
    texts.push('out' in r ? r.out : r.err);
    return 'out' in r ? r.out : null;
  };
  switch (c.kind) {
    case 'apireq': {
      const path = writeInput('req.yaml', c.yaml);
      const sd = add(tool(() => {
        const cmd = buildCommand(readApiRequest(path), path, { unsigned: c.unsigned, now: NOW });
        return c.unsigned ? sigDataYaml(commandToSigData(cmd, checkCode)) : submitText(cmd, c.local);
      }));
      // An unsigned command goes on to `add-sig`, as `pact -u req.yaml | pact add-sig key.yaml`.
      if (c.unsigned && sd !== null) {
        add(tool(() => sigDataOrCommand(addSigs(sigDataFromBytes(new TextEncoder().encode(sd)), keys), c.local, checkCode)));
      }
      break;
    }
    case 'sigdata': {
      const bytes = new TextEncoder().encode(sanitize(c.yaml));
      add(tool(() => sigDataOrCommand(addSigs(sigDataFromBytes(bytes), keys), c.local, checkCode)));
      // `combine-sigs` of the file with itself and its signed version.
      const path = writeInput('sig.yaml', c.yaml);
      add(tool(() => {
        const loaded = loadSigData(path);
        if (typeof loaded === 'string') return loaded;
        const signed: SigData = addSigs(loaded, keys);
        return commandIfDone(combineSigDatas([loaded, signed]), c.local, checkCode);
      }));
      break;
    }
    case 'keyfile': {
      const path = writeInput('key.yaml', c.yaml);
      add(tool(() => {
        const kp = readKeyFile(path);
        return Buffer.from(kp.publicKey).toString('hex');
      }));
      break;
    }
    case 'sign':
      add(tool(() => signBase64(c.text, () => keys)));
      break;
  }
  return texts;
}

export function requestsCase(c: RequestCase): Problem | null {
  let texts: string[];
  try {
    texts = runRequestCase(c);
  } catch (e) {
    return problem(`${c.kind} threw ${describeException(e)}`, e instanceof Error ? e.stack : undefined);
  }
  const input = 'yaml' in c ? c.yaml : c.text;
  for (const t of texts) {
    const js = jsIsm(t, input);
    if (js !== null) return problem(`${c.kind} output: ${js}`, t.slice(0, 2000));
  }
  return null;
}
