/// What this process (or thread) is for, decided before anything else is loaded: the
/// interactive REPL's evaluator (a child the terminal starts), a node's executor (a thread
/// `--serve` starts), the solver's self-test, `pact --version` alone, or a command line to parse. The single executable answers `--version` alone from this module,
/// without compiling the CLI at all (scripts/sea-main.ts).
import { PACT_VERSION } from '../lang/version.ts';
import { EVALUATOR_ENV } from '../repl/evaluator-process.ts';
import packageJson from '../../package.json' with { type: 'json' };

/// Set in the environment of a node's executor thread (src/cli/serve.ts).
export const EXECUTOR_ENV = 'PACT_TS_EXECUTOR';

export type ProcessMode = 'evaluator' | 'executor' | 'z3-selftest' | 'version' | 'command-line';

export function processMode(argv: readonly string[], env: NodeJS.ProcessEnv): ProcessMode {
  if (env[EVALUATOR_ENV] === '1') return 'evaluator';
  if (env[EXECUTOR_ENV] === '1') return 'executor';
  // A hidden developer hook: loads Z3 the way `verify` will (../analyze/selftest.ts).
  if (env.PACT_Z3_SELFTEST === '1') return 'z3-selftest';
  return argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v') ? 'version' : 'command-line';
}

/// What `pact --version` prints.
export const VERSION_LINE = `pact version ${PACT_VERSION} (pact-ts ${packageJson.version})\n`;

/// The commit the executable was built from (scripts/bundle.ts); not defined when run from source.
declare const PACT_TS_COMMIT: string;

/// What `pact --version --verbose` adds: our version, the commit built and the platform it runs on.
export function buildLine(): string {
  const commit = typeof PACT_TS_COMMIT === 'string' ? PACT_TS_COMMIT : 'unknown (run from source)';
  return `pact-ts ${packageJson.version} (commit ${commit}, ${platformName(process.platform, process.arch)}, Node.js ${process.version})\n`;
}

/// A release's name for a platform (`linux-x64`, `darwin-arm64`, `win-x64`): Node's OS and CPU.
export function platformName(os: string, cpu: string): string {
  return `${os === 'win32' ? 'win' : os}-${cpu}`;
}
