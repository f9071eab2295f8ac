/// Request tooling (issue 4) — `--genkey`, `--apireq`, `--unsigned`, add-sig, combine-sigs, sign —
/// is being built; until it lands these entry points say so and exit 1.
import { defineCommand } from 'citty';
import type { CommandDef } from 'citty';

/// Each returns the process exit code.
export function genKey(): number { return notYet(); }
export function apiReq(_path: string, _local: boolean): number { return notYet(); }
export function unsignedReq(_path: string): number { return notYet(); }

export const requestSubCommands: Record<string, CommandDef> = {
  'add-sig': defineCommand({ meta: { name: 'pact add-sig' }, run: () => notYet() }),
  'combine-sigs': defineCommand({ meta: { name: 'pact combine-sigs' }, run: () => notYet() }),
  sign: defineCommand({ meta: { name: 'pact sign' }, run: () => notYet() }),
};

function notYet(): number {
  process.stderr.write('pact: not available in this build yet\n');
  return 1;
}
