// `make release`: every platform's executable, then the files a release publishes, in
// dist/release/:
//   pact-ts-<version>-<platform>.tar.gz (.zip for Windows)   the executable, LICENSE, notices
//   pact-ts-<version>.tgz, pact-ts-<platform>-<version>.tgz  npm's packages, as `npm pack` names them
//   SHA256SUMS                                              of all the above (`sha256sum -c`)
// Usage: node scripts/release/release.ts build [PLATFORM...]  executables, in dist/release/bin/<platform>/
//        (by default every platform npm has Node 26 for: CROSS_BUILT)
//        node scripts/release/release.ts pack                the rest, from the executables there
// (The release workflow builds each platform on its own machine and packs them all in one place.)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { writeTarGz, writeZip, type Entry } from './archive.ts';
import { nodeLicense, NODE_VERSION } from './base-node.ts';
import { buildExecutable, WORK } from './executable.ts';
import { thirdPartyNotices } from './notices.ts';
import { CROSS_BUILT, HOST, PLATFORMS, platform, type Platform } from './platforms.ts';

const OUT = join('dist', 'release');
const BIN = join(OUT, 'bin');
const ROOT = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; description: string; license: string };
const VERSION = ROOT.version;

function build(names: string[]): void {
  for (const name of names) {
    const p = platform(name);
    const out = join(BIN, p.name, p.exe);
    rmSync(join(BIN, p.name), { recursive: true, force: true });
    // The host's is the one `make` built (dist/pact), made the same way.
    if (p.name === HOST) {
      mkdirSync(join(BIN, p.name), { recursive: true });
      copyFileSync('dist/pact', out);
    } else {
      buildExecutable(p, out);
    }
  }
}

async function pack(): Promise<void> {
  const built = PLATFORMS.filter((p) => existsSync(join(BIN, p.name, p.exe)));
  if (built.length === 0) throw new Error(`no executable in ${BIN}: run the build step first`);
  for (const f of readdirSync(OUT)) if (/\.(tar\.gz|zip|tgz)$|^SHA256SUMS$/.test(f)) rmSync(join(OUT, f));
  const license = readFileSync('LICENSE');
  const notices = Buffer.from(thirdPartyNotices(nodeLicense(WORK), NODE_VERSION));
  const mtime = sourceDate();
  const jobs: Array<[string, () => Promise<void>]> = [];
  for (const p of built) {
    const exe = (): Buffer => readFileSync(join(BIN, p.name, p.exe));
    const dir = `pact-ts-${VERSION}-${p.name}`;
    const archive = `${dir}.${p.archive}`;
    jobs.push([archive, () => (p.archive === 'zip' ? writeZip : writeTarGz)(join(OUT, archive), [
      { name: `${dir}/${p.exe}`, data: exe(), executable: true },
      { name: `${dir}/LICENSE`, data: license },
      { name: `${dir}/THIRD-PARTY-NOTICES.txt`, data: notices },
    ], mtime)]);
    const tgz = `pact-ts-${p.name}-${VERSION}.tgz`;
    jobs.push([tgz, () => writeTarGz(join(OUT, tgz), npmEntries(platformPackage(p, built), [
      { name: `bin/${p.exe}`, data: exe(), executable: true },
      { name: 'LICENSE', data: license },
      { name: 'THIRD-PARTY-NOTICES.txt', data: notices },
    ]), NPM_MTIME)]);
  }
  const main = `pact-ts-${VERSION}.tgz`;
  jobs.push([main, () => writeTarGz(join(OUT, main), npmEntries(mainPackage(built), [
    { name: 'bin/pact', data: readFileSync('scripts/release/npm/launcher.cjs'), executable: true },
    { name: 'README.md', data: readFileSync('scripts/release/npm/README.md') },
    { name: 'LICENSE', data: license },
  ]), NPM_MTIME)]);
  await inParallel(jobs.map(([, job]) => job));
  const sums = jobs.map(([f]) => f).sort().map((f) => `${createHash('sha256').update(readFileSync(join(OUT, f))).digest('hex')}  ${f}\n`);
  writeFileSync(join(OUT, 'SHA256SUMS'), sums.join(''));
}

/// Runs the jobs, one per core at a time (each compresses a 120 MB executable).
async function inParallel(jobs: ReadonlyArray<() => Promise<void>>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
}

/// The time every archived file has: the commit's (SOURCE_DATE_EPOCH when set, as
/// reproducible-builds.org has it), so that one commit gives the same archives.
function sourceDate(): number {
  if (process.env.SOURCE_DATE_EPOCH) return Number(process.env.SOURCE_DATE_EPOCH);
  return Number(execFileSync('git', ['log', '-1', '--format=%ct'], { encoding: 'utf8' }).trim());
}

/// The time `npm pack` gives every file (npm's own reproducible tarballs).
const NPM_MTIME = Date.UTC(1985, 9, 26, 8, 15) / 1000;

/// An npm tarball's entries: package.json first, all under package/.
function npmEntries(manifest: object, files: Entry[]): Entry[] {
  const json = { name: 'package.json', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
  return [json, ...files].map((e) => ({ ...e, name: `package/${e.name}` }));
}

/// The CPUs a platform's package installs on: its own, and the one its OS emulates it on when
/// that CPU has no package of its own in this release (darwin-x64 on Apple silicon, say).
function cpus(p: Platform, built: readonly Platform[]): string[] {
  const e = p.emulatedOn;
  return e === undefined || built.some((q) => q.name === e.native) ? [p.cpu] : [p.cpu, e.cpu];
}

function platformPackage(p: Platform, built: readonly Platform[]): object {
  return {
    name: `@pact-ts/${p.name}`,
    version: VERSION,
    description: `The pact executable of pact-ts for ${p.name}`,
    license: ROOT.license,
    os: [p.os],
    cpu: cpus(p, built),
    // Run from where it is installed, not from a zip (Yarn Plug'n'Play).
    preferUnplugged: true,
  };
}

function mainPackage(built: readonly Platform[]): object {
  return {
    name: 'pact-ts',
    version: VERSION,
    description: ROOT.description,
    license: ROOT.license,
    bin: { pact: 'bin/pact' },
    optionalDependencies: Object.fromEntries(built.map((p) => [`@pact-ts/${p.name}`, VERSION])),
  };
}

const [step, ...names] = process.argv.slice(2);
if (step === 'build') build(names.length > 0 ? names : [...CROSS_BUILT]);
else if (step === 'pack') await pack();
else throw new Error('usage: node scripts/release/release.ts build [PLATFORM...] | pack');
