import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evalLine } from '../helpers/pact.ts';
import { base64UrlDecodeVerbose } from '../../src/values/base64.ts';

/// The first line of what the REPL prints (a result, or an error with its location).
const first = (line: string) => evalLine(line).split('\n')[0]!;

const EMPTY_KECCAK = '"xdJGAYb3IzySfn2y3McDwOUAtlPKgic7e_rYBF2FpHA"';
const LONG =
  'IP9FQ2ml0FuBp489sFgZ_qmwjCOE91ywq2qhFd1pDaMTGHShyo9witFRnqlSweJJy1QNGWOSx56HdVQk_ufIkICMViciNZ7qUuihL7u5ad15YdK6UgN0k3VaX6BPDVChqibJtEFIwNO5TRxKWaMayhWui9RKy3gz2OkcS4b6MTWkIzh7gVG0Ez7SP21xh7UOwiBK2QGtdNOW5EJ04OyvquF7O5CF4iJgs1ylOxXMUqu6dYr2eY-9BOzuztZI869P2z3tdVeppc-3OCYSqKjz9FlH0aKc4pByko7Bk8ol1RBxvV4ZhOz0AvMG6nYvDyUoL1KW2Zdli-P5g2lv-m0JXGNptNr3nppdMTYikSj462PBK56fp4r_ej6eGaYgIkk80Tbe-7W7e6G5OPNn_S9j61ynbAsP8hueNsPwcjDPPDB05dpYcECnaXXX459ElKzlSG_L84CrdVjE_ollYzW4Lk24ZZUJ6rRqGWExJuWUBCcy3UxBH0GqjN6sccD7QKlObaVYwF53thgoBvJtmv3z2gDGlBkiLIGGpu-tYAtBDmzi8qeX5J3B8TUxmAH6bzlrBvl14qGQoCPkdLYY5w';
const LONG_CHUNKS = [
  'IP9FQ2ml0FuBp489sFgZ_qmwjCOE91ywq2qhFd1pDaM', 'Exh0ocqPcIrRUZ6pUsHiSctUDRljkseeh3VUJP7nyJA',
  'gIxWJyI1nupS6KEvu7lp3Xlh0rpSA3STdVpfoE8NUKE', 'qibJtEFIwNO5TRxKWaMayhWui9RKy3gz2OkcS4b6MTU',
  'pCM4e4FRtBM-0j9tcYe1DsIgStkBrXTTluRCdODsr6o', '4Xs7kIXiImCzXKU7FcxSq7p1ivZ5j70E7O7O1kjzr08',
  '2z3tdVeppc-3OCYSqKjz9FlH0aKc4pByko7Bk8ol1RA', 'cb1eGYTs9ALzBup2Lw8lKC9SltmXZYvj-YNpb_ptCVw',
  'Y2m02veeml0xNiKRKPjrY8Ernp-niv96Pp4ZpiAiSTw', '0Tbe-7W7e6G5OPNn_S9j61ynbAsP8hueNsPwcjDPPDA',
  'dOXaWHBAp2l11-OfRJSs5Uhvy_OAq3VYxP6JZWM1uC4', 'TbhllQnqtGoZYTEm5ZQEJzLdTEEfQaqM3qxxwPtAqU4',
  'baVYwF53thgoBvJtmv3z2gDGlBkiLIGGpu-tYAtBDmw', '4vKnl-SdwfE1MZgB-m85awb5deKhkKAj5HS2GOc',
];

test('hash-keccak256 hashes the concatenated decoded chunks', () => {
  assert.equal(evalLine('(hash-keccak256 [])'), EMPTY_KECCAK);
  assert.equal(evalLine('(hash-keccak256 [""])'), EMPTY_KECCAK);
  assert.equal(evalLine('(hash-keccak256 ["" "" ""])'), EMPTY_KECCAK);
  assert.equal(evalLine(`(hash-keccak256 ["${LONG}"])`), '"DsjZ0g3fCnsCUelBpyYbVXUH_2KHtQQ2Ko8XNMWpEBI"');
  assert.equal(evalLine(`(hash-keccak256 [${LONG_CHUNKS.map((c) => `"${c}"`).join(' ')}])`),
    '"DsjZ0g3fCnsCUelBpyYbVXUH_2KHtQQ2Ko8XNMWpEBI"');
  // Keccak-256 (not SHA3-256) of "abc": 4e03657a...
  assert.equal(evalLine('(hash-keccak256 ["YWJj"])'), '"TgNleupFqU_H1HuoJsjWZ8DR5uM6ZKA27ET1j6EtbEU"');
  // Padding is optional, and accepted when correct.
  assert.equal(evalLine('(hash-keccak256 ["YQ=="])'), evalLine('(hash-keccak256 ["YQ"])'));
});

test('hash-keccak256 failures', () => {
  assert.equal(first('(hash-keccak256 ["alibaba"])'),
    '<interactive>:0:0:Error: Base64URL decode failed: non-canonical encoding detected at offset: 6');
  assert.equal(first('(hash-keccak256 ["Zm9v", "fooey"])'),
    '<interactive>:0:0:Error: Base64URL decode failed: invalid padding at offset: 5');
  assert.equal(first('(hash-keccak256 ["Zm9v" 1])'),
    '<interactive>:0:0:Error: Invalid arguments, received [["Zm9v" 1]] for bytes:[string] -> string');
  assert.equal(first('(hash-keccak256 "Zm9v")'),
    '<interactive>:0:0:Error: Invalid arguments, received ["Zm9v"] for bytes:[string] -> string');
});

test('base64-bytestring error messages after Pact pads the input', () => {
  const cases: Array<[string, string | number[]]> = [
    ['', []],
    ['ZA', [100]],
    ['ZA==', [100]],
    ['Zm8', [102, 111]],
    ['ZE', 'non-canonical encoding detected at offset: 1'],
    ['ZmC', 'non-canonical encoding detected at offset: 2'],
    ['Z', 'invalid padding at offset: 1'],
    ['Z===', 'invalid padding at offset: 1'],
    ['=A==', 'invalid padding at offset: 0'],
    ['ZA=', [100]],
    ['ZA=A', 'invalid character at offset: 3'],
    ['PD=_PDw_', 'invalid padding at offset: 2'],
    ['%Dw_PDw_', 'invalid character at offset: 0'],
    ['PDw%', 'invalid character at offset: 3'],
    ['ab+c', 'invalid character at offset: 2'],
    ['é', 'invalid character at offset: 0'],
  ];
  for (const [input, expected] of cases) {
    const got = base64UrlDecodeVerbose(input);
    assert.deepEqual(typeof got === 'string' ? got : [...got], expected, input);
  }
});

const POSEIDON: Array<[string, string]> = [
  ['1', '18586133768512220936620570745912940619677854269274689475585506675881198879027'],
  ['1 2', '7853200120776062878684798364095072458815029376092732009249414926327459813530'],
  ['1 2 3', '6542985608222806190361240322586112750744169038454362455181422643027100751666'],
  ['1 2 3 4', '18821383157269793795438455681495246036402687001665670618754263018637548127333'],
  ['1 2 3 4 5', '6183221330272524995739186171720101788151706631170188140075976616310159254464'],
  ['1 2 3 4 5 6', '20400040500897583745843009878988256314335038853985262692600694741116813247201'],
  ['1 2 3 4 5 6 7', '12748163991115452309045839028154629052133952896122405799815156419278439301912'],
  ['1 2 3 4 5 6 7 8', '18604317144381847857886385684060986177838410221561136253933256952257712543953'],
];

test('hash-poseidon and poseidon-hash-hack-a-chain: circomlib Poseidon for 1 to 8 inputs', () => {
  for (const [inputs, expected] of POSEIDON) {
    assert.equal(evalLine(`(hash-poseidon ${inputs})`), expected, inputs);
    assert.equal(evalLine(`(poseidon-hash-hack-a-chain ${inputs})`), expected, inputs);
  }
});

test('poseidon inputs are reduced modulo the BN254 scalar field', () => {
  const r = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
  assert.equal(evalLine(`(hash-poseidon ${r + 1n} ${2n * r + 2n})`), POSEIDON[1]![1]);
  assert.equal(evalLine('(hash-poseidon -1)'), evalLine(`(hash-poseidon ${r - 1n})`));
});

test('poseidon argument errors', () => {
  assert.match(first('(hash-poseidon)'), /^<interactive>:0:0:Error: Invalid arguments, received \[\] for \[i:integer -> integer, /);
  assert.equal(first('(poseidon-hash-hack-a-chain 1 2 3 4 5 6 7 8 9)'),
    '<interactive>:0:0:Error: Invalid arguments, received [1 2 3 4 5 6 7 8 9] for i:integer j:integer k:integer l:integer m:integer n:integer o:integer p:integer -> integer');
  assert.match(first('(hash-poseidon 1.0)'), /^<interactive>:0:0:Error: Invalid arguments, received \[1\.0\] for /);
});
