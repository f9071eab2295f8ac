// The platforms a release is built for, named as in its archives and its npm packages
// (`pact-ts-<version>-<name>.tar.gz`, `@pact-ts/<name>`), and how this machine runs each.
import { platformName } from '../../src/cli/mode.ts';

export type PlatformName = 'linux-x64' | 'linux-arm64' | 'darwin-x64' | 'darwin-arm64' | 'win-x64';

export interface Platform {
  readonly name: PlatformName;
  /// npm's `os` and `cpu` (Node's `process.platform` and `process.arch` where it runs).
  readonly os: 'linux' | 'darwin' | 'win32';
  readonly cpu: 'x64' | 'arm64';
  /// The executable's file name.
  readonly exe: 'pact' | 'pact.exe';
  readonly archive: 'tar.gz' | 'zip';
  /// Where the OS also runs it by emulation when no native build exists (Rosetta 2 on
  /// Apple silicon, Windows 11 on Arm): that CPU and the platform whose binary would be native.
  readonly emulatedOn?: { readonly cpu: 'arm64'; readonly native: PlatformName | 'win-arm64' };
}

export const PLATFORMS: readonly Platform[] = [
  { name: 'linux-x64', os: 'linux', cpu: 'x64', exe: 'pact', archive: 'tar.gz' },
  { name: 'linux-arm64', os: 'linux', cpu: 'arm64', exe: 'pact', archive: 'tar.gz' },
  { name: 'darwin-x64', os: 'darwin', cpu: 'x64', exe: 'pact', archive: 'tar.gz', emulatedOn: { cpu: 'arm64', native: 'darwin-arm64' } },
  { name: 'darwin-arm64', os: 'darwin', cpu: 'arm64', exe: 'pact', archive: 'tar.gz' },
  { name: 'win-x64', os: 'win32', cpu: 'x64', exe: 'pact.exe', archive: 'zip', emulatedOn: { cpu: 'arm64', native: 'win-arm64' } },
];

/// `make release` on a Linux machine: every platform whose Node binary npm has (not darwin-arm64,
/// built natively by .github/workflows/release.yml).
export const CROSS_BUILT: readonly PlatformName[] = ['linux-x64', 'linux-arm64', 'darwin-x64', 'win-x64'];

export function platform(name: string): Platform {
  const p = PLATFORMS.find((q) => q.name === name);
  if (p === undefined) throw new Error(`unknown platform ${name} (one of ${PLATFORMS.map((q) => q.name).join(', ')})`);
  return p;
}

export const HOST: string = platformName(process.platform, process.arch);

/// Debian's arm64 C and C++ runtimes (libc6-arm64-cross, libstdc++6-arm64-cross,
/// libatomic1-arm64-cross), the root qemu-user looks up an arm64 program's libraries under.
const ARM64_SYSROOT = '/usr/aarch64-linux-gnu';
const QEMU_ARM64 = '/usr/bin/qemu-aarch64-static';

/// The command prefix that runs a program of this platform here: [] natively, qemu-user for
/// linux-arm64 on linux-x64 (`make release-tools` installs it), or null when this machine cannot
/// run it (wine loads Node 26 but cannot start its V8: docs/release.md).
export function runner(p: Platform): string[] | null {
  if (p.name === HOST) return [];
  if (p.name === 'linux-arm64' && HOST === 'linux-x64') return [QEMU_ARM64, '-L', ARM64_SYSROOT];
  return null;
}
