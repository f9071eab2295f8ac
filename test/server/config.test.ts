/// The --serve config file: Pact's keys read leniently, our defaults, and the exact output of a
/// config that cannot be used.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CONFIG_USAGE, ConfigError, DEFAULTS, loadConfig } from '../../src/server/config.ts';

const dir = mkdtempSync(join(tmpdir(), 'pact-config-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(text: string): string {
  const f = join(dir, `c${n++}.yaml`);
  writeFileSync(f, text);
  return f;
}

function problem(text: string): string {
  const f = file(text);
  try {
    loadConfig(f);
  } catch (e) {
    assert.ok(e instanceof ConfigError);
    assert.ok(e.message.startsWith(`${f}: `), e.message);
    return e.message.slice(f.length + 2);
  }
  return assert.fail('expected a ConfigError');
}

describe('loadConfig', () => {
  it('needs only a port; everything else has a default', () => {
    assert.deepEqual(loadConfig(file('port: 8080\n')), {
      port: 8080, host: '127.0.0.1', persistDir: null, logDir: null, pragmas: [], verbose: false, entity: null,
      gasLimit: null, gasRate: 0n, execConfig: new Set(), listenTimeout: DEFAULTS.listenTimeout,
      maxBodyBytes: DEFAULTS.maxBodyBytes, maxCommandsPerSend: DEFAULTS.maxCommandsPerSend, maxJsonDepth: DEFAULTS.maxJsonDepth,
      sendTimeLimit: 30, localTimeLimit: 10,
      allowedHosts: [], corsOrigins: [], devnet: null,
    });
  });

  it('reads Pact\'s example config and all of our keys', () => {
    const c = loadConfig(file([
      '# Pact\'s own example', 'port: 8080', 'logDir: log', 'persistDir: log', 'pragmas: []', 'verbose: True',
      'entity: Alice', 'gasLimit: 1000', 'gasRate: 2', 'execConfig: [DisablePact47, AllowReadInLocal]',
      'host: 0.0.0.0', 'listenTimeout: 0.5', 'maxBodyBytes: 1000', 'maxCommandsPerSend: 10', 'maxJsonDepth: 32',
      'sendTimeLimit: 2.5', 'localTimeLimit: 1',
      'allowedHosts: [node.example.com, .dev.example, "[::2]", "*"]',
      'corsOrigins: ["https://App.example.com/", "http://localhost:5173", "https://x.example:443", "chrome-extension://AbC", "null", "*"]',
    ].join('\n')));
    assert.equal(c.verbose, true);
    assert.equal(c.persistDir, 'log');
    assert.equal(c.entity, 'Alice');
    assert.equal(c.gasLimit, 1000n);
    assert.equal(c.gasRate, 2n);
    assert.deepEqual(c.execConfig, new Set(['DisablePact47', 'AllowReadInLocal']));
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.listenTimeout, 0.5);
    assert.deepEqual([c.maxBodyBytes, c.maxCommandsPerSend, c.maxJsonDepth], [1000, 10, 32]);
    assert.deepEqual([c.sendTimeLimit, c.localTimeLimit], [2.5, 1]);
    assert.deepEqual(c.allowedHosts, ['node.example.com', '.dev.example', '[::2]', '*']);
    // Origins as browsers send them: no trailing slash, scheme and host in lower case.
    assert.deepEqual(c.corsOrigins, ['https://app.example.com', 'http://localhost:5173', 'https://x.example', 'chrome-extension://abc', 'null', '*']);
  });

  it('warns of an unknown key, naming it and the known keys, and goes on', () => {
    const warnings: string[] = [];
    const f = file('port: 1\ncorsOrigin: ["http://x.example"]\nverbose: true\nhots: [a]\n');
    const c = loadConfig(f, (l) => warnings.push(l));
    assert.equal(c.verbose, true);
    assert.deepEqual(c.corsOrigins, []);
    assert.equal(warnings.length, 2);
    assert.match(warnings[0]!, new RegExp(`^pact: ${f}: unknown key "corsOrigin" ignored \\(known keys: port, host, persistDir, .*, allowedHosts, corsOrigins, devnet\\)\\n$`));
    assert.match(warnings[1]!, /unknown key "hots" ignored/);
    assert.deepEqual(loadConfig(file('port: 1\nflags: []\n'), (l) => warnings.push(l)).execConfig, new Set());
    assert.equal(warnings.length, 2);
  });

  it('accepts flags for execConfig (the name Pact\'s documentation uses)', () => {
    assert.deepEqual(loadConfig(file('port: 1\nflags: [DisablePact44]\n')).execConfig, new Set(['DisablePact44']));
    assert.equal(problem('port: 1\nflags: []\nexecConfig: []\n'), 'execConfig: given twice (as execConfig and as flags); keep one');
  });

  it('names the field and what is wrong with it', () => {
    assert.equal(problem('logDir: x\n'), 'port: missing (the HTTP port to listen on, 0 to 65535)');
    assert.equal(problem('port: eighty\n'), 'port: expected an integer from 0 to 65535, found "eighty"');
    assert.equal(problem('port: 70000\n'), 'port: expected an integer from 0 to 65535, found 70000');
    assert.equal(problem('port: 80.5\n'), 'port: expected an integer from 0 to 65535, found 80.5');
    assert.equal(problem('port: 1\nverbose: maybe\n'), 'verbose: expected true or false, found "maybe"');
    assert.equal(problem('port: 1\npragmas: journal_mode=WAL\n'), 'pragmas: expected a list of strings, found "journal_mode=WAL"');
    assert.equal(problem('port: 1\npragmas: [1]\n'), 'pragmas[0]: expected a string, found 1');
    assert.equal(problem('port: 1\npersistDir: [a]\n'), 'persistDir: expected a string, found a list');
    assert.equal(problem('port: 1\ngasRate: -1\n'), 'gasRate: expected an integer 0 or more, found -1');
    assert.equal(problem('port: 1\nlistenTimeout: 0\n'), 'listenTimeout: expected a number of seconds above 0 (at most 86400), found 0');
    assert.equal(problem('port: 1\nsendTimeLimit: -2\n'), 'sendTimeLimit: expected a number of seconds above 0 (at most 86400), found -2');
    assert.equal(problem('port: 1\nlocalTimeLimit: soon\n'), 'localTimeLimit: expected a number of seconds above 0 (at most 86400), found "soon"');
    assert.match(problem('port: 1\nexecConfig: [DisablePact99]\n'), /^execConfig: unknown execution flag "DisablePact99" \(known flags: DisableModuleInstall, /);
    assert.equal(problem(''), 'expected a mapping of settings (at least "port"), found nothing');
    assert.equal(problem('- 1\n'), 'expected a mapping of settings (at least "port"), found a list');
    assert.match(problem('port: [\n'), /^invalid YAML: .* at line 2, column 1$/);
    assert.equal(problem('port: 1\ncorsOrigins: ["https://app.example.com/path"]\n'),
      'corsOrigins[0]: expected an origin such as "https://app.example.com" (scheme, host and port only), "null" or "*", found "https://app.example.com/path"');
    assert.equal(problem('port: 1\ncorsOrigins: "*"\n'), 'corsOrigins: expected a list of strings, found "*"');
    assert.equal(problem('port: 1\nallowedHosts: ["http://node.example.com:8080"]\n'),
      'allowedHosts[0]: expected a host name such as "node.example.com" (no scheme, no port), ".example.com" or "*", found "http://node.example.com:8080"');
  });

  it('says so when the file is missing', () => {
    assert.throws(() => loadConfig(join(dir, 'absent.yaml')), new ConfigError(`${join(dir, 'absent.yaml')}: file not found`));
  });
});

describe('pact --serve with a bad config', () => {
  it('prints Pact\'s config usage, then one line naming the file and the field, and exits 1', () => {
    const f = file('port: high\n');
    const r = spawnSync('node_modules/.bin/node', ['src/cli/main.ts', '--serve', f], { encoding: 'utf8' });
    assert.equal(r.stdout, CONFIG_USAGE);
    assert.ok(r.stdout.endsWith('verbose    - Output additional information\n\n\n\n'));
    assert.equal(r.stderr, `pact: user error (Error loading config file: ${f}: port: expected an integer from 0 to 65535, found "high")\n`);
    assert.equal(r.status, 1);
  });

  it('does the same for a missing file', () => {
    const r = spawnSync('node_modules/.bin/node', ['src/cli/main.ts', '-s', 'no-such.yaml'], { encoding: 'utf8' });
    assert.equal(r.stdout, CONFIG_USAGE);
    assert.equal(r.stderr, 'pact: user error (Error loading config file: no-such.yaml: file not found)\n');
    assert.equal(r.status, 1);
  });
});
