/// The evaluator's side of Tab completion (completion.ts): the names and schemas a session has
/// loaded, gathered from its context when the terminal asks.
import type { Ctx } from '../lang/context.ts';
import { SchemaRef, TableRef } from '../lang/runtime.ts';
import type { ModuleData, Val } from '../lang/runtime.ts';
import type { Type } from '../values/type.ts';
import { compareCodePoints } from '../values/text.ts';
import type { CompletionScope } from './completion.ts';

const MODULES = 'SYS_modules';

/// Pact's candidates (`completeFn`): the natives, the REPL's natives and the names in scope, each
/// loaded module's and interface's name (without its namespace, as Pact offers it) and each
/// module's members as `module.member` (with it). Then, for field completion, the tables and
/// schemas by every name that reaches them.
export function completionScope(ctx: Ctx): CompletionScope {
  const names = new Set([...ctx.natives.keys(), ...ctx.replNatives.keys(), ...ctx.scope.keys()]);
  const tables: Array<[string, string[]]> = [];
  const schemas: Array<[string, string[]]> = [];
  const note = (name: string, v: Val): void => {
    const fields = v instanceof TableRef ? schemaFields(v.type) : v instanceof SchemaRef ? schemaFields(v.type) : null;
    if (fields !== null) (v instanceof TableRef ? tables : schemas).push([name, fields]);
  };
  for (const key of ctx.db.keys(MODULES)) {
    const m = ctx.db.read(MODULES, key) as ModuleData;
    names.add(m.name.slice(m.name.lastIndexOf('.') + 1));
    for (const [member, v] of m.members) {
      if (!m.isInterface) names.add(`${m.name}.${member}`);
      note(`${m.name}.${member}`, v);
    }
  }
  for (const [name, v] of ctx.scope) note(name, v);
  return { names: [...names].sort(compareCodePoints), tables, schemas };
}

function schemaFields(type: Type): string[] | null {
  return type.t === 'user' ? type.schema.fields.map((f) => f.name) : null;
}
