/// The call stack: one frame per native or user function application being evaluated. Frames
/// are reused objects (no allocation per call); they are rendered into text only when an error
/// is reported, from the depth the error was raised at.
import type { Info } from '../syntax/exp.ts';
import type { Def, Env, Node, Val } from './runtime.ts';

export class Frame {
  /// A native's name, or a function's that names no definition (a lambda); see `name`.
  label = '';
  /// A native application's node (its source span and argument nodes come from it); null in
  /// a function application's frame.
  node: Node | null = null;
  /// The environment a native's argument nodes are shown in.
  env: Env | null = null;
  /// A function application's source span, definition (null for a lambda) and evaluated
  /// arguments. Pushing a definition's frame writes only the first two: its arguments are
  /// recorded if an error unwinds through it (`unwindingArgs`), as nothing else reads them, and
  /// storing them (new objects) into a long-lived frame costs the garbage collector's barrier.
  callInfo: Info | null = null;
  callDef: Def | null = null;
  callArgs: readonly Val[] | null = null;

  get name(): string { return this.node === null && this.callDef !== null ? this.callDef.name : this.label; }
  get info(): Info | null { return this.node !== null ? this.node.info : this.callInfo; }
  /// The module whose code runs in this frame (user functions only).
  get module(): string | null { return this.node !== null || this.callDef === null ? null : this.callDef.module.name; }
  /// The user definition being run, for recursion detection and defcap checks.
  get def(): Def | null { return this.node !== null ? null : this.callDef; }
  /// Evaluated arguments (user functions) or unevaluated argument nodes (natives).
  get argVals(): readonly Val[] | null { return this.node !== null ? null : this.callArgs; }
  get argNodes(): readonly Node[] | null { return this.node !== null ? this.node.args ?? [] : null; }
}

/// A frame pushed only when an error unwinds through its application, at the depth the
/// application was entered at.
interface UnwoundFrame {
  readonly depth: number;
  readonly frame: Frame;
}

export class CallStack {
  private readonly frames: Frame[] = [];
  /// Frames pushed and not popped. An error leaves its frames in place: they are rendered when
  /// the error reaches the top level, and dropped by `reset` where it is caught.
  depth = 0;
  /// Native and lambda applications (see link.ts `nativeNode`) push no frame: a push and a pop
  /// around every `+` or `at` cost about as much as the rest of the application. An error
  /// unwinding through one records its frame here instead, so the rendered stack is the same.
  private unwound: UnwoundFrame[] = [];

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
    f.label = name;
    f.node = node;
    f.env = env;
  }

  /// A user definition's application; its frame is at the depth before the push.
  pushCall(def: Def, info: Info | null): void {
    const f = this.next();
    f.node = null;
    f.callInfo = info;
    f.callDef = def;
  }

  /// An error is unwinding through the user definition's application whose frame is at `depth`:
  /// its arguments, for the report.
  unwindingArgs(depth: number, args: readonly Val[]): void {
    this.frames[depth]!.callArgs = args;
  }

  pop(): void {
    this.depth--;
  }

  /// An error is unwinding through a native application entered at `depth` that pushed no frame.
  unwinding(depth: number, name: string, node: Node, env: Env): void {
    const frame = new Frame();
    frame.label = name;
    frame.node = node;
    frame.env = env;
    this.unwound.push({ depth, frame });
  }

  /// The same for an application of evaluated arguments: a lambda's, or a native's from a partial.
  unwindingCall(depth: number, name: string, info: Info, args: readonly Val[]): void {
    const frame = new Frame();
    frame.label = name;
    frame.callInfo = info;
    frame.callArgs = args;
    this.unwound.push({ depth, frame });
  }

  /// Back to `depth` frames: an error was caught there (or a top-level evaluation ended).
  reset(depth: number): void {
    this.depth = depth;
    if (this.unwound.length > 0) this.unwound = this.unwound.filter((u) => u.depth < depth);
  }

  /// Every frame, innermost first, with the unwound ones in their places (for error reports).
  all(): Frame[] {
    // Unwound frames were recorded innermost first; one entered at depth d sits below the
    // pushed frame d (pushed inside it).
    const out: Frame[] = [];
    let u = this.unwound.length - 1;
    for (let i = 0; i <= this.depth; i++) {
      for (; u >= 0 && this.unwound[u]!.depth === i; u--) out.push(this.unwound[u]!.frame);
      if (i < this.depth) out.push(this.frames[i]!);
    }
    return out.reverse();
  }

  /// Frame `i` counted from the bottom (0 = outermost).
  at(i: number): Frame {
    return this.frames[i]!;
  }

  /// The module of the innermost user function running, if any (asked at every event, table
  /// access and top-level-only native: a loop, no closure).
  innermostModule(): string | null {
    for (let i = this.depth - 1; i >= 0; i--) {
      const m = this.frames[i]!.module;
      if (m !== null) return m;
    }
    return null;
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
