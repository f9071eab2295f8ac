/// The node target: random commands sent to the real `dist/pact --serve` (a node per worker,
/// restarted every RESTART_EVERY cases so its store stays small), then everything that reads
/// what the node stored: `/listen` and `/poll` for each command, and every explorer endpoint
/// (the list, the live list, each transaction, the modules and tables, two of each in turn). Commands are
/// mostly real (Pact programs of the evaluator target, with modules and table writes), and
/// otherwise commands with odd fields, broken JSON, any JSON, any text, huge strings and deep
/// nesting: whatever a client can get stored. No answer may be a 5xx, betray JavaScript or be a
/// 200 that is not JSON, and the node may write nothing on stderr (no stack trace, no internal
/// error).
import fc from 'fast-check';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { hashCmd } from '../../src/api/command.ts';
import { base64UrlEncode } from '../../src/values/base64.ts';
import { mutate, mutation, pactProgram, pactString } from './generators.ts';
import { jsIsm, problem } from './oracles.ts';
import type { Problem } from './oracles.ts';
import { nativeNames } from './target-evaluator.ts';
import { payloadJson } from './target-requests.ts';

const PACT = fileURLToPath(new URL('../../dist/pact', import.meta.url));
const RESTART_EVERY = 200;
/// A request still unanswered after this is a failure of the case.
const REQUEST_MS = 20_000;
/// Modules and tables read per case, at most (each is one request).
const READS = 2;

/// One case: the body of a `/send`.
export interface NodeCase {
  readonly body: string;
}

// ---------------------------------------------------------------------------------------------
// Generators

const META = { creationTime: 0, ttl: 28800, gasLimit: 100_000, chainId: '0', gasPrice: 1e-8, sender: 'fuzz' };

/// A module with a table of untyped rows, so that programs can store any value.
const STORE = '(module store G (defcap G () true) (deftable t) (defun put (k v) (write t k { "v": v }))) (create-table t)';

/// Code that stores odd things: any string, a value nested deep, a long string.
const storing: fc.Arbitrary<string> = fc.oneof(
  pactString.map((s) => `(store.put ${s} ${s})`),
  fc.integer({ min: 1, max: 3000 }).map((n) => `(store.put "deep" (fold (lambda (acc x) { "a": [acc] }) {} (enumerate 1 ${n})))`),
  fc.integer({ min: 1, max: 200_000 }).map((n) => `(store.put "long" (concat (make-list ${n} "ab")))`),
).map((code) => `${STORE}\n${code}`);

/// An exec command of `code` as a client would write it.
const execCommand = (code: string, nonce: string): string =>
  JSON.stringify({ networkId: null, payload: { exec: { data: null, code } }, signers: [], meta: META, nonce });

/// Texts that are no command: deep, huge, broken.
const ODD_TEXTS: readonly string[] = [
  '['.repeat(50_000) + ']'.repeat(50_000),
  '{"payload":'.repeat(3000) + '1' + '}'.repeat(3000),
  `{"payload":{"exec":{"code":"${'x'.repeat(1_000_000)}"}}}`,
  '"' + '\\u0000'.repeat(1000) + '"',
  '{"payload":{"cont":{"pactId":null,"step":1e999999}}}',
  '{"meta":{"creationTime":1e400}}',
  '',
  ' ',
];

function cmdText(names: readonly string[]): fc.Arbitrary<string> {
  const nonce = fc.string({ maxLength: 6 });
  const command = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(pactProgram(names), nonce).map(([c, n]) => execCommand(c, n)) },
    { weight: 2, arbitrary: fc.tuple(storing, nonce).map(([c, n]) => execCommand(c, n)) },
    { weight: 3, arbitrary: payloadJson },
  );
  return fc.oneof(
    { weight: 12, arbitrary: command },
    { weight: 3, arbitrary: fc.tuple(command, fc.array(mutation([]), { minLength: 1, maxLength: 3 })).map(([t, ms]) => ms.reduce(mutate, t)) },
    { weight: 1, arbitrary: fc.json() },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_TEXTS) },
  );
}

/// Envelopes of one `/send`: the hash mostly right, signatures mostly none.
function sendBody(names: readonly string[]): fc.Arbitrary<string> {
  const envelope = fc.tuple(cmdText(names), fc.nat({ max: 20 }), fc.nat({ max: 20 }), fc.uint8Array({ minLength: 32, maxLength: 32 }))
    .map(([cmd, h, s, bytes]) => ({
      hash: base64UrlEncode(h === 0 ? bytes : hashCmd(cmd)),
      sigs: s === 0 ? [{ sig: Buffer.from(bytes).toString('hex') }] : [],
      cmd,
    }));
  return fc.array(envelope, { minLength: 1, maxLength: 3 }).map((cmds) => JSON.stringify({ cmds }));
}

export function nodeArbitrary(): fc.Arbitrary<NodeCase> {
  return sendBody(nativeNames()).map((body) => ({ body }));
}

// ---------------------------------------------------------------------------------------------
// The node

interface RunningNode {
  readonly url: string;
  readonly child: ChildProcess;
  readonly dir: string;
  /// What the node wrote on stderr since the last look.
  stderr: string;
  exited: boolean;
}

let running: RunningNode | null = null;
let cases = 0;

/// The process id of the node (the harness stops it if it has to end this worker).
export function nodePid(): number {
  return running?.child.pid ?? 0;
}

async function startNode(): Promise<RunningNode> {
  const dir = mkdtempSync(join(tmpdir(), 'pact-fuzz-node-'));
  writeFileSync(join(dir, 'serve.yaml'), 'port: 0\ngasRate: 1\nlistenTimeout: 5\n');
  const child = spawn(PACT, ['--serve', 'serve.yaml'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const node = { url: '', child, dir, stderr: '', exited: false };
  child.stderr!.on('data', (d: Buffer) => { node.stderr += d.toString(); });
  child.once('exit', () => { node.exited = true; });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const m = /listening on (http:\/\/\S+)/.exec(line);
      if (m === null) reject(new Error(`unexpected first line: ${line}`));
      else resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`pact --serve exited with ${code}: ${node.stderr}`)));
  });
  return Object.assign(node, { url });
}

/// Stops the node and removes its directory.
export async function stopNode(): Promise<void> {
  const node = running;
  running = null;
  if (node === null) return;
  if (!node.exited) {
    const exited = new Promise((r) => node.child.once('exit', r));
    node.child.kill('SIGTERM');
    await exited;
  }
  rmSync(node.dir, { recursive: true, force: true });
}

async function theNode(): Promise<RunningNode> {
  if (running !== null && (running.exited || cases % RESTART_EVERY === 0)) await stopNode();
  running ??= await startNode();
  return running;
}

// ---------------------------------------------------------------------------------------------
// Running a case

interface Answer {
  readonly what: string;
  readonly status: number;
  readonly text: string;
}

async function ask(url: string, what: string, body?: string): Promise<Answer> {
  const init: RequestInit = body === undefined ? {} : { method: 'POST', body, headers: { 'content-type': 'application/json' } };
  const r = await fetch(url + what, { ...init, signal: AbortSignal.timeout(REQUEST_MS) });
  return { what: `${body === undefined ? 'GET' : 'POST'} ${what}`, status: r.status, text: await r.text() };
}

/// Every request of a case, in order; the answers. Of the modules and tables, a few are read
/// each case, in turn.
async function exchange(node: RunningNode, body: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  const get = async (what: string, post?: string): Promise<Answer> => {
    const a = await ask(node.url, what, post);
    answers.push(a);
    return a;
  };
  const some = (a: Answer): any[] => {
    const all = parsed(a, []);
    return all.length <= READS ? all : Array.from({ length: READS }, (_, i) => all[(cases + i) % all.length]);
  };
  const api = '/explorer/api/v1';
  const sent = await get('/api/v1/send', body);
  const keys: string[] = sent.status === 200 ? JSON.parse(sent.text).requestKeys : [];
  for (const key of keys) await get('/api/v1/listen', JSON.stringify({ listen: key }));
  if (keys.length > 0) await get('/api/v1/poll', JSON.stringify({ requestKeys: keys }));
  const listed = parsed(await get(`${api}/transactions`), { items: [] }).items;
  await get(`${api}/transactions?after=${listed[Math.min(listed.length, 5) - 1]?.seq ?? 0}`);
  for (const key of keys) await get(`${api}/transactions/${encodeURIComponent(key)}`);
  for (const m of some(await get(`${api}/modules`))) await get(`${api}/modules/${encodeURIComponent(String(m.name))}`);
  for (const id of some(await get(`${api}/tables`))) await get(`${api}/tables/${encodeURIComponent(String(id))}`);
  return answers;
}

/// A 200 answer's JSON, or `fallback` (a wrong answer is judged later).
function parsed(a: Answer, fallback: any): any {
  try {
    return a.status === 200 ? JSON.parse(a.text) : fallback;
  } catch {
    return fallback;
  }
}

export async function nodeCase(c: NodeCase): Promise<Problem | null> {
  cases++;
  const node = await theNode();
  let answers: Answer[];
  try {
    answers = await exchange(node, c.body);
  } catch (e) {
    return problem(`node: a request failed: ${e instanceof Error ? e.message : String(e)}`, node.stderr);
  }
  return judge(node, answers, c.body);
}

/// The first thing wrong with the answers, or with what the node printed.
function judge(node: RunningNode, answers: readonly Answer[], input: string): Problem | null {
  const printed = node.stderr;
  node.stderr = '';
  if (printed !== '') return problem(`node: printed on stderr: ${printed.split('\n')[0]!.slice(0, 200)}`, printed);
  if (node.exited) return problem('node: the node exited');
  for (const a of answers) {
    if (a.status >= 500) return problem(`node: ${a.what} answered ${a.status}`, a.text);
    const js = jsIsm(a.text, input);
    if (js !== null) return problem(`node: ${a.what}: ${js}`, a.text.slice(0, 2000));
    if (a.status === 200 && !isJson(a.text)) return problem(`node: ${a.what} answered 200 with no JSON`, a.text.slice(0, 2000));
  }
  return null;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
