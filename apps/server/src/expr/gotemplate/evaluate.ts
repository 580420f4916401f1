import { binaryComparisons, builtinFuncs, type TemplateFunc } from './builtins.js';
import { methodOf } from './methods.js';
import { type Arg, argText, type Command, type Pipe } from './nodes.js';
import { unraw } from './raw.js';
import { isTrue, kindOf, typeName } from './values.js';

/**
 * Evaluation of Go template pipelines (`.a.b`, `$x`, `fn a b`, `a | fn`, `and`/`or`, comparisons)
 * with Go's variable scoping and Go's error wording. The executor (exec.ts) walks the tree and
 * asks this for each pipeline's value.
 */

/** No final (piped) value: distinct from a piped nil. */
export const NONE = Symbol('none');
const NO_ARGS: Arg[] = [];
export type Final = unknown | typeof NONE;

/** A failure while executing, with the node it happened at (for `executing "t" at <...>`). */
export class ExecError extends Error {
  constructor(
    message: string,
    readonly pos: number,
    readonly at: string,
    readonly template: string,
  ) {
    super(message);
  }
}

export interface Variable {
  name: string;
  value: unknown;
}

/** `{{break}}` or `{{continue}}` unwinding to the innermost range. */
export class Control {
  constructor(readonly kind: 'break' | 'continue') {}
}

/** The functions of a template and how it treats missing keys; the executor adds the printer. */
export interface EvalOptions {
  funcs: Record<string, TemplateFunc>;
  /** `missingkey=error`: a missing map key is an error instead of no value. */
  missingKeyError?: boolean;
}

/** Variables and pipeline evaluation; subclassed by the Executor, which owns the output. */
export abstract class Evaluator {
  protected vars: Variable[] = [];
  protected name = '';

  constructor(protected readonly opts: EvalOptions) {}

  protected fail(msg: string, node: { pos: number }, at: string): never {
    throw new ExecError(msg, node.pos, at, this.name);
  }

  protected setOrPush(name: string, value: unknown, assign: boolean): void {
    if (assign) {
      for (let i = this.vars.length - 1; i >= 0; i--) {
        const v = this.vars[i] as Variable;
        if (v.name === name) {
          v.value = value;
          return;
        }
      }
      throw new Error(`undefined variable: ${name}`);
    }
    this.vars.push({ name, value });
  }

  private variable(name: string, node: Arg): unknown {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i] as Variable;
      if (v.name === name) return v.value;
    }
    return this.fail(`undefined variable: ${name}`, node, name);
  }

  /** A pipeline's value; `declare` false leaves its variables to the caller (range sets them per item). */
  evalPipeline(dot: unknown, pipe: Pipe, declare = true): unknown {
    let value: Final = NONE;
    const cmds = pipe.cmds;
    for (let i = 0; i < cmds.length; i++) value = this.evalCommand(dot, cmds[i] as Command, value);
    if (declare) for (const name of pipe.decl) this.setOrPush(name, value, pipe.isAssign);
    return value === NONE ? undefined : value;
  }

  private evalCommand(dot: unknown, cmd: Command, final: Final): unknown {
    const head = cmd.args[0] as Arg;
    // the arguments after the head, computed once per parsed command
    if (cmd.rest === undefined) cmd.rest = cmd.args.length > 1 ? cmd.args.slice(1) : NO_ARGS;
    const args = cmd.rest;
    switch (head.t) {
      case 'field':
        return this.evalFields(dot, dot, head.names, 0, head, args, final);
      case 'variable': {
        const v = this.variable(head.names[0] as string, head);
        if (head.names.length === 1) {
          this.notAFunction(head, args, final);
          return v;
        }
        return this.evalFields(dot, v, head.names, 1, head, args, final);
      }
      case 'chain': {
        const base = this.evalArg(dot, head.node);
        return this.evalFields(dot, base, head.fields, 0, head, args, final);
      }
      case 'identifier':
        return this.evalFunction(dot, head, args, final, cmd);
      case 'pipe':
        this.notAFunction(head, args, final);
        return this.evalPipeline(dot, head.pipe);
      case 'nil':
        return this.fail('nil is not a command', head, 'nil');
      default:
        this.notAFunction(head, args, final);
        return this.evalArg(dot, head);
    }
  }

  private notAFunction(head: Arg, args: Arg[], final: Final): void {
    if (args.length > 0 || final !== NONE)
      this.fail(`can't give argument to non-function ${argText(head)}`, head, argText(head));
  }

  private evalArg(dot: unknown, arg: Arg): unknown {
    switch (arg.t) {
      case 'dot':
        return dot;
      case 'nil':
        return null;
      case 'bool':
      case 'number':
      case 'string':
        return arg.value;
      case 'field':
        return this.evalFields(dot, dot, arg.names, 0, arg, NO_ARGS, NONE);
      case 'variable': {
        const v = this.variable(arg.names[0] as string, arg);
        return arg.names.length === 1 ? v : this.evalFields(dot, v, arg.names, 1, arg, NO_ARGS, NONE);
      }
      case 'chain':
        return this.evalFields(dot, this.evalArg(dot, arg.node), arg.fields, 0, arg, NO_ARGS, NONE);
      case 'pipe':
        return this.evalPipeline(dot, arg.pipe);
      case 'identifier':
        return this.evalFunction(dot, arg, NO_ARGS, NONE, { args: [arg], pos: arg.pos });
    }
  }

  /** `.a.b.c` (names from `start`) from `receiver`; only the last field gets the command's arguments (a method call). */
  private evalFields(
    dot: unknown,
    receiver: unknown,
    names: string[],
    start: number,
    node: Arg,
    args: Arg[],
    final: Final,
  ): unknown {
    let cur = receiver;
    const last = names.length - 1;
    for (let n = start; n < last; n++) cur = this.evalField(dot, names[n] as string, cur, node, NO_ARGS, NONE);
    return this.evalField(dot, names[last] as string, cur, node, args, final);
  }

  private evalField(dot: unknown, name: string, receiver: unknown, node: Arg, args: Arg[], final: Final): unknown {
    const hasArgs = args.length > 0 || final !== NONE;
    // the common case first: a key of a plain object (JSON data), no arguments
    if (
      !hasArgs &&
      typeof receiver === 'object' &&
      receiver !== null &&
      Object.getPrototypeOf(receiver) === Object.prototype
    ) {
      if (Object.hasOwn(receiver, name)) return (receiver as Record<string, unknown>)[name];
      if (this.opts.missingKeyError) this.fail(`map has no entry for key "${name}"`, node, argText(node));
      return undefined;
    }
    if (receiver === undefined || receiver === null) {
      if (this.opts.missingKeyError) this.fail(`nil data; no entry for key "${name}"`, node, argText(node));
      return undefined;
    }
    const method = methodOf(receiver, name);
    if (method) return this.callFunc(dot, method, name, node, args, final);
    if (kindOf(receiver) === 'map') {
      let value: unknown;
      let found: boolean;
      if (receiver instanceof Map) {
        found = receiver.has(name);
        value = receiver.get(name);
      } else {
        found = Object.hasOwn(receiver as object, name);
        value = found ? (receiver as Record<string, unknown>)[name] : undefined;
      }
      // like a func-typed map value in Go: a value to `call`, not a method
      if (hasArgs) this.fail(`${name} is not a method but has arguments`, node, argText(node));
      if (!found && this.opts.missingKeyError) this.fail(`map has no entry for key "${name}"`, node, argText(node));
      return value;
    }
    return this.fail(`can't evaluate field ${name} in type ${typeName(receiver)}`, node, argText(node));
  }

  private evalFunction(
    dot: unknown,
    node: Extract<Arg, { t: 'identifier' }>,
    args: Arg[],
    final: Final,
    cmd: Command,
  ): unknown {
    const name = node.name;
    if (name === 'and' || name === 'or') return this.evalLogic(dot, node, args, final);
    // a parse tree belongs to one template, whose functions never change
    const fn = node.fn ?? this.opts.funcs[name] ?? builtinFuncs[name];
    if (!fn) return this.fail(`"${name}" is not a defined function`, node, name);
    if (node.fn === undefined) {
      node.fn = fn;
      node.binary = fn === builtinFuncs[name] ? (binaryComparisons[name] ?? null) : null;
    }
    if (node.binary && args.length + (final === NONE ? 0 : 1) === 2) return this.compare(dot, node, args, final, cmd);
    return this.callFunc(dot, fn, name, cmd, args, final);
  }

  /** `eq a b` and the other comparisons of two operands, with the same errors as through callFunc. */
  private compare(
    dot: unknown,
    node: Extract<Arg, { t: 'identifier' }>,
    args: Arg[],
    final: Final,
    cmd: Command,
  ): unknown {
    const a = unraw(this.evalArg(dot, args[0] as Arg));
    const b = unraw(args.length === 2 ? this.evalArg(dot, args[1] as Arg) : final);
    try {
      return (node.binary as (a: unknown, b: unknown) => boolean)(a, b);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      return this.fail(`error calling ${node.name}: ${msg}`, cmd, cmd.args.map(argText).join(' '));
    }
  }

  /** and/or: operands evaluated left to right, stopping at the first that decides; answers that operand. */
  private evalLogic(dot: unknown, node: Extract<Arg, { t: 'identifier' }>, args: Arg[], final: Final): unknown {
    const count = args.length + (final === NONE ? 0 : 1);
    if (count < 1) this.fail(`wrong number of args for ${node.name}: want at least 1 got 0`, node, node.name);
    let v: unknown;
    for (let i = 0; i < count; i++) {
      v = i < args.length ? this.evalArg(dot, args[i] as Arg) : final;
      if (isTrue(v) === (node.name === 'or')) return v;
    }
    return v;
  }

  private callFunc(
    dot: unknown,
    fn: TemplateFunc,
    name: string,
    node: Arg | Command,
    args: Arg[],
    final: Final,
  ): unknown {
    // functions see the text of a raw value; only printing tells raw from escaped
    const count = args.length + (final === NONE ? 0 : 1);
    // one or two operands (`| upper`, `default "x"`) are passed without building a list
    const a0 = count > 0 && count <= 2 ? unraw(args.length > 0 ? this.evalArg(dot, args[0] as Arg) : final) : undefined;
    const a1 = count === 2 ? unraw(args.length > 1 ? this.evalArg(dot, args[1] as Arg) : final) : undefined;
    let argv: unknown[] | undefined;
    if (count > 2) {
      argv = new Array(count);
      for (let i = 0; i < args.length; i++) argv[i] = unraw(this.evalArg(dot, args[i] as Arg));
      if (final !== NONE) argv[args.length] = unraw(final);
    }
    try {
      if (count === 0) return fn();
      if (count === 1) return fn(a0);
      if (count === 2) return fn(a0, a1);
      return fn.apply(undefined, argv as unknown[]);
    } catch (err) {
      if (err instanceof ExecError || err instanceof Control) throw err;
      const msg = err instanceof Error ? err.message : String(err);
      const at = 'args' in node ? node.args.map(argText).join(' ') : argText(node);
      return this.fail(`error calling ${name}: ${msg}`, node, at);
    }
  }
}
