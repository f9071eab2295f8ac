import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PactError } from '../../src/lang/errors.ts';
import type { Namespace } from '../../src/lang/namespaces.ts';
import type { PactExec } from '../../src/lang/pacts.ts';
import { PactRowCodec, pactExecJson } from '../../src/lang/rows.ts';
import type { ModuleCodec } from '../../src/lang/rows.ts';
import { Decimal } from '../../src/values/decimal.ts';
import { encodeJson, JsonNumber, JsonObject } from '../../src/values/json.ts';
import {
  CapabilityGuard, KeySet, KeySetRef, ModRef, ModuleGuard, PactGuard, UserGuard,
} from '../../src/values/value.ts';
import type { PactValue, RefSite } from '../../src/values/value.ts';
import { newRepl } from '../helpers/pact.ts';
import { list, obj } from '../helpers/values.ts';

/// Stands in for the module store's codec: remembers what it was given.
const modules: ModuleCodec & { last: unknown } = {
  last: undefined,
  encode(value: unknown): string {
    this.last = value;
    return '{"module":true}';
  },
  decode(key: string, json: string): unknown {
    return { key, json };
  },
};

function codec(...flags: string[]): PactRowCodec {
  return new PactRowCodec(modules, new Set(flags));
}


const SITE: RefSite = { json: () => new JsonObject([['d', [new JsonNumber(4n, 0), new JsonNumber(0n, 0), new JsonNumber(7n, 0)]], ['c', 'coin']]) };
const COIN = new ModRef('coin', ['fungible-v2'], SITE);
const COIN_JSON = '{"refSpec":[{"namespace":null,"name":"fungible-v2"}],"refName":{"namespace":null,"name":"coin"}}';
const COIN_JSON_SITE = '{"refSpec":[{"namespace":null,"name":"fungible-v2"}],"refInfo":{"d":[4,0,7],"c":"coin"},"refName":{"namespace":null,"name":"coin"}}';

test('SYS_keysets: {"pred":…,"keys":[…]} (Pact\'s regression keyset), read back as written', () => {
  const c = codec();
  const ks = new KeySet(['skdjhfskj'], 'predfun');
  const text = c.encode('SYS_keysets', ks);
  assert.equal(text, '{"pred":"predfun","keys":["skdjhfskj"]}');
  assert.deepStrictEqual(c.decode('SYS_keysets', 'ks1', text), ks);
  assert.equal(c.encode('SYS_keysets', new KeySet(['a', 'b'], 'ns.m.pred')), '{"pred":"ns.m.pred","keys":["a","b"]}');
  // Pact's KeySet reader also takes a missing predicate (keys-all) and a bare list of keys.
  assert.deepStrictEqual(c.decode('SYS_keysets', 'k', '{"keys":["b","a"]}'), new KeySet(['a', 'b'], 'keys-all'));
  assert.deepStrictEqual(c.decode('SYS_keysets', 'k', '["b","a","b"]'), new KeySet(['a', 'b'], 'keys-all'));
});

test('SYS_namespaces: {"admin":…,"user":…,"name":…}, every guard kind, read back as written', () => {
  const c = codec();
  const guards = [
    new KeySet(['k'], 'keys-all'), new KeySetRef('ns.admin'), new KeySetRef('admin'), new ModuleGuard('ns.m', 'g'),
    new PactGuard('pid', 'p'), new UserGuard('ns.m.f', [1n, 'a', obj([['x', new Decimal(15n, 1)]], false)]),
    new CapabilityGuard('ns.m.CAP', [list([true])], null), new CapabilityGuard('m.CAP', [], 'pid'),
  ];
  for (const admin of guards) {
    for (const user of guards) {
      const ns: Namespace = { name: 'free', user, admin };
      const text = c.encode('SYS_namespaces', ns);
      assert.deepStrictEqual(c.decode('SYS_namespaces', 'free', text), ns, text);
    }
  }
  assert.equal(c.encode('SYS_namespaces', { name: 'free', user: new KeySetRef('free.u'), admin: new KeySet(['k'], 'keys-all') }),
    '{"admin":{"pred":"keys-all","keys":["k"]},"user":{"keysetref":{"ns":"free","ksn":"u"}},"name":"free"}');
});

test('SYS_namespaces: a guard argument that is a module reference loses its site; deeper ones keep theirs', () => {
  const c = codec();
  const user = new UserGuard('ns.m.f', [COIN, list([COIN])]);
  const text = c.encode('SYS_namespaces', { name: 'ns', user, admin: user });
  const guard = `{"args":[${COIN_JSON},[${COIN_JSON_SITE}]],"fun":"ns.m.f"}`;
  assert.equal(text, `{"admin":${guard},"user":${guard},"name":"ns"}`);
  const back = c.decode('SYS_namespaces', 'ns', text) as Namespace;
  assert.equal(c.encode('SYS_namespaces', back), text);
});

// The defpact state of golden/accounts-module-crossChainSendCR.
const XCHAIN: PactExec = {
  stepCount: 2,
  yield: {
    data: new Map([['a', 3n]]),
    provenance: { targetChainId: '1', moduleHash: 'AHE7loAN5c-ajfetxFoDkmVcixfwr0-tKfKh7mylSvo' },
    source: '',
  },
  executed: null,
  step: 0,
  pactId: 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g',
  continuation: { def: 'xchain.p', args: [3n] },
  stepHasRollback: false,
  nested: new Map(),
};
const XCHAIN_JSON = '{"executed":null,"pactId":"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g","stepHasRollback":false,"step":0,' +
  '"yield":{"data":{"a":{"int":3}},"source":"","provenance":{"targetChainId":"1","moduleHash":"AHE7loAN5c-ajfetxFoDkmVcixfwr0-tKfKh7mylSvo"}},' +
  '"continuation":{"args":[{"int":3}],"def":"xchain.p"},"stepCount":2}';

test('SYS_pacts: a running defpact\'s PactExec as Pact writes it (the crossChainSendCR golden\'s), a finished one as null', () => {
  const c = codec();
  assert.equal(c.encode('SYS_pacts', XCHAIN), XCHAIN_JSON);
  assert.deepStrictEqual(c.decode('SYS_pacts', XCHAIN.pactId, XCHAIN_JSON), XCHAIN);
  assert.equal(c.encode('SYS_pacts', null), 'null');
  assert.equal(c.decode('SYS_pacts', 'p', 'null'), null);
  // No source (before Pact 4.0, or a yield to the same chain) leaves the key out; no provenance is null.
  const local: PactExec = { ...XCHAIN, executed: true, stepHasRollback: true, yield: { data: new Map(), provenance: null, source: null } };
  const text = c.encode('SYS_pacts', local);
  assert.match(text, /"executed":true,.*"stepHasRollback":true,.*"yield":\{"data":\{\},"provenance":null\}/);
  assert.deepStrictEqual(c.decode('SYS_pacts', 'p', text), local);
});

test('SYS_pacts: nested defpacts come first, each with "nested" and without "stepHasRollback"', () => {
  const c = codec();
  const inner: PactExec = { ...XCHAIN, pactId: 'inner', yield: null, continuation: { def: 'ns.m.q', args: [] }, nested: new Map() };
  const child: PactExec = { ...XCHAIN, pactId: 'child', yield: null, continuation: { def: 'ns.m.c', args: ['x'] }, nested: new Map([['inner', inner]]) };
  const parent: PactExec = { ...XCHAIN, nested: new Map([['child', child]]) };
  const text = c.encode('SYS_pacts', parent);
  assert.equal(text, '{"nested":{"child":{"nested":{"inner":{"nested":{},"executed":null,"pactId":"inner","step":0,"yield":null,' +
    '"continuation":{"args":[],"def":"ns.m.q"},"stepCount":2}},"executed":null,"pactId":"child","step":0,"yield":null,' +
    '"continuation":{"args":["x"],"def":"ns.m.c"},"stepCount":2}},' + XCHAIN_JSON.slice(1));
  assert.deepStrictEqual(c.decode('SYS_pacts', 'p', text), parent);
  // A nested defpact's rollback flag is its parent's (Pact refuses any other).
  const rb: PactExec = { ...parent, stepHasRollback: true, nested: new Map([['child', { ...child, stepHasRollback: true, nested: new Map([['inner', { ...inner, stepHasRollback: true }]]) }]]) };
  assert.deepStrictEqual(c.decode('SYS_pacts', 'p', c.encode('SYS_pacts', rb)), rb);
});

test('SYS_pacts: module references in arguments and yields keep nested sites only under DisablePact49', () => {
  const exec: PactExec = {
    ...XCHAIN,
    continuation: { def: 'm.p', args: [COIN, list([COIN])] },
    yield: { data: new Map<string, PactValue>([['r', COIN], ['l', list([COIN])]]), provenance: null, source: null },
  };
  const stored = (...flags: string[]): string => codec(...flags).encode('SYS_pacts', exec);
  const plain = stored();
  assert.equal(plain, `{"executed":null,"pactId":"${XCHAIN.pactId}","stepHasRollback":false,"step":0,` +
    `"yield":{"data":{"l":[${COIN_JSON}],"r":${COIN_JSON}},"provenance":null},"continuation":{"args":[${COIN_JSON},[${COIN_JSON}]],"def":"m.p"},"stepCount":2}`);
  const kept = stored('DisablePact49');
  assert.equal(kept, `{"executed":null,"pactId":"${XCHAIN.pactId}","stepHasRollback":false,"step":0,` +
    `"yield":{"data":{"l":[${COIN_JSON_SITE}],"r":${COIN_JSON}},"provenance":null},"continuation":{"args":[${COIN_JSON},[${COIN_JSON_SITE}]],"def":"m.p"},"stepCount":2}`);
  assert.equal(encodeJson(pactExecJson(exec, true), { legacyOrder: true }), kept);
  // Read back and written again, the text is the same.
  const c = codec('DisablePact49');
  assert.equal(c.encode('SYS_pacts', c.decode('SYS_pacts', 'p', kept)), kept);
});

test('SYS_usertables: {"utModule": module name}, keyed by the table name (Pact\'s regression row)', () => {
  const c = codec();
  assert.equal(c.encode('SYS_usertables', { module: 'free.some-Module' }), '{"utModule":{"namespace":"free","name":"some-Module"}}');
  assert.equal(c.encode('SYS_usertables', { module: 'accounts' }), '{"utModule":{"namespace":null,"name":"accounts"}}');
  assert.deepStrictEqual(c.decode('SYS_usertables', 'user1', '{"utModule":{"namespace":"free","name":"some-Module"}}'), { module: 'free.some-Module' });
  assert.deepStrictEqual(c.decode('SYS_usertables', 't', '{"utModule":{"name":"m"}}'), { module: 'm' });
});

test('USER_ tables: RowData version 1, version 0 under DisablePact42, sites under DisablePact49', () => {
  const row = obj([['balance', new Decimal(15n, 1)], ['ref', COIN]], false);
  assert.equal(codec().encode('USER_m_t', row), `{"$d":{"balance":1.5,"ref":{"$t":"m","$v":${COIN_JSON}}},"$v":1}`);
  assert.equal(codec('DisablePact49').encode('USER_m_t', row), `{"$d":{"balance":1.5,"ref":{"$t":"m","$v":${COIN_JSON}}},"$v":1}`);
  assert.equal(codec('DisablePact42').encode('USER_m_t', row), `{"balance":1.5,"ref":${COIN_JSON}}`);
  assert.equal(codec('DisablePact42', 'DisablePact49').encode('USER_m_t', row), `{"balance":1.5,"ref":${COIN_JSON_SITE}}`);
  // Either version reads back whatever the flags.
  for (const c of [codec(), codec('DisablePact42')]) {
    assert.deepStrictEqual(c.decode('USER_m_t', 'k', '{"$d":{"a":{"int":1}},"$v":1}'), obj([['a', 1n]], false));
    assert.deepStrictEqual(c.decode('USER_m_t', 'k', '{"a":{"int":1}}'), obj([['a', 1n]], false));
  }
});

test('SYS_modules is the module codec\'s; other tables are refused', () => {
  const c = codec();
  assert.equal(c.encode('SYS_modules', 'the module'), '{"module":true}');
  assert.equal(modules.last, 'the module');
  assert.deepStrictEqual(c.decode('SYS_modules', 'coin', '{"x":1}'), { key: 'coin', json: '{"x":1}' });
  assert.throws(() => c.encode('SYS_other', 1n));
  assert.throws(() => c.decode('SYS_other', 'k', '1'));
});

test('stored text Pact cannot read is a database error', () => {
  const c = codec();
  for (const [table, text] of [['USER_m_t', '[1]'], ['SYS_keysets', '{"pred":"keys-all"}'], ['SYS_pacts', '{}'], ['SYS_namespaces', 'nope']]) {
    assert.throws(() => c.decode(table!, 'k', text!), (e) => e instanceof PactError && e.type === 'DbError', `${table} ${text}`);
  }
});

test('cached: only where reading back gives the very value written', () => {
  const c = codec();
  assert.deepEqual(['SYS_modules', 'SYS_keysets', 'SYS_usertables', 'SYS_namespaces', 'SYS_pacts', 'USER_m_t'].map((t) => c.cached(t)),
    [true, true, true, false, false, false]);
});

test('create-table records the table\'s module in SYS_usertables, in the transaction\'s log', () => {
  const { repl, rec } = newRepl();
  const ok = repl.runSource([
    '(begin-tx)',
    '(namespace "")',
    '(module m G (defcap G () true) (defschema s a:integer) (deftable t:{s}))',
    '(create-table t)',
  ].join('\n'), 'create.repl');
  assert.ok(ok, rec.out + rec.err);
  const db = repl.ctx.db;
  assert.deepStrictEqual(db.read('SYS_usertables', 'm_t'), { module: 'm' });
  const log = db.commit(0);
  const i = log.findIndex((e) => e.table === 'SYS_usertables');
  assert.deepStrictEqual(log[i], { table: 'SYS_usertables', key: 'm_t', value: { module: 'm' } });
  assert.equal(codec().encode('SYS_usertables', log[i]!.value), '{"utModule":{"namespace":null,"name":"m"}}');
  assert.ok(db.hasTable('USER_m_t'));
});
