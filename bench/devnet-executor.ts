// `make bench`, the devnet's executor alone: signed coin transfers run in-process through the
// devnet's command service as the node's executor thread runs them (the mempool check `/send`
// waits for, then the run, in groups of 25 committed together), without HTTP (which checks the
// signatures), threads or fsync.
// Reports the time and the CPU each transfer costs, and how the time splits between the check,
// the run and the commit: what bounds the transfers one chain runs per second. Profile it with
// `node --cpu-prof bench/devnet-executor.ts`; `DB=FILE` runs it on a database file (WAL, as the
// node opens its own) instead of in memory.
import { openSqlite } from '../src/db/sqlite.ts';
import { commandOf } from '../src/api/verify.ts';
import { DEVNET_DEFAULTS } from '../src/server/devnet/config.ts';
import { Devnet } from '../src/server/devnet/network.ts';
import { DevnetService } from '../src/server/devnet/service.ts';
import { parseJson } from '../src/values/json.ts';
import { devnetTransfer } from './common.ts';

const TRANSFERS = Number(process.env.TRANSFERS ?? 6000);
const GROUP = 25;
const conn = openSqlite(process.env.DB ?? ':memory:', []);
const service = new DevnetService(new Devnet(conn, { ...DEVNET_DEFAULTS, blockDelay: 0 }), conn);
const now = Math.floor(Date.now() / 1000) - 60;
const cmds = Array.from({ length: TRANSFERS }, (_, i) => commandOf(parseJson(devnetTransfer(i, '0', now))));

let check = 0;
let run = 0;
let commit = 0;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 0; i < TRANSFERS; i += GROUP) {
  conn.exec('BEGIN');
  for (const cmd of cmds.slice(i, i + GROUP)) {
    const a = performance.now();
    const checked = service.apply(cmd, 'local', { mempoolCheck: true, verifySignatures: false, chain: '0' });
    const b = performance.now();
    conn.exec('SAVEPOINT cmd');
    const result = service.apply(cmd, 'transactional');
    conn.exec('RELEASE cmd');
    check += b - a;
    run += performance.now() - b;
    if (!checked.success || !result.success) throw new Error(`transfer failed: ${checked.summary} ${result.summary}`);
  }
  const c = performance.now();
  service.beforeCommit();
  conn.exec('COMMIT');
  commit += performance.now() - c;
}
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const per = (x: number): string => `${(x / TRANSFERS).toFixed(3)} ms`;
console.log(`devnet executor, in-process (${TRANSFERS} signed coin transfers on one chain, groups of ${GROUP}):`);
console.log(`  per transfer ${per(ms)} (${(TRANSFERS / ms * 1000).toFixed(0)}/s), CPU ${per((cpu.user + cpu.system) / 1000)} (all threads)`);
console.log(`  mempool check ${per(check)}, run ${per(run)}, seal and commit ${per(commit)}`);
