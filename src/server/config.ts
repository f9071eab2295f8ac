/// The `pact --serve CONFIG` file: Pact 4's keys read leniently, plus our own settings (bind
/// address, `/listen` timeout, request limits). Every problem is a `ConfigError` naming the field.
import { readYamlFile, YamlError } from '../api/yaml.ts';
import { integralValue, kindOf, lookup } from '../values/aeson.ts';
import { JsonNumber, JsonObject } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import { EXECUTION_FLAGS } from '../lang/flags.ts';
import { devnetConfigOf } from './devnet/config.ts';
import type { DevnetConfig } from './devnet/config.ts';

/// The settings of a node, every default filled in.
export interface ServerConfig {
  /// TCP port; 0 lets the system pick one.
  readonly port: number;
  /// Address to bind. Pact 4 binds every interface; we bind the loopback unless told otherwise.
  readonly host: string;
  /// Directory of `pact.sqlite`; null keeps everything in memory.
  readonly persistDir: string | null;
  /// Directory of the HTTP access log (`access.log`); null writes none.
  readonly logDir: string | null;
  /// SQLite pragmas for the database file, each run as `PRAGMA <text>`.
  readonly pragmas: readonly string[];
  /// Debug lines on stdout for every request and command.
  readonly verbose: boolean;
  /// The entity private defpact steps run for (legacy confidential Pact).
  readonly entity: string | null;
  /// Read and kept, but unused, as in Pact 4: each command's `meta.gasLimit` is its limit.
  readonly gasLimit: bigint | null;
  /// Gas charged per operation (Pact 4's constant-rate model); 0 makes all gas 0.
  readonly gasRate: bigint;
  /// Execution flags (`DisablePact47`, ...).
  readonly execConfig: ReadonlySet<string>;
  /// Seconds a `/listen` waits before answering `{"status":"timeout",...}`.
  readonly listenTimeout: number;
  /// Largest request body accepted, in bytes.
  readonly maxBodyBytes: number;
  /// Most commands accepted in one `/send`.
  readonly maxCommandsPerSend: number;
  /// Deepest JSON nesting accepted in a request body.
  readonly maxJsonDepth: number;
  /// Seconds a command of a `/send` may run before it fails (see executor-thread.ts).
  readonly sendTimeLimit: number;
  /// Seconds a `/local` command (or the explorer playground's) may run before it fails.
  readonly localTimeLimit: number;
  /// Host names answered besides the node's own (see guard.ts).
  readonly allowedHosts: readonly string[];
  /// Origins whose pages may call the node besides the loopback's, normalized; `*` for any.
  readonly corsOrigins: readonly string[];
  /// A Kadena development network instead of a plain Pact node (`devnet:`); null without.
  readonly devnet: DevnetConfig | null;
}

/// Our defaults for the settings Pact 4 does not have.
export const DEFAULTS = {
  host: '127.0.0.1',
  // chainweb-node answers a long poll after 3 minutes; clients are written for that.
  listenTimeout: 180,
  // A module deployment is at most a few hundred kilobytes and a full batch of ordinary
  // transfers a few megabytes; 16 MiB leaves room for both without letting one request
  // hold a large share of memory.
  maxBodyBytes: 16 * 1024 * 1024,
  // Pact 4 cuts a /send into groups of 8000 commands; accepting at most that many keeps one
  // batch one group, whose results become visible together.
  maxCommandsPerSend: 8000,
  // A signed /send body nests five levels deep (body, cmds, command, sigs, sig); 128 is far
  // beyond any real request and far below the depth at which a recursive reader runs out of
  // stack. Less than 5 would refuse signed commands, so that is the least accepted.
  maxJsonDepth: 128,
  // A transaction runs in milliseconds; a command running for seconds is a runaway (with the
  // default gasRate of 0 nothing else stops it). A /send's failure is stored for good, so it
  // gets more room than a /local, whose caller is waiting for the answer.
  sendTimeLimit: 30,
  localTimeLimit: 10,
  // A browser page may use the node only from the loopback (see guard.ts); these widen that.
  allowedHosts: [] as readonly string[],
  corsOrigins: [] as readonly string[],
  // A plain Pact node unless the config asks for a devnet.
  devnet: null,
} as const;

/// What Pact 4 prints on stdout before a config error: Haskell's `unlines` of the property lines
/// and a last `"\n"` element, then `putStrLn`'s newline (three empty lines at the end).
export const CONFIG_USAGE = [
  'Config file is YAML format with the following properties:',
  'port       - HTTP server port',
  'persistDir - Directory for database files.',
  '             If omitted, runs in-memory only.',
  'logDir     - Directory for HTTP logs',
  'pragmas    - SQLite pragmas to use with persistence DBs',
  'entity     - Entity name for simulating privacy, defaults to "entity"',
  'gasLimit   - Gas limit for each transaction, defaults to 0',
  'gasRate    - Gas price per action, defaults to 0',
  'execConfig - Pact runtime execution flags',
  'verbose    - Output additional information',
  '\n',
].map((line) => line + '\n').join('') + '\n';

/// A config file that cannot be used; `message` names the file and what is wrong with it.
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/// Reads and checks a config file. Only `port` is required: Pact 4 also insists on `logDir`,
/// `pragmas` and `verbose`, which have obvious defaults. `flags` is accepted for `execConfig`
/// (the name Pact's documentation uses). An unknown key is ignored, as Pact does, with a warning
/// naming it and the known keys (a misspelt `corsOrigins` would otherwise pass unnoticed).
///
/// @example loadConfig('serve.yaml') // { port: 8080, host: '127.0.0.1', persistDir: null, ... }
export function loadConfig(file: string, warn: (line: string) => void = (l) => process.stderr.write(l)): ServerConfig {
  let doc: Json;
  try {
    doc = readYamlFile(file);
  } catch (e) {
    if (!(e instanceof YamlError)) throw e;
    throw new ConfigError(`${file}: ${e.plain === 'file not found' ? e.plain : `invalid YAML: ${e.plain}`}`);
  }
  try {
    const read = new Set<string>();
    const config = configOf(doc, read);
    for (const key of unknownKeys(doc, read)) {
      warn(`pact: ${file}: unknown key "${key}" ignored (known keys: ${[...read].join(', ')})\n`);
    }
    return config;
  } catch (e) {
    if (e instanceof FieldError) throw new ConfigError(`${file}: ${e.message}`);
    throw e;
  }
}

/// A problem with one field (or with the document as a whole).
export class FieldError extends Error {}

/// The settings of a document; `read` collects every key looked up (the known keys).
function configOf(doc: Json, read: Set<string>): ServerConfig {
  if (!(doc instanceof JsonObject)) {
    throw new FieldError(`expected a mapping of settings (at least "port"), found ${describe(doc)}`);
  }
  const get = (key: string): Json | undefined => {
    read.add(key);
    return lookup(doc, key);
  };
  const field = <T>(key: string, parse: (v: Json, key: string) => T, fallback: T): T => {
    const v = get(key);
    return v === undefined || v === null ? fallback : parse(v, key);
  };
  const port = get('port');
  if (port === undefined || port === null) throw new FieldError('port: missing (the HTTP port to listen on, 0 to 65535)');
  return {
    port: integer(port, 'port', 0, 65535),
    host: field('host', text, DEFAULTS.host),
    persistDir: field('persistDir', text, null),
    logDir: field('logDir', text, null),
    pragmas: field('pragmas', texts, []),
    verbose: field('verbose', bool, false),
    entity: field('entity', text, null),
    gasLimit: field('gasLimit', (v, k) => bigInteger(v, k, 0n), null),
    gasRate: field('gasRate', (v, k) => bigInteger(v, k, 0n), 0n),
    execConfig: flags(get('execConfig'), get('flags')),
    listenTimeout: field('listenTimeout', positiveSeconds, DEFAULTS.listenTimeout),
    maxBodyBytes: field('maxBodyBytes', (v, k) => integer(v, k, 1), DEFAULTS.maxBodyBytes),
    maxCommandsPerSend: field('maxCommandsPerSend', (v, k) => integer(v, k, 1), DEFAULTS.maxCommandsPerSend),
    maxJsonDepth: field('maxJsonDepth', (v, k) => integer(v, k, 5), DEFAULTS.maxJsonDepth),
    sendTimeLimit: field('sendTimeLimit', positiveSeconds, DEFAULTS.sendTimeLimit),
    localTimeLimit: field('localTimeLimit', positiveSeconds, DEFAULTS.localTimeLimit),
    allowedHosts: field('allowedHosts', (v, k) => texts(v, k).map((h, i) => hostName(h, `${k}[${i}]`)), DEFAULTS.allowedHosts),
    corsOrigins: field('corsOrigins', (v, k) => texts(v, k).map((o, i) => origin(o, `${k}[${i}]`)), DEFAULTS.corsOrigins),
    devnet: field('devnet', devnetConfigOf, DEFAULTS.devnet),
  };
}

/// The keys of a document not among those read, in the order written.
function unknownKeys(doc: Json, read: ReadonlySet<string>): string[] {
  return doc instanceof JsonObject ? doc.entries.map(([k]) => k).filter((k) => !read.has(k)) : [];
}

const KNOWN_FLAGS: ReadonlySet<string> = new Set(EXECUTION_FLAGS);

function flags(exec: Json | undefined, alias: Json | undefined): ReadonlySet<string> {
  if (exec !== undefined && exec !== null && alias !== undefined && alias !== null) {
    throw new FieldError('execConfig: given twice (as execConfig and as flags); keep one');
  }
  const [key, v] = exec !== undefined && exec !== null ? ['execConfig', exec] : ['flags', alias];
  if (v === undefined || v === null) return new Set();
  const names = texts(v, key);
  const unknown = names.find((n) => !KNOWN_FLAGS.has(n));
  if (unknown !== undefined) {
    throw new FieldError(`${key}: unknown execution flag "${unknown}" (known flags: ${EXECUTION_FLAGS.join(', ')})`);
  }
  return new Set(names);
}

/// An `allowedHosts` entry: a host name or address without scheme or port, `.domain` for a
/// domain and its subdomains, or `*`.
function hostName(h: string, key: string): string {
  if (h === '*' || /^\.?[a-z0-9_.-]+$/i.test(h) || /^\[?[0-9a-f:.]+\]?$/i.test(h)) return h.toLowerCase();
  throw new FieldError(`${key}: expected a host name such as "node.example.com" (no scheme, no port), ".example.com" or "*", found ${JSON.stringify(h)}`);
}

/// A `corsOrigins` entry as browsers send it in `Origin`: `scheme://host[:port]` with no path
/// (`https://app.example.com:8443`, `chrome-extension://<id>`), `null` (pages from files and
/// sandboxes), or `*` (any origin: Pact 4's policy). An http(s) origin is written the way
/// browsers write it (lower case, no default port).
function origin(o: string, key: string): string {
  if (o === '*' || o === 'null') return o;
  const written = o.replace(/\/$/, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#@\s]+$/i.test(written)) {
    throw new FieldError(`${key}: expected an origin such as "https://app.example.com" (scheme, host and port only), "null" or "*", found ${JSON.stringify(o)}`);
  }
  return /^https?:/i.test(written) ? new URL(written).origin : written.toLowerCase();
}

export function text(v: Json, key: string): string {
  if (typeof v !== 'string') throw new FieldError(`${key}: expected a string, found ${describe(v)}`);
  return v;
}

export function texts(v: Json, key: string): string[] {
  if (!Array.isArray(v)) throw new FieldError(`${key}: expected a list of strings, found ${describe(v)}`);
  return v.map((x, i) => text(x, `${key}[${i}]`));
}

export function bool(v: Json, key: string): boolean {
  if (typeof v !== 'boolean') throw new FieldError(`${key}: expected true or false, found ${describe(v)}`);
  return v;
}

export function bigInteger(v: Json, key: string, min: bigint, max?: bigint): bigint {
  const n = v instanceof JsonNumber ? integralValue(v) : undefined;
  const range = max === undefined ? `${min} or more` : `from ${min} to ${max}`;
  if (n === undefined || n < min || (max !== undefined && n > max)) {
    throw new FieldError(`${key}: expected an integer ${range}, found ${describe(v)}`);
  }
  return n;
}

export function integer(v: Json, key: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  return Number(bigInteger(v, key, BigInt(min), BigInt(max)));
}

function positiveSeconds(v: Json, key: string): number {
  const n = v instanceof JsonNumber ? Number(`${v.coefficient}e${v.exponent}`) : NaN;
  if (!(n > 0 && n <= 86400)) throw new FieldError(`${key}: expected a number of seconds above 0 (at most 86400), found ${describe(v)}`);
  return n;
}

/// A value as the user wrote it, for error messages.
export function describe(v: Json): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof JsonNumber) return (integralValue(v) ?? Number(`${v.coefficient}e${v.exponent}`)).toString();
  if (typeof v === 'boolean') return String(v);
  if (v === null) return 'nothing';
  return kindOf(v) === 'Array' ? 'a list' : 'a mapping';
}
