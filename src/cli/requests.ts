/// Request tooling on the command line: `-g/--genkey`, `-a/--apireq` (`-l`), `-u/--unsigned`,
/// and the `add-sig`, `combine-sigs` and `sign` subcommands. Each tool builds its whole output
/// first, so a failure leaves stdout untouched; it returns the exit code.
import { readFileSync } from 'node:fs';
import { defineCommand } from 'citty';
import type { ArgsDef, CommandDef } from 'citty';
import { generateKeyPair } from '../api/crypto.ts';
import { hexEncode } from '../api/bytes.ts';
import { submitText } from '../api/command.ts';
import { crash, ToolError } from '../api/errors.ts';
import { readKeyFile } from '../api/keys.ts';
import { buildCommand, readApiRequest } from '../api/request.ts';
import {
  addSigs, combineSigDatas, commandIfDone, commandToSigData, loadSigData, sigDataFromBytes, sigDataOrCommand,
  sigDataYaml, signBase64,
} from '../api/sigdata.ts';
import type { SigData } from '../api/sigdata.ts';
import type { CodeChecker } from '../api/verify.ts';
import { ParseError } from '../syntax/errors.ts';
import { parse } from '../syntax/reader.ts';

/// Where a tool reads and writes; tests substitute their own.
export interface Io {
  readonly stdin: () => Uint8Array;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/// The process's own streams.
export const processIo: Io = {
  stdin: () => readFileSync(0),
  out: (text) => { process.stdout.write(text); },
  err: (text) => { process.stderr.write(text); },
};

/// Runs a tool that produces stdout text; a failure goes to stderr with exit code 1.
function run(io: Io, tool: () => string): number {
  let text: string;
  try {
    text = tool();
  } catch (e) {
    // Anything unforeseen still ends as a one-line Pact-style message, never a stack trace.
    io.err(e instanceof ToolError ? e.stderr : crash(e instanceof Error ? e.message : String(e)).stderr);
    return 1;
  }
  io.out(text);
  return 0;
}

/// The current time in microseconds since the epoch.
function nowMicros(): bigint {
  return BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000));
}

/// Payloads read back (to sign or verify) must hold code that parses, as on chain. (The text of
/// Pact's on-chain parser errors is attoparsec's; ours is the REPL parser's message.)
export const checkCode: CodeChecker = (code) => {
  try {
    parse(code, '<payload>');
    return undefined;
  } catch (e) {
    if (e instanceof ParseError) return e.message;
    throw e;
  }
};

/// `pact -g`: a fresh Ed25519 key pair, in the key-file format.
export function genKey(io: Io = processIo): number {
  return run(io, () => {
    const kp = generateKeyPair();
    return `public: ${hexEncode(kp.publicKey)}\nsecret: ${hexEncode(kp.secretKey)}\n`;
  });
}

/// `pact -a REQ_YAML [-l]`: the signed command, as a `/send` batch or (`local`) for `/local`.
export function apiReq(path: string, local: boolean, io: Io = processIo): number {
  return run(io, () => {
    const cmd = buildCommand(readApiRequest(path), path, { unsigned: false, now: nowMicros() });
    return submitText(cmd, local) + '\n';
  });
}

/// `pact -u REQ_YAML`: the unsigned command as SigData YAML.
export function unsignedReq(path: string, io: Io = processIo): number {
  return run(io, () => {
    const cmd = buildCommand(readApiRequest(path), path, { unsigned: true, now: nowMicros() });
    return sigDataYaml(commandToSigData(cmd, checkCode)) + '\n';
  });
}

/// `pact add-sig [-l] KEY_FILE...`: signs the SigData on stdin with each key.
export function addSig(keyFiles: readonly string[], local: boolean, io: Io = processIo): number {
  return run(io, () => {
    const sd = sigDataFromBytes(io.stdin());
    return sigDataOrCommand(addSigs(sd, keyFiles.map(readKeyFile)), local, checkCode) + '\n';
  });
}

/// `pact combine-sigs [-l] SIG_FILE...`: merges SigData files into the signed command.
export function combineSigs(files: readonly string[], local: boolean, io: Io = processIo): number {
  return run(io, () => {
    const loaded = files.map(loadSigData);
    const errors = loaded.filter((x): x is string => typeof x === 'string');
    if (errors.length > 0) throw crash(['One or more files had errors:', ...errors, ''].join('\n'));
    return commandIfDone(combineSigDatas(loaded as SigData[]), local, checkCode) + '\n';
  });
}

/// `pact sign KEY_FILE...`: signs the base64url data on stdin with each key.
export function sign(keyFiles: readonly string[], io: Io = processIo): number {
  return run(io, () => signBase64(new TextDecoder().decode(io.stdin()), () => keyFiles.map(readKeyFile)) + '\n');
}

/// One subcommand as optparse-applicative describes it in Pact: its files, whether it takes
/// `-l/--local`, and its one-line description (header and description alike).
interface SubSpec {
  readonly name: string;
  readonly metavar: string;
  readonly fileHelp: readonly string[];
  readonly local: boolean;
  readonly synopsis: string;
  readonly run: (files: string[], local: boolean) => number;
}

const KEY_FILE_HELP = ['File with a public / private key pair in the format', 'generated by "pact -g"'];

/// A subcommand that parses its own arguments: citty ignores unknown options and does not
/// handle `--help` here, while Pact rejects the one and answers the other.
function subcommand(spec: SubSpec): CommandDef {
  const usage = `Usage: pact ${spec.name} [${spec.metavar}...]${spec.local ? ' [-l|--local]' : ''}\n`;
  const pad = (s: string): string => s.padEnd(26) + ' ';
  const options = [
    pad(`  ${spec.metavar}`) + spec.fileHelp[0],
    ...spec.fileHelp.slice(1).map((l) => ' '.repeat(27) + l),
    ...(spec.local ? [pad('  -l,--local') + 'Format for /local endpoint'] : []),
    pad('  -h,--help') + 'Show this help text',
  ];
  const help = `${spec.synopsis}\n\n${usage}\n  ${spec.synopsis}\n\nAvailable options:\n${options.join('\n')}\n`;
  return defineCommand<ArgsDef>({
    meta: { name: `pact ${spec.name}`, description: spec.synopsis },
    run: ({ rawArgs }) => {
      const files: string[] = [];
      let local = false;
      for (let i = 0; i < rawArgs.length; i++) {
        const a = rawArgs[i]!;
        if (a === '--') {
          files.push(...rawArgs.slice(i + 1));
          break;
        }
        const flags = a.startsWith('--') ? [a] : a.startsWith('-') && a.length > 1 ? [...a.slice(1)].map((c) => `-${c}`) : null;
        if (flags === null) {
          files.push(a);
          continue;
        }
        for (const f of flags) {
          if (f === '-h' || f === '--help') {
            process.stdout.write(help);
            return 0;
          }
          if (spec.local && (f === '-l' || f === '--local')) local = true;
          else {
            process.stderr.write(`Invalid option \`${f}'\n\n${usage}`);
            return 1;
          }
        }
      }
      return spec.run(files, local);
    },
  });
}

/// The subcommands, dispatched by name from the CLI entry point; each `run` returns the exit code.
export const requestSubCommands: Record<string, CommandDef> = {
  'add-sig': subcommand({
    name: 'add-sig', metavar: 'KEY_FILE', fileHelp: KEY_FILE_HELP, local: true,
    synopsis: 'Add a signature to a signature data from stdin', run: (files, local) => addSig(files, local),
  }),
  'combine-sigs': subcommand({
    name: 'combine-sigs', metavar: 'SIG_FILE', fileHelp: ['A signature file generated by "pact -u" or "pact', 'add-sig"'],
    local: true, synopsis: 'Combine multiple signature files', run: (files, local) => combineSigs(files, local),
  }),
  sign: subcommand({
    name: 'sign', metavar: 'KEY_FILE', fileHelp: KEY_FILE_HELP, local: false,
    synopsis: 'Sign arbitrary base64url-encoded data from stdin', run: (files) => sign(files),
  }),
};
