/// The node's Pact service in-process, on SQLite in memory: gas from the node's rate and each
/// command's limit, verification failures, what a node's environment gives the code.
import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { hashCmd } from '../../src/api/command.ts';
import { commandOf } from '../../src/api/verify.ts';
import { openPactService } from '../../src/server/pact-service.ts';
import type { ServiceSettings } from '../../src/server/pact-service.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';
import { parseJson } from '../../src/values/json.ts';

function service(settings: Partial<ServiceSettings> = {}) {
  return openPactService(new DatabaseSync(':memory:'), { entity: null, gasRate: 0n, flags: new Set(), ...settings });
}

let nonce = 0;
function command(code: string, extra: Record<string, unknown> = {}, gasLimit = 1000) {
  const cmd = JSON.stringify({
    networkId: null, payload: { exec: { data: {}, code } }, signers: [],
    meta: { creationTime: 0, ttl: 600, gasLimit, chainId: '0', gasPrice: 0.01, sender: 'alice' },
    nonce: `n${nonce++}`, ...extra,
  });
  return commandOf(parseJson(JSON.stringify({ hash: base64UrlEncode(hashCmd(cmd)), sigs: [], cmd })));
}

const run = (s: ReturnType<typeof service>, code: string, gasLimit?: number) =>
  JSON.parse(s.apply(command(code, {}, gasLimit), 'transactional').json);

describe('gas', () => {
  it('is 0 at the default rate, and the rate per charge otherwise', () => {
    assert.equal(run(service(), '(+ 1 2)').gas, 0);
    const r = run(service({ gasRate: 1n }), '(+ 1 2)');
    assert.deepEqual([r.gas, r.result.data], [2, 3]);
  });

  it('is limited by the command\'s gasLimit; a failure reports 0 gas', () => {
    const r = run(service({ gasRate: 10n }), '(+ 1 2)', 15);
    assert.equal(r.result.status, 'failure');
    assert.deepEqual([r.result.error.type, r.result.error.message, r.gas], ['GasError', 'Gas limit (15) exceeded: 20', 0]);
  });
});

describe('the environment a node gives', () => {
  it('exposes the chain data of the command', () => {
    const r = run(service(), '(at "sender" (chain-data))');
    assert.equal(r.result.data, 'alice');
    assert.equal(run(service(), '(at "gas-price" (chain-data))').result.data, 0.01);
  });

  it('gives no verifiers to the code, whatever the payload lists (Pact 4 has no verifier plugins)', () => {
    const s = service();
    const cmd = command('(enforce-verifier "v")', { verifiers: [{ name: 'v', proof: 'x', clist: [] }] });
    const r = JSON.parse(s.apply(cmd, 'transactional').json);
    assert.equal(r.result.error.message, 'Verifier failure v: not in transaction');
  });

  it('fails a command whose hash does not match, with the quoted reason', () => {
    const good = command('(+ 1 2)');
    const bad = { ...good, hash: hashCmd('something else') };
    const r = JSON.parse(service().apply(bad, 'local').json);
    assert.equal(r.result.error.type, 'TxFailure');
    assert.match(r.result.error.message, /^"Invalid command: Hash Mismatch, received .* but our hashing resulted in .*"$/);
  });

  it('fails a command whose meta is not Pact\'s PublicMeta', () => {
    const r = JSON.parse(service().apply(command('(+ 1 2)', { meta: {} }), 'local').json);
    assert.equal(r.result.error.message, '"Invalid command: Error in $.meta: key \\"chainId\\" not found"');
  });
});
