import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiReq, unsignedReq } from '../../src/cli/requests.ts';
import { buildCommand, readApiRequest } from '../../src/api/request.ts';
import { capture, FIXTURES } from './capture.ts';

const REQUESTS = join(FIXTURES, 'requests');
const EXPECTED = join(FIXTURES, 'expected');
const UNSIGNED = new Set(['unsigned-exec', 'unsigned-cont', 'two-signers', 'round-trip-unsigned']);

/// Our request fixtures: Pact 4.13.2's tests/cont-scripts (all but setup-02, which reads a
/// contract from Pact's examples), tests/sign-scripts, tests/add-sig and tests/apireq.yaml,
/// restated with the same values, plus a few of our own.
const NAMES = readdirSync(REQUESTS).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5)).sort();

test('every request fixture gives its expected output byte for byte', () => {
  assert.ok(NAMES.length >= 30);
  for (const name of NAMES) {
    const path = join(REQUESTS, `${name}.yaml`);
    const r = UNSIGNED.has(name) ? capture((io) => unsignedReq(path, io)) : capture((io) => apiReq(path, false, io));
    assert.equal(r.err, '', name);
    assert.equal(r.code, 0, name);
    assert.equal(r.out, readFileSync(join(EXPECTED, `${name}.out`), 'utf8'), name);
  }
});

/// Hashes known independently of this implementation: from Pact's own fixtures ("pact"), or
/// from the independent model of the CLI spec §7 ("model").
const KNOWN_HASHES: Record<string, [string, 'pact' | 'model']> = {
  // Every continuation script of Pact's escrow test names this hash as its pactTxHash.
  'setup-06-escrow': ['L2N2SgjdQAHNEu6WY82VAa4LyxmqfrAuaR6sB41DUMQ', 'pact'],
  // tests/sign-scripts/add-sigs.yaml holds this unsigned command and hash.
  'unsigned-exec': ['i1S2rUgEyfBl393oWEwts3DzuyCvraemXA9A1Bno6sg', 'pact'],
  // tests/add-sig/unsigned.yaml, made from tests/add-sig/test.yaml at that nonce and time.
  'two-signers': ['tTg1a9B8jWRM3KrAq2ITSZtL5yq1wQj30SpugHiLqiE', 'pact'],
  'unsigned-cont': ['fM6NN_dHKTFOHESR6XMBh-aqr4FSL28NDe2L619GcDg', 'model'],
  'pass-deb-cancel-02-rollback': ['c22vMNZ82QXunXIe1gUFJK93D-KTbVdNmZHWhcvJXx0', 'model'],
  'fail-both-price-down-01-cont-badcaps': ['jCKoViiAxA_nv3tATQO1ucInCMRAT5bJRWOoA-tuxMc', 'model'],
  'setup-01-system': ['13oYynKnCei0KdL5Jg2LrSRHnUdD3joQNvQv7XV_3a0', 'model'],
  'managed-01-pay': ['rrc3hrTxE04KYnYsYplmchsSJ-mpdN_3mDczB40UYwE', 'model'],
};

test('hashes known from Pact and from the spec model', () => {
  for (const [name, [hash]] of Object.entries(KNOWN_HASHES)) {
    assert.match(readFileSync(join(EXPECTED, `${name}.out`), 'utf8'), new RegExp(`"?hash"?: ?"?${hash}`), name);
  }
});

test('the escrow command for /local, as the spec model derives it in full', () => {
  const r = capture((io) => apiReq(join(REQUESTS, 'setup-06-escrow.yaml'), true, io));
  assert.equal(r.out, '{"hash":"L2N2SgjdQAHNEu6WY82VAa4LyxmqfrAuaR6sB41DUMQ","sigs":[{"sig":"d3e45da5cdd9d360252e49d0601799b86797d7afb6f23227c2c942a3661d4ab40a2513af7ece6b5624e535efb71c930c64e1b54976af3895bfde9e8b6c144a09"}],"cmd":"{\\"networkId\\":null,\\"payload\\":{\\"exec\\":{\\"data\\":null,\\"code\\":\\"(test.run-escrow \\\\\\"Alice\\\\\\" \\\\\\"Bob\\\\\\")\\"}},\\"signers\\":[{\\"pubKey\\":\\"7d0c9ba189927df85c8c54f8b5c8acd76c1d27e923abbf25a957afdf25550804\\",\\"clist\\":[{\\"args\\":[\\"Alice\\"],\\"name\\":\\"accounts.USER_GUARD\\"}]}],\\"meta\\":{\\"creationTime\\":0,\\"ttl\\":0,\\"gasLimit\\":0,\\"chainId\\":\\"\\",\\"gasPrice\\":0,\\"sender\\":\\"\\"},\\"nonce\\":\\"setup-step06\\"}"}\n');
});

/// Writes a request into a fresh directory and runs `-a` (or `-u`) on it.
function run(yaml: string, opts: { unsigned?: boolean; files?: Record<string, string> } = {}): ReturnType<typeof capture> {
  const dir = mkdtempSync(join(tmpdir(), 'pact-req-'));
  const path = join(dir, 'req.yaml');
  writeFileSync(path, yaml);
  for (const [name, text] of Object.entries(opts.files ?? {})) writeFileSync(join(dir, name), text);
  return opts.unsigned === true ? capture((io) => unsignedReq(path, io)) : capture((io) => apiReq(path, true, io));
}

const KEY = 'keyPairs:\n  - public: ba54b224d1924dd98403f5c751abdd10de6cd81b0121800bf7bdbdcfaec7388d\n' +
  '    secret: 8693e641ae2bbe9ea802c736f42027b03f86afe63cae315e7169c9c496c17332\n';

function cmdOf(out: string): Record<string, unknown> {
  return JSON.parse(JSON.parse(out).cmd);
}

test('defaults: nonce is the time, publicMeta defaults apply when it is present', () => {
  const before = Date.now();
  const r = run(`code: "1"\npublicMeta: {chainId: "0"}\n${KEY}`);
  const cmd = cmdOf(r.out);
  assert.match(cmd.nonce as string, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})? UTC$/);
  const meta = cmd.meta as Record<string, number>;
  assert.equal(meta.ttl, 1800);
  assert.ok(Math.abs(meta.creationTime! * 1000 - before) < 5000);
});

test('publicMeta numbers: integers from numbers, text and {int}, exact gas prices', () => {
  const r = run(`code: "1"\nnonce: x1\npublicMeta: {gasLimit: "1000", gasPrice: "0.0100", ttl: {int: 5}, creationTime: 2.5}\n${KEY}`);
  assert.deepEqual(JSON.parse(JSON.parse(r.out).cmd).meta, { creationTime: 2, ttl: 5, gasLimit: 1000, chainId: '', gasPrice: 0.01, sender: '' });
  assert.match(JSON.parse(r.out).cmd, /"gasPrice":1\.0e-2/);
  assert.match(run(`code: "1"\nnonce: x1\npublicMeta: {gasPrice: 100.0}\n${KEY}`).out, /\\"gasPrice\\":100,/);
});

test('cap arguments go through Pact values: decimals exact, integers, keysets, objects in legacy order', () => {
  const r = run(`code: "1"\nnonce: x1\nkeyPairs:\n  - secret: 8693e641ae2bbe9ea802c736f42027b03f86afe63cae315e7169c9c496c17332\n` +
    `    caps:\n      - name: "ns . mod . CAP "\n        args: [1.0, 0.00001, {int: 5}, {keys: [b, a, b], pred: keys-any}, {z: 1, x: 2, y: 3}, "s", true]\n`);
  assert.equal(r.err, '');
  const cap = (cmdOf(r.out).signers as Array<{ clist: unknown[] }>)[0]!.clist[0];
  assert.deepEqual(cap, { name: 'ns.mod.CAP', args: [1, 0.00001, { int: 5 }, { pred: 'keys-any', keys: ['a', 'b'] }, { z: 1, x: 2, y: 3 }, 's', true] });
  assert.match(JSON.parse(r.out).cmd, /"args":\[1,1\.0e-5,\{"int":5\},\{"pred":"keys-any","keys":\["a","b"\]\},\{"z":1,"x":2,"y":3\}/);
});

test('cap arguments: times, guards and module references', () => {
  const r = run(`code: "1"\nnonce: x1\nkeyPairs:\n  - secret: 8693e641ae2bbe9ea802c736f42027b03f86afe63cae315e7169c9c496c17332\n` +
    '    caps:\n      - name: m.C\n        args:\n' +
    '          - {time: "2016-07-22T11:26:35Z"}\n          - {timep: "2016-07-22T11:26:35.000001Z"}\n' +
    '          - {timep: "2016-07-22T11:26:35.001000Z"}\n          - {keysetref: {ns: free, ksn: admin}}\n' +
    '          - {fun: "free.m.f", args: [1]}\n          - {pactId: p, name: nm}\n          - {pactId: p, name: n}\n' +
    '          - {moduleName: {name: m, namespace: free}, name: g}\n          - {refName: {name: coin, namespace: null}, refSpec: null}\n' +
    '          - {keys: [a]}\n          - {int: "123456789012345678901"}\n          - {decimal: "1.50"}\n');
  assert.equal(r.err, '');
  assert.match(JSON.parse(r.out).cmd, new RegExp('"args":\\[\\{"time":"2016-07-22T11:26:35Z"\\},\\{"timep":"2016-07-22T11:26:35.000001Z"\\},' +
    '\\{"time":"2016-07-22T11:26:35Z"\\},\\{"keysetref":\\{"ns":"free","ksn":"admin"\\}\\},\\{"args":\\[1\\],"fun":"free.m.f"\\},' +
    // `n` is YAML 1.1's false, so that one is no pact guard but an object.
    '\\{"pactId":"p","name":"nm"\\},\\{"pactId":"p","name":false\\},\\{"moduleName":\\{"namespace":"free","name":"m"\\},"name":"g"\\},' +
    '\\{"refSpec":null,"refName":\\{"namespace":null,"name":"coin"\\}\\},\\{"keys":\\["a"\\]\\},' +
    '\\{"int":"123456789012345678901"\\},1.5\\]'));
});

test('verifiers come first in a signed payload and in their declared place in an unsigned one', () => {
  const verifiers = 'verifiers:\n  - name: hyperlane\n    proof: {b: 1, a: 2}\n    clist: [{name: coin.GAS, args: []}]\n';
  const signed = JSON.parse(run(`code: "1"\nnonce: x1\n${verifiers}${KEY}`).out).cmd as string;
  assert.match(signed, /^\{"verifiers":\[\{"proof":\{"a":2,"b":1\},"name":"hyperlane","clist":\[\{"args":\[\],"name":"coin.GAS"\}\]\}\],"networkId":null,/);
  const unsigned = run(`code: "1"\nnonce: x1\n${verifiers}signers:\n  - public: abc\n`, { unsigned: true }).out;
  assert.match(unsigned, /"signers":\[\{"pubKey":"abc"\}\],"verifiers":\[\{"name":"hyperlane","proof":\{"a":2,"b":1\},"clist"/);
});

test('unsigned signers keep addr and scheme; a cont nonce is shown with quotes and escapes', () => {
  const r = run('type: cont\npactTxHash: L2N2SgjdQAHNEu6WY82VAa4LyxmqfrAuaR6sB41DUMQ\nstep: 0\nrollback: yes\nproof: abc\n' +
    'nonce: "é\\"\\\\"\nsigners:\n  - {public: k1, address: a1, scheme: WebAuthn}\n  - {public: k1}\n', { unsigned: true });
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /"signers":\[\{"addr":"a1","scheme":"WebAuthn","pubKey":"k1"\},\{"pubKey":"k1"\}\]/);
  assert.match(r.out, /"proof":"abc"/);
  const cmd = /^cmd: '(.*)'$/m.exec(r.out)![1]!.replace(/''/g, "'");
  assert.equal(JSON.parse(cmd).nonce, '"\\233\\"\\\\"');
  // Two signers with one key collapse into one SigData entry.
  assert.match(r.out, /\nsigs:\n {2}k1: null\n\n$/);
});

test('files named by a request are relative to its directory; code keeps its bytes', () => {
  const r = run(`codeFile: code.pact\ndataFile: data.json\nnonce: x1\n${KEY}`, { files: { 'code.pact': '(+ 1 2)\n', 'data.json': '{"y": 1, "x": 2.50}' } });
  const cmd = JSON.parse(r.out).cmd as string;
  assert.match(cmd, /"exec":\{"data":\{"x":2\.5,"y":1\},"code":"\(\+ 1 2\)\\n"\}/);
});

const HELP_START = 'pact: user error (Failure reading request yaml. Valid fields are: \nCommon fields:\n';

/// The specific message of a request error (`Error message: …`).
function requestErrorOf(r: ReturnType<typeof capture>): string {
  assert.equal(r.code, 1);
  assert.equal(r.out, '');
  assert.ok(r.err.startsWith(HELP_START), r.err);
  assert.ok(r.err.includes('\n    ] \n'));
  const m = /\nError message: ([^]*)\)\n$/.exec(r.err);
  assert.ok(m !== null, r.err);
  return m[1]!;
}

test('request errors: Pact texts inside the usage block', () => {
  const cases: Array<[string, string, boolean?]> = [
    ['code: "1"\ntype: execute\n', "Expected a valid message type: either 'exec' or 'cont'"],
    ['data: 1\n', "Expected either a 'code' or 'codeFile' entry"],
    ['code: "1"\ncodeFile: x\n', "Expected either a 'code' or 'codeFile' entry"],
    ['code: "1"\ndata: 1\ndataFile: x\n', "Expected either a 'data' or 'dataFile' entry, or neither"],
    ['type: cont\nstep: 1\n', "Expected a 'pactTxHash' entry"],
    ['type: cont\npactTxHash: abcd\nrollback: true\n', "Expected a 'step' entry"],
    ['type: cont\npactTxHash: abcd\nstep: 1\n', "Expected a 'rollback' entry"],
    [`code: "1"\n${KEY}signers: []\n`, "'signers' invalid in command request"],
    ['code: "1"\n', "'signers' required for unsigned request", true],
    [`code: "1"\nsigners: []\n${KEY}`, "'keyPairs' invalid in unsigned request", true],
    ['code: "1"\nnonce: 5\n', 'AesonException "Error in $.nonce: parsing Text failed, expected String, but encountered Number"'],
    ['code: "1"\npublicMeta: {chainId: 0}\n', 'AesonException "Error in $.publicMeta.chainId: parsing Text failed, expected String, but encountered Number"'],
    ['code: "1"\npublicMeta: {gasLimit: -1}\n', 'AesonException "Error in $.publicMeta.gasLimit: value must be greater than 0"'],
    ['code: "1"\npublicMeta: {gasPrice: "x"}\n', 'AesonException "Error in $.publicMeta.gasPrice: Failure parsing decimal string: \\"x\\""'],
    ['code: "1"\nstep: 1.5\n', 'AesonException "Error in $.step: parsing Int failed, unexpected floating number 1.5"'],
    ['code: "1"\nrollback: maybe\n', 'AesonException "Error in $.rollback: parsing Bool failed, expected Boolean, but encountered String"'],
    ['code: "1"\npactTxHash: "a"\n', 'AesonException "Error in $.pactTxHash: Base64URL decode failed: invalid padding at offset: 1"'],
    ['code: "1"\nkeyPairs: [{public: ab}]\n', 'AesonException "Error in $.keyPairs[0]: parsing Pact.ApiReq.ApiKeyPair(ApiKeyPair) failed, key \\"secret\\" not found"'],
    ['code: "1"\nkeyPairs: [{secret: xyz}]\n', 'AesonException "Error in $.keyPairs[0].secret: Base16 decode failed: \\"xyz\\""'],
    ['code: "1"\nkeyPairs: [{secret: ab, scheme: ETH}]\n', 'AesonException "Error in $.keyPairs[0].scheme: Unsupported PPKScheme: \\"ETH\\""'],
    ['code: "1"\nkeyPairs: [{secret: ab, caps: [{name: a.X}]}]\n', 'AesonException "Error in $.keyPairs[0].caps[0]: key \\"args\\" not found"'],
    ['code: "1"\nsigners: [{address: ab}]\n', 'AesonException "Error in $.signers[0]: parsing Pact.ApiReq.ApiSigner(ApiSigner) failed, key \\"public\\" not found"', true],
    ['- 1\n', 'AesonException "Error in $: parsing Pact.ApiReq.ApiReq(ApiReq) failed, expected Object, but encountered Array"'],
    ['code: "1"\nkeyPairs: [{secret: abcd}]\n', 'Invalid ED25519 Private Key: "abcd"'],
    ['code: "1"\nkeyPairs: [{secret: 8693e641ae2bbe9ea802c736f42027b03f86afe63cae315e7169c9c496c17332, public: 7d0c9ba189927df85c8c54f8b5c8acd76c1d27e923abbf25a957afdf25550804}]\n',
      'Expected PublicKey "7d0c9ba189927df85c8c54f8b5c8acd76c1d27e923abbf25a957afdf25550804" but received "ba54b224d1924dd98403f5c751abdd10de6cd81b0121800bf7bdbdcfaec7388d"'],
    ['code: "1"\nkeyPairs: [{secret: 8693e641ae2bbe9ea802c736f42027b03f86afe63cae315e7169c9c496c17332, address: AB}]\n',
      'Address provided "ab" does not match actual Address "ba54b224d1924dd98403f5c751abdd10de6cd81b0121800bf7bdbdcfaec7388d"'],
    ['code: "1"\nkeyPairs: [{secret: 8693e641ae2bbe9ea802c736f42027b03f86afe63cae315e7169c9c496c17332, scheme: WebAuthn}]\n',
      'Attempted to mix Ed25519 and WebAuthn keys.'],
  ];
  for (const [yaml, message, unsigned] of cases) {
    assert.equal(requestErrorOf(run(yaml, { unsigned: unsigned === true })), message, yaml);
  }
  assert.equal(requestErrorOf(capture((io) => apiReq('/nonexistent/req.yaml', false, io))),
    'InvalidYaml (Just (YamlException "Yaml file not found: /nonexistent/req.yaml"))');
});

test('IO failures of named files escape as GHC prints them', () => {
  const r = run(`codeFile: ../missing.pact\n${KEY}`);
  assert.equal(r.code, 1);
  assert.match(r.err, /^pact: .*\/\.\.\/missing\.pact: openBinaryFile: does not exist \(No such file or directory\)\n$/);
});

test('buildCommand is deterministic given the time', () => {
  const path = join(REQUESTS, 'sign-req.yaml');
  const a = buildCommand(readApiRequest(path), path, { unsigned: false, now: 0n });
  const b = buildCommand(readApiRequest(path), path, { unsigned: false, now: 10n ** 15n });
  assert.equal(a.cmd, b.cmd);
});

test('numbers with huge exponents are judged by their size, not computed', () => {
  const started = performance.now();
  const step = run('type: cont\npactTxHash: TNgO7o8nSZILVCfJPcg5IjHADy-XKvQ7o5RfAieJvwY\nstep: 1e99999999\nrollback: false\nnonce: x\n' + KEY);
  assert.match(step.err, /parsing Int failed, value is either floating or will cause over or underflow 1\.0e99999999/);
  const gas = run(`code: "1"\nnonce: x1\npublicMeta: {gasLimit: 1e999999999}\n${KEY}`);
  assert.match(gas.err, /Integer too large: more than 1073741824 bits/);
  assert.ok(performance.now() - started < 2000);
});
