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
    return sigDataYaml(commandToSigData(cmd)) + '\n';
  });
}

/// `pact add-sig [-l] KEY_FILE...`: signs the SigData on stdin with each key.
export function addSig(keyFiles: readonly string[], local: boolean, io: Io = processIo): number {
  return run(io, () => {
    const sd = sigDataFromBytes(io.stdin());
    return sigDataOrCommand(addSigs(sd, keyFiles.map(readKeyFile)), local) + '\n';
  });
}

/// `pact combine-sigs [-l] SIG_FILE...`: merges SigData files into the signed command.
export function combineSigs(files: readonly string[], local: boolean, io: Io = processIo): number {
  return run(io, () => {
    const loaded = files.map(loadSigData);
    const errors = loaded.filter((x): x is string => typeof x === 'string');
    if (errors.length > 0) throw crash(['One or more files had errors:', ...errors, ''].join('\n'));
    return commandIfDone(combineSigDatas(loaded as SigData[]), local) + '\n';
  });
}

/// `pact sign KEY_FILE...`: signs the base64url data on stdin with each key.
export function sign(keyFiles: readonly string[], io: Io = processIo): number {
  return run(io, () => signBase64(new TextDecoder().decode(io.stdin()), () => keyFiles.map(readKeyFile)) + '\n');
}

const localArg = { type: 'boolean', alias: 'l', description: 'Format for /local endpoint' } as const;

/// The subcommands, dispatched by name from the CLI entry point; each `run` returns the exit code.
export const requestSubCommands: Record<string, CommandDef> = {
  'add-sig': defineCommand<ArgsDef>({
    meta: { name: 'pact add-sig', description: 'Add a signature to a signature data from stdin' },
    args: { local: localArg },
    run: ({ args }) => addSig(args._, args.local === true),
  }),
  'combine-sigs': defineCommand<ArgsDef>({
    meta: { name: 'pact combine-sigs', description: 'Combine multiple signature files' },
    args: { local: localArg },
    run: ({ args }) => combineSigs(args._, args.local === true),
  }),
  sign: defineCommand<ArgsDef>({
    meta: { name: 'pact sign', description: 'Sign arbitrary base64url-encoded data from stdin' },
    run: ({ args }) => sign(args._),
  }),
};
