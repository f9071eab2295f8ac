#!/usr/bin/env node
// `pact` of the npm package pact-ts: runs the executable of the package @pact-ts/<platform> that
// npm installed for this machine (of the optionalDependencies, npm installs the one whose os and
// cpu match, as for esbuild). Plain CommonJS for any Node that runs npm.
'use strict';
const { spawn } = require('child_process');
const path = require('path');

const os = process.platform === 'win32' ? 'win' : process.platform;
const exe = process.platform === 'win32' ? 'pact.exe' : 'pact';
// Apple silicon runs darwin-x64 through Rosetta 2, Windows on Arm runs win-x64: those packages
// say so in their cpu field when no native one is published.
const candidates = [`${os}-${process.arch}`, `${os}-x64`];

function installed() {
  for (const name of candidates) {
    try {
      return path.join(path.dirname(require.resolve(`@pact-ts/${name}/package.json`)), 'bin', exe);
    } catch (e) {
      if (e.code !== 'MODULE_NOT_FOUND') throw e;
    }
  }
  return null;
}

const bin = installed();
if (bin === null) {
  process.stderr.write(
    `pact-ts: no executable for ${os}-${process.arch} is installed (package @pact-ts/${os}-${process.arch}).\n` +
      'Reinstall without --omit=optional / --no-optional, or download an archive from the release page.\n',
  );
  process.exit(1);
}

const child = spawn(bin, process.argv.slice(2), { stdio: 'inherit' });
// Ctrl-C reaches the whole foreground process group, pact included, which handles it (the REPL
// drops its input); this process only waits. Signals sent to it alone are passed on.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (e) => {
  process.stderr.write(`pact-ts: cannot run ${bin}: ${e.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal === null) process.exit(code);
  // Ends the same way, so that a shell sees the same status.
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
});
