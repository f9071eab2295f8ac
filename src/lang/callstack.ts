/// The call stack: one frame per native or user function application being evaluated. Frames
/// are reused objects (no allocation per call); they are rendered into text only when an error
/// is reported, from the depth the error was raised at.
import type { Info } from '../syntax/exp.ts';
import type { Def, Env, Node, Val } from './runtime.ts';

export class Frame {
  name = '';
  info: Info | null = null;
  /// The module whose code runs in this frame (user functions only).
  module: string | null = null;
  /// The user definition being run, for recursion detection and defcap checks.
  def: Def | null = null;
  /// Evaluated arguments (user functions) or unevaluated argument nodes (natives).
  argVals: readonly Val[] | null = null;
  argNodes: readonly Node[] | null = null;
  env: Env | null = null;
}

export class CallStack {
  private readonly frames: Frame[] = [];
  depth = 0;

  private next(): Frame {
    let f = this.frames[this.depth];
    if (f === undefined) {
      f = new Frame();
      this.frames.push(f);
    }
    this.depth++;
    return f;
  }

  /// A native application; its arguments are shown unevaluated.
  pushNative(name: string, node: Node, env: Env): void {
    const f = this.next();
    f.name = name;
    f.info = node.info;
    f.module = null;
    f.def = null;
    f.argVals = null;
    f.argNodes = node.args ?? [];
    f.env = env;
  }

  /// A function application with evaluated arguments.
  pushCall(name: string, info: Info | null, module: string | null, def: Def | null, args: readonly Val[]): void {
    const f = this.next();
    f.name = name;
    f.info = info;
    f.module = module;
    f.def = def;
    f.argVals = args;
    f.argNodes = null;
    f.env = null;
  }

  pop(): void {
    this.depth--;
  }

  /// Frame `i` counted from the bottom (0 = outermost).
  at(i: number): Frame {
    return this.frames[i]!;
  }

  /// The innermost frame satisfying `test`, or undefined.
  findInnermost(test: (f: Frame) => boolean): Frame | undefined {
    for (let i = this.depth - 1; i >= 0; i--) {
      const f = this.frames[i]!;
      if (test(f)) return f;
    }
    return undefined;
  }
}
