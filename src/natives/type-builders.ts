/// Short constructors for native type signatures, as ./signatures.ts (generated) spells them:
/// `sig([['idx', integer], ['list', list(v('l'))]], v('a'))` is `idx:integer list:[<l>] -> <a>`.
import type { FunType, SchemaKind, Type } from '../values/type.ts';

export {
  tyAny as any, tyInteger as integer, tyDecimal as decimal, tyTime as time, tyBool as bool, tyString as string,
  tyKeySet as keyset, tyGuard as guard, tyList as list,
} from '../values/type.ts';

/// `<a>`, `<a[integer,decimal]>`.
export const v = (name: string, ...constraint: Type[]): Type => ({ t: 'var', name, constraint, schemaVar: false });
/// A schema variable `<{o}>`.
export const row = (name: string): Type => ({ t: 'var', name, constraint: [], schemaVar: true });
/// `object:<{o}>`; `partial` `'any'` is `object:~<{o}>`, a list of fields `object:~[a,b]<{o}>`.
const schema = (kind: SchemaKind) => (s: Type, partial: null | 'any' | readonly string[] = null): Type =>
  ({ t: 'schema', kind, schema: s, partial });
export const object = schema('object');
export const table = schema('table');
export const binding = schema('binding');
/// A native schema by name (`{public-chain-data}`), to be resolved through the natives table.
export const user = (name: string): Type => ({ t: 'user', schema: { name, fields: [] } });
/// `module{i1,i2}`; null for `module`.
export const mod = (ifaces: readonly string[] | null): Type => ({ t: 'module', ifaces });
export const sig = (args: ReadonlyArray<readonly [string, Type]>, ret: Type): FunType =>
  ({ args: args.map(([name, type]) => ({ name, type })), ret });
/// A function-typed argument (`app:x:<b> -> <a>`).
export const fun = (args: ReadonlyArray<readonly [string, Type]>, ret: Type): Type => ({ t: 'fun', ...sig(args, ret) });
