/// The release `make release` writes (dist/release), tested as a user gets it (`make
/// release-test` builds it first): checksums, each archive unpacked with tar or unzip and its
/// executable run where this machine can (linux-x64 natively, linux-arm64 under qemu-user,
/// win-x64 under wine), darwin-x64 checked structurally, and the npm packages installed offline.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { CROSS_BUILT, platform, runner, type Platform } from '../../scripts/release/platforms.ts';
import { tempDirs } from '../helpers/temp.ts';

const OUT = resolve('dist/release');
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const SMOKE = resolve('test/fixtures/release/smoke.repl');
const VERIFY = resolve('test/fixtures/release/verify.repl');
const tempDir = tempDirs('pact-release-');
/// Where Node records that an executable has its single-executable blob (the fuse, flipped).
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1';

function archiveOf(p: Platform): string {
  return join(OUT, `pact-ts-${VERSION}-${p.name}.${p.archive}`);
}

const unpacked = new Map<string, string>();

/// The archive unpacked by tar or unzip (once) in a fresh folder: the folder it holds.
function unpack(p: Platform): string {
  const done = unpacked.get(p.name);
  if (done !== undefined) return done;
  const dir = tempDir();
  const [cmd, ...args] = p.archive === 'zip' ? ['unzip', '-q', archiveOf(p), '-d', dir] : ['tar', '-xzf', archiveOf(p), '-C', dir];
  const r = spawnSync(cmd!, args, { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  unpacked.set(p.name, join(dir, `pact-ts-${VERSION}-${p.name}`));
  return unpacked.get(p.name)!;
}

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function run(command: string[], args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const [cmd, ...pre] = command;
  const r = spawnSync(cmd!, [...pre, ...args], { encoding: 'utf8', timeout: 600_000, ...options });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the release files', () => {
  it('SHA256SUMS names every archive and npm package, and each one checks', () => {
    const names = readFileSync(join(OUT, 'SHA256SUMS'), 'utf8').trimEnd().split('\n').map((l) => l.split('  ')[1]);
    const expected = CROSS_BUILT.map(platform).flatMap((p) => [`pact-ts-${VERSION}-${p.name}.${p.archive}`, `pact-ts-${p.name}-${VERSION}.tgz`]);
    assert.deepEqual(names, [...expected, `pact-ts-${VERSION}.tgz`].sort());
    const r = run(['sha256sum'], ['-c', 'SHA256SUMS'], { cwd: OUT });
    assert.equal(r.code, 0, r.out + r.err);
  });

  for (const p of CROSS_BUILT.map(platform)) {
    it(`the ${p.name} archive holds the executable, LICENSE and the third-party notices, each under 45 MB`, () => {
      assert.ok(statSync(archiveOf(p)).size <= 45_000_000, `${statSync(archiveOf(p)).size} bytes`);
      const dir = unpack(p);
      assert.deepEqual(readdirSync(dir).sort(), ['LICENSE', 'THIRD-PARTY-NOTICES.txt', p.exe]);
      assert.ok(statSync(join(dir, p.exe)).size <= 125_000_000);
      if (p.os !== 'win32') assert.equal(statSync(join(dir, p.exe)).mode & 0o777, 0o755);
      const notices = readFileSync(join(dir, 'THIRD-PARTY-NOTICES.txt'), 'utf8');
      for (const name of ['Node.js 26.', 'z3-solver', 'h3 ', 'yaml ', '@noble/curves ']) assert.ok(notices.includes(`\n${name}`), name);
      assert.ok(readFileSync(join(dir, p.exe)).includes(FUSE));
    });
  }
});

/// What each executable this machine runs is asked: versions, a script, a verify, a node.
function exercise(p: Platform, prefix: string[]): void {
  const exe = (): string[] => [...prefix, join(unpack(p), p.exe)];

  it('--version prints Pact\'s line; --version --verbose names the build and the platform', () => {
    const bin = exe();
    assert.deepEqual(run(bin, ['--version']), { code: 0, out: `pact version 4.13.2 (pact-ts ${VERSION})\n`, err: '' });
    const r = run(bin, ['--version', '--verbose']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, new RegExp(`\\npact-ts ${VERSION} \\(commit [0-9a-f]{40}(-dirty)?, ${p.name}, Node\\.js v26\\.`));
  });

  it('runs a script, with the code cache made for it', () => {
    const r = run(exe(), [SMOKE], { env: { PATH: '/usr/bin:/bin', PACT_TS_DEBUG: '1' } });
    assert.deepEqual(r, { code: 0, out: '', err: 'Load successful\n' });
  });

  it('verifies with Z3: a property that holds, and one refuted with its counterexample', () => {
    const r = run(exe(), [VERIFY], { env: { PATH: '/usr/bin:/bin', PACT_CACHE_DIR: '' } });
    assert.equal(r.code, 0, r.err);
    const refuted = `${VERIFY}:9:22:OutputFailure: Invalidating model found in ledger.same\n  Program trace:\n    entering function ledger.same with argument\n      x = -1\n`;
    assert.ok(r.err.startsWith(refuted), r.err);
    assert.ok(!r.err.includes('ledger.clamp'), r.err);
    assert.ok(r.err.endsWith('Load successful\n'), r.err);
  });

  it('--serve answers /version', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'serve.yaml'), 'port: 0\n');
    const [cmd, ...args] = [...exe(), '--serve', 'serve.yaml'];
    const child = spawn(cmd!, args, { cwd: dir });
    const version = new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (\S+)/.exec(out);
        if (m !== null) fetch(`${m[1]}/version`).then((r) => r.text()).then(resolve, reject);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code} before answering: ${out}`)));
    });
    try {
      assert.equal(await version, '4.13.2');
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await new Promise((resolve) => child.on('exit', resolve)), 0);
  });
}

describe('linux-x64, natively', { skip: process.platform !== 'linux' || process.arch !== 'x64' ? 'the release is built and tested on linux-x64' : false }, () => {
  exercise(platform('linux-x64'), []);
});

describe('linux-arm64, under qemu-user with Debian\'s arm64 libraries', () => {
  exercise(platform('linux-arm64'), runner(platform('linux-arm64'))!);
});

describe('win-x64, under wine', () => {
  /// Wine 8 (Debian 12) starts Node 26, which then stops in V8's start: V8 reserves its
  /// sandbox with VirtualAlloc2 placeholders (MEM_RESERVE_PLACEHOLDER), which this wine refuses.
  const WINE_LIMIT = 'Fatal process out of memory: SegmentedTable::InitializeTable (subspace allocation)';
  const wine = (): string[] => {
    const prefix = tempDir();
    const env = { ...process.env, WINEPREFIX: prefix, WINEDEBUG: '-all' };
    // Node refuses Windows versions before 10, and a new wine prefix says 7.
    assert.equal(spawnSync('/usr/lib/wine/wine64', ['winecfg', '/v', 'win10'], { env, timeout: 300_000 }).status, 0);
    return ['env', `WINEPREFIX=${prefix}`, 'WINEDEBUG=-all', '/usr/lib/wine/wine64'];
  };

  it('runs --version and a script, or stops where this wine cannot start V8 (recorded)', (t) => {
    const bin = [...wine(), join(unpack(platform('win-x64')), 'pact.exe')];
    for (const [args, expected] of [[['--version'], `pact version 4.13.2 (pact-ts ${VERSION})\r\n`], [[SMOKE], '']] as const) {
      const r = run(bin, [...args]);
      if (r.code !== 0 && r.err.includes(WINE_LIMIT)) {
        t.diagnostic(`wine: pact.exe ${args.join(' ')} exited ${r.code} with "${r.err.split('\n').find((l) => l.includes(WINE_LIMIT))}"`);
        continue;
      }
      assert.equal(r.code, 0, r.err);
      assert.equal(r.out, expected);
    }
  });

  it('is a 64-bit PE with the executable\'s blob as its NODE_SEA_BLOB resource', () => {
    const exe = readFileSync(join(unpack(platform('win-x64')), 'pact.exe'));
    const pe = exe.readUInt32LE(0x3c);
    assert.equal(exe.toString('latin1', pe, pe + 4), 'PE\0\0');
    assert.equal(exe.readUInt16LE(pe + 4), 0x8664);
    assert.ok(exe.includes(Buffer.from('NODE_SEA_BLOB', 'utf16le')));
    assert.ok(exe.includes(readFileSync('dist/pact.cjs')));
  });
});

describe('darwin-x64, structurally (no macOS here)', () => {
  /// The Mach-O's segments and whether it has a code signature (load commands LC_SEGMENT_64 and
  /// LC_CODE_SIGNATURE), with each section's bytes.
  function machO(exe: Buffer): { cpu: number; sections: Map<string, Buffer>; signed: boolean } {
    assert.equal(exe.readUInt32LE(0), 0xfeedfacf);
    const sections = new Map<string, Buffer>();
    let signed = false;
    for (let i = 0, at = 32; i < exe.readUInt32LE(16); i++, at += exe.readUInt32LE(at + 4)) {
      const cmd = exe.readUInt32LE(at);
      if (cmd === 0x1d) signed = true;
      if (cmd !== 0x19) continue;
      for (let s = 0, sect = at + 72; s < exe.readUInt32LE(at + 64); s++, sect += 80) {
        const name = `${exe.toString('latin1', sect + 16, sect + 32).replace(/\0+$/, '')},${exe.toString('latin1', sect, sect + 16).replace(/\0+$/, '')}`;
        const offset = exe.readUInt32LE(sect + 48);
        sections.set(name, exe.subarray(offset, offset + Number(exe.readBigUInt64LE(sect + 40))));
      }
    }
    return { cpu: exe.readUInt32LE(4), sections, signed };
  }

  it('is an x86-64 Mach-O whose NODE_SEA segment holds the blob, unsigned as docs/release.md says', () => {
    const { cpu, sections, signed } = machO(readFileSync(join(unpack(platform('darwin-x64')), 'pact')));
    assert.equal(cpu, 0x01000007);
    const blob = sections.get('NODE_SEA,__NODE_SEA_BLOB');
    assert.ok(blob !== undefined, [...sections.keys()].join(' '));
    assert.ok(blob.includes(readFileSync('dist/pact.cjs')));
    assert.ok(blob.includes(readFileSync('dist/z3-built.wasm.br')));
    // Injecting the blob removed Node's signature; nothing on Linux adds an ad-hoc one.
    assert.equal(signed, false);
  });
});

describe('the npm packages', () => {
  it('install offline from the tarballs alone; npx pact runs --version and a script', () => {
    const dir = tempDir();
    // A fresh npm cache and a registry nobody answers at: nothing can come from elsewhere.
    const npm = (args: string[]): Run => run(['npm'], args, {
      cwd: dir,
      env: { ...process.env, npm_config_cache: join(dir, '.npm'), npm_config_registry: 'http://127.0.0.1:9/', npm_config_update_notifier: 'false' },
    });
    const tarballs = [`pact-ts-${VERSION}.tgz`, `pact-ts-linux-x64-${VERSION}.tgz`].map((f) => join(OUT, f));
    const install = npm(['install', '--offline', '--no-audit', '--no-fund', ...tarballs]);
    assert.equal(install.code, 0, install.out + install.err);
    assert.ok(existsSync(join(dir, 'node_modules/@pact-ts/linux-x64/bin/pact')));
    assert.deepEqual(npm(['exec', '--offline', '--', 'pact', '--version']), { code: 0, out: `pact version 4.13.2 (pact-ts ${VERSION})\n`, err: '' });
    const r = npm(['exec', '--offline', '--', 'pact', SMOKE]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.err, 'Load successful\n');
  });

  it('run nothing at install, and the platform package says where it installs', () => {
    const dir = unpackNpm(`pact-ts-darwin-x64-${VERSION}.tgz`);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.scripts, undefined);
    assert.deepEqual([manifest.os, manifest.cpu], [['darwin'], ['x64', 'arm64']]);
    const main = JSON.parse(readFileSync(join(unpackNpm(`pact-ts-${VERSION}.tgz`), 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(main.scripts, undefined);
    assert.deepEqual(main.bin, { pact: 'bin/pact' });
    assert.deepEqual(Object.keys(main.optionalDependencies as object), CROSS_BUILT.map((p) => `@pact-ts/${p}`));
  });
});

function unpackNpm(tarball: string): string {
  const dir = tempDir();
  assert.equal(spawnSync('tar', ['-xzf', join(OUT, tarball), '-C', dir]).status, 0);
  return join(dir, 'package');
}
