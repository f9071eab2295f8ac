/// Modules at rest: how an installed module is stored in `SYS_modules` and rebuilt when a later
/// process reads it back. Pact 4 stores a module's compiled terms with its dependencies inlined;
/// we store its code and the versions of everything it resolved at install (`ModuleOrigin`), and
/// rebuild it by compiling that code against exactly those versions.
import type { PactDb } from '../db/pactdb.ts';
import type { Native } from '../natives/registry.ts';
import { parse, spanText } from '../syntax/index.ts';
import { encodeJson, JsonNumber, JsonObject, parseJson } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import { asArray, asBool, asInt, asObject, asText, required } from '../values/aeson.ts';
import type { JsonPath } from '../values/aeson.ts';
import { compileTopLevel } from './compile.ts';
import { Ctx } from './context.ts';
import { PactError } from './errors.ts';
import { buildInterface, buildModule } from './module.ts';
import { ModuleData } from './runtime.ts';
import type { ModuleOrigin, ScopeRef } from './runtime.ts';

const MODULES = 'SYS_modules';

/// The stored form of a module: its code and what it was built against.
interface StoredModule {
  readonly name: string;
  readonly isInterface: boolean;
  readonly hash: string;
  /// The code Pact keeps for the module (what its hash is of).
  readonly code: string;
  /// The module form's exact text where it differs from `code` (Pact's cut of non-ASCII code).
  readonly source: string | null;
  /// Where the form started in the code it was sent in (on-chain spans are columns only).
  readonly column: number;
  readonly namespace: string | null;
  readonly flags: readonly string[];
  readonly modules: ReadonlyMap<string, string | null>;
  readonly scope: ReadonlyMap<string, ScopeRef>;
}

/// Encodes and rebuilds modules for a store. `history` yields the stored JSON of every module
/// version ever committed (newest first), for modules built against a version since upgraded.
export class ModuleStore {
  private readonly natives: Map<string, Native>;
  private readonly history: () => Iterable<string>;
  private db: PactDb | null = null;
  /// Rebuilt versions by hash, so dependents share one object per version.
  private readonly byHash = new Map<string, ModuleData>();
  /// The versions being rebuilt (a module upgraded to the very code it had was built against
  /// its previous version, which has its own hash: that lookup names the module being rebuilt).
  private readonly rebuilding = new Set<string>();

  constructor(natives: Map<string, Native>, history: () => Iterable<string>) {
    this.natives = natives;
    this.history = history;
  }

  /// The database rebuilt modules read their dependencies from.
  attach(db: PactDb): void {
    this.db = db;
  }

  encode(value: unknown): string {
    if (!(value instanceof ModuleData) || value.origin === null) throw new Error('SYS_modules: not an installed module');
    return encodeJson(storedJson(value, value.origin));
  }

  decode(_key: string, json: string): ModuleData {
    const stored = storedOf(parseJson(json));
    return this.byHash.get(stored.hash) ?? this.restore(stored);
  }

  private restore(stored: StoredModule): ModuleData {
    let data: ModuleData;
    this.rebuilding.add(stored.hash);
    try {
      data = rebuild(stored, this.context(stored));
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new PactError('EvalError', null, `module restore failed: ${stored.name}: ${why}`);
    } finally {
      this.rebuilding.delete(stored.hash);
    }
    data.committed = true;
    this.byHash.set(data.hash, data);
    return data;
  }

  /// A context whose module lookups return the versions the module was built against.
  private context(stored: StoredModule): Ctx {
    const db = this.database();
    const ctx = new Ctx(db, this.natives, new Map());
    ctx.env.flags = new Set(stored.flags);
    ctx.env.onChain = true;
    ctx.namespace = stored.namespace;
    ctx.pinnedModules = (name) => {
      const pinned = stored.modules.get(name);
      if (pinned === null) return undefined;
      return this.version(name, pinned ?? null);
    };
    for (const [name, ref] of stored.scope) {
      const member = this.version(ref.module, ref.hash)?.members.get(ref.member);
      if (member !== undefined) ctx.scope.set(name, member);
    }
    return ctx;
  }

  /// A module version: the stored one if it has that hash (or no hash is asked for), else an
  /// earlier version found in the history. The version being rebuilt is not there yet: the
  /// linker takes a module's own name for the module it builds (a module reference to it, with
  /// its interfaces, which an identical previous version shares).
  private version(name: string, hash: string | null): ModuleData | undefined {
    if (hash !== null && this.rebuilding.has(hash)) return undefined;
    const current = this.database().read(MODULES, name) as ModuleData | undefined;
    if (hash === null || current?.hash === hash) return current;
    const known = this.byHash.get(hash);
    if (known !== undefined) return known;
    for (const json of this.history()) {
      const stored = storedOf(parseJson(json));
      if (stored.name === name && stored.hash === hash) return this.restore(stored);
    }
    return undefined;
  }

  private database(): PactDb {
    if (this.db === null) throw new Error('module store used before attach');
    return this.db;
  }
}

/// Compiles the stored code again (spans as they were in the original command) and builds it.
function rebuild(stored: StoredModule, ctx: Ctx): ModuleData {
  const [exp] = parse(stored.source ?? stored.code, '<interactive>', { columnBase: stored.column });
  const term = compileTopLevel(exp!, 'utf16');
  // Rebuilt on its own, non-ASCII code may be cut differently; the module keeps its stored code.
  let data: ModuleData;
  if (term.t === 'module') data = buildModule(ctx, { ...term, code: stored.code }, stored.name);
  else if (term.t === 'interface') data = buildInterface(ctx, { ...term, code: stored.code }, stored.name);
  else throw new Error('stored code is not a module');
  data.origin = {
    info: term.info, namespace: stored.namespace, flags: stored.flags, modules: stored.modules, scope: stored.scope,
  };
  return data;
}

function storedJson(m: ModuleData, o: ModuleOrigin): JsonObject {
  const source = spanText(o.info);
  return new JsonObject([
    ['name', m.name],
    ['interface', m.isInterface],
    ['hash', m.hash],
    ['code', m.code],
    ['source', source === m.code ? null : source],
    ['column', new JsonNumber(BigInt(o.info.col), 0)],
    ['namespace', o.namespace],
    ['flags', [...o.flags]],
    ['modules', new JsonObject([...o.modules])],
    ['scope', new JsonObject([...o.scope].map(([k, r]) => [k, [r.module, r.hash, r.member]]))],
  ]);
}

function storedOf(v: Json): StoredModule {
  const at: JsonPath = [];
  const o = asObject(v, at, 'StoredModule');
  const text = (k: string) => asText(required(o, k, at), [k]);
  const nullableText = (x: Json, p: JsonPath) => (x === null ? null : asText(x, p));
  const field = (k: string) => required(o, k, at);
  return {
    name: text('name'),
    isInterface: asBool(field('interface'), ['interface']),
    hash: text('hash'),
    code: text('code'),
    source: nullableText(field('source'), ['source']),
    column: asInt(field('column'), ['column']),
    namespace: nullableText(field('namespace'), ['namespace']),
    flags: asArray(field('flags'), ['flags']).map((f, i) => asText(f, ['flags', i])),
    modules: new Map(asObject(field('modules'), ['modules'], 'modules').entries
      .map(([k, h]) => [k, nullableText(h, ['modules', k])])),
    scope: new Map(asObject(field('scope'), ['scope'], 'scope').entries.map(([k, r]) => {
      const [module, hash, member] = asArray(r, ['scope', k]);
      return [k, { module: asText(module!, ['scope', k, 0]), hash: nullableText(hash!, ['scope', k, 1]), member: asText(member!, ['scope', k, 2]) }];
    })),
  };
}
