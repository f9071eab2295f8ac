/// Test helpers for the devnet: a `dist/pact --serve` devnet on a loopback port, and signed
/// commands built with `@kadena/client` as a dApp builds them.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSignWithKeypair, Pact } from '@kadena/client';
import type { ICommand, IKeyPair } from '@kadena/client';

/// A running devnet.
export interface TestDevnet {
  readonly url: string;
  readonly child: ChildProcess;
  /// What it printed on stdout so far.
  readonly output: () => string;
  /// SIGTERM, and resolves with the exit code.
  stop(): Promise<number | null>;
}

/// Writes a devnet's config in `dir`: port 0, `devnet: true` or the given devnet settings, and
/// `extra` lines; answers its path.
export function writeConfig(dir: string, name: string, devnet: string[] = [], extra: string[] = []): string {
  const config = join(dir, name);
  const settings = devnet.length === 0 ? ['devnet: true'] : ['devnet:', ...devnet.map((l) => `  ${l}`)];
  writeFileSync(config, ['port: 0', ...settings, ...extra].join('\n') + '\n');
  return config;
}

/// Starts `dist/pact --serve` on a devnet config in `dir` (see `writeConfig`).
export async function startDevnet(dir: string, extra: string[] = [], devnet: string[] = []): Promise<TestDevnet> {
  const config = writeConfig(dir, 'devnet.yaml', devnet, extra);
  const child = spawn('dist/pact', ['--serve', config], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  const url = await new Promise<string>((resolve, reject) => {
    const check = (): void => {
      const m = /listening on (\S+)/.exec(out);
      if (m !== null && out.includes('KDA')) resolve(m[1]!);
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`devnet exited with ${code}: ${out}`)));
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { url, child, output: () => out, stop: () => { child.kill('SIGTERM'); return exited; } };
}

export const SENDER00: IKeyPair & { account: string } = {
  account: 'sender00',
  publicKey: '368820f80c324bbc7c2b0610688a7da43e39f91d118732671cd9c7500ff43cca',
  secretKey: '251a920c403ae8c8f65f59142316af3c82b631fba46ddea92ee8c95035bd2898',
};

export const SENDER01: IKeyPair & { account: string } = {
  account: 'sender01',
  publicKey: '6be2f485a7af75fedb4b7f153a903f7e6000ca4aa501179c91a2450b777bd2a7',
  secretKey: '2beae45b29e850e6b1882ae245b0bab7d0689ebdd0cd777d4314d24d7024b4f7',
};

/// Options of a command built for the devnet.
export interface CommandOptions {
  readonly chainId?: string;
  readonly networkId?: string;
  readonly gasLimit?: number;
  readonly gasPrice?: number;
  readonly caps?: ReadonlyArray<readonly [string, ...unknown[]]>;
  readonly data?: Record<string, unknown>;
  readonly nonce?: string;
  readonly ttl?: number;
  readonly creationTime?: number;
}

/// `code` signed by `signer` (its account the sender), scoped to `caps` (or unscoped).
export async function signedExec(code: string, signer: IKeyPair & { account: string }, o: CommandOptions = {}): Promise<ICommand> {
  let b = Pact.builder.execution(code)
    .addSigner(signer.publicKey, (signFor) => (o.caps ?? []).map(([name, ...args]) => signFor(name as 'coin.GAS', ...(args as []))))
    .setMeta({
      chainId: (o.chainId ?? '0') as '0', senderAccount: signer.account, gasLimit: o.gasLimit ?? 2500,
      gasPrice: o.gasPrice ?? 0.00000001, ttl: o.ttl ?? 600, ...(o.creationTime === undefined ? {} : { creationTime: o.creationTime }),
    })
    .setNetworkId(o.networkId ?? 'development')
    .setNonce(o.nonce ?? `test-${Math.random()}`);
  for (const [k, v] of Object.entries(o.data ?? {})) b = b.addData(k, v as string);
  const signed = await createSignWithKeypair(signer)(b.createTransaction());
  return signed as ICommand;
}

/// POSTs JSON to the devnet and answers status and text.
export async function post(url: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

export function chainPath(chainId: string, what: string, networkId = 'development'): string {
  return `/chainweb/0.0/${networkId}/chain/${chainId}/pact/api/v1/${what}`;
}

/// Sends commands to a chain and waits for each result.
export async function sendAndListen(url: string, chainId: string, cmds: ICommand[]): Promise<Array<Record<string, any>>> {
  const sent = await post(url, chainPath(chainId, 'send'), { cmds });
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${sent.text}`);
  const keys = JSON.parse(sent.text).requestKeys as string[];
  const results = [];
  for (const key of keys) results.push(JSON.parse((await post(url, chainPath(chainId, 'listen'), { listen: key })).text));
  return results;
}

/// Runs code as `/local` on a chain (unsigned) and answers its result's data.
export async function localData(url: string, chainId: string, code: string): Promise<unknown> {
  const cmd = Pact.builder.execution(code).setMeta({ chainId: chainId as '0', senderAccount: 'sender00' })
    .setNetworkId('development').createTransaction();
  const r = await post(url, `${chainPath(chainId, 'local')}?signatureVerification=false`, cmd);
  const j = JSON.parse(r.text);
  if (j.result.status !== 'success') throw new Error(JSON.stringify(j.result.error));
  return j.result.data;
}
