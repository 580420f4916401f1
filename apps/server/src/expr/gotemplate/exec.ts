import { binaryComparisons, builtinFuncs, type TemplateFunc } from './builtins.js';
import { methodOf } from './methods.js';
import { type Arg, argText, type Command, type ControlNode, type Node, type Pipe } from './nodes.js';
import type { TemplateSet } from './parse.js';
import { printed, unraw } from './raw.js';
import { formatValue, isTrue, kindOf, mapEntries, typeName } from './values.js';

/**
 * The executor of Go's text/template: walks a parsed template with a data value as `.` and `$`,
 * with Go's scoping of variables, `range` over slices, maps (sorted keys) and integers,
 * `break`/`continue`, `template`/`block` calls, lazy `and`/`or`, and Go's error wording.
 */

const MAX_DEPTH = 1000;
/**
 * Templates render on the server's thread: a template that would loop for minutes or print
 * gigabytes (`range 1000000000`) stops with an error instead.
 */
const MAX_STEPS = 5_000_000;
const MAX_OUTPUT = 16 * 1024 * 1024;
/** No final (piped) value: distinct from a piped nil. */
const NONE = Symbol('none');
const NO_ARGS: Arg[] = [];
const NO_VARS: Variable[] = [];
type Final = unknown | typeof NONE;

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

/**
 * Turns printed values into output text. A contextual escaper (shell.ts) follows the template's
 * own text to know where a value lands (inside quotes or not) and escapes it for that place.
 */
export interface Printer {
  text(s: string): void;
  value(v: unknown): string;
}

interface Variable {
  name: string;
  value: unknown;
}

class Control {
  constructor(readonly kind: 'break' | 'continue') {}
}

export interface ExecOptions {
  funcs: Record<string, TemplateFunc>;
  /** `missingkey=error`: a missing map key is an error instead of no value. */
  missingKeyError?: boolean;
  printer?: Printer;
}

export class Executor {
  private out = '';
  private steps = 0;
  private vars: Variable[] = [];
  private depth = 0;
  private name = '';

  constructor(
    private readonly set: TemplateSet,
    private readonly opts: ExecOptions,
  ) {}

  run(name: string, data: unknown): string {
    const list = this.set.get(name);
    if (!list) throw new Error(`template: no template "${name}" associated with template "${name}"`);
    this.name = name;
    this.out = '';
    this.steps = 0;
    this.depth = 0;
    this.vars = [{ name: '$', value: data }];
    this.walkList(data, list);
    return this.out;
  }

  /** Drops what the last run held (its output and variables), so the executor can be kept. */
  release(): void {
    this.out = '';
    this.vars = NO_VARS;
  }

  private fail(msg: string, node: { pos: number }, at: string): never {
    throw new ExecError(msg, node.pos, at, this.name);
  }

  private walkList(dot: unknown, list: Node[]): void {
    for (const node of list) this.walk(dot, node);
  }

  private emit(text: string, node: Node): void {
    this.out += text;
    if (this.out.length > MAX_OUTPUT) this.fail(`template output exceeds ${MAX_OUTPUT} characters`, node, '');
  }

  private walk(dot: unknown, node: Node): void {
    if (++this.steps > MAX_STEPS) this.fail(`template exceeds ${MAX_STEPS} steps`, node, '');
    switch (node.t) {
      case 'text':
        this.emit(node.text, node);
        this.opts.printer?.text(node.text);
        return;
      case 'action': {
        const v = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.print(v, node);
        return;
      }
      case 'if':
      case 'with': {
        const mark = this.vars.length;
        const v = this.evalPipeline(dot, node.pipe);
        if (isTrue(v)) this.walkList(node.t === 'with' ? v : dot, node.list);
        else if (node.elseList) this.walkList(dot, node.elseList);
        this.popVars(mark);
        return;
      }
      case 'range':
        this.walkRange(dot, node);
        return;
      case 'template':
        this.walkTemplate(dot, node);
        return;
      case 'break':
      case 'continue':
        throw new Control(node.t);
    }
  }

  /** Ends the variables declared since `mark` (setting an array's length is not free, so only when needed). */
  private popVars(mark: number): void {
    if (this.vars.length !== mark) this.vars.length = mark;
  }

  private print(v: unknown, node: Node): void {
    if (typeof v === 'string' && !this.opts.printer) {
      this.emit(v, node);
      return;
    }
    if (typeof v === 'function') this.fail("can't print value of type func", node, '');
    this.emit(this.opts.printer ? this.opts.printer.value(v) : printed(v), node);
  }

  private walkRange(dot: unknown, node: ControlNode): void {
    const mark = this.vars.length;
    const v = this.evalPipeline(dot, node.pipe, false);
    const decl = node.pipe.decl;
    let count: number;
    let entries: [unknown, unknown][] | undefined;
    switch (kindOf(v)) {
      case 'nil':
        count = 0;
        break;
      case 'slice':
      case 'bytes':
        count = (v as unknown[]).length;
        break;
      case 'map':
        entries = mapEntries(v);
        count = entries.length;
        break;
      case 'int':
        if (decl.length > 1) this.fail(`can't use ${formatValue(v)} to iterate over more than one variable`, node, '');
        // counted, never materialised: `range 1000000000` is stopped by the step budget, not memory
        count = Math.max(0, Number(v));
        break;
      default:
        this.fail(
          `range can't iterate over ${formatValue(v)}`,
          node,
          `{{range ${argText({ t: 'pipe', pipe: node.pipe, pos: 0 }).slice(1, -1)}}}`,
        );
    }
    if (count === 0) {
      if (node.elseList) this.walkList(dot, node.elseList);
      this.popVars(mark);
      return;
    }
    for (let i = 0; i < count; i++) {
      let key: unknown = i;
      let elem: unknown = i;
      if (entries) [key, elem] = entries[i] as [unknown, unknown];
      else if (typeof v === 'object') elem = (v as unknown[])[i];
      if (this.rangeStep(node, mark, key, elem)) break;
    }
    this.popVars(mark);
  }

  /** One iteration of a range body with its variables set; true on `{{break}}`. */
  private rangeStep(node: ControlNode, mark: number, key: unknown, elem: unknown): boolean {
    if (++this.steps > MAX_STEPS) this.fail(`template exceeds ${MAX_STEPS} steps`, node, '');
    const decl = node.pipe.decl;
    this.popVars(mark);
    if (decl.length === 1) this.setOrPush(decl[0] as string, elem, node.pipe.isAssign);
    else if (decl.length === 2) {
      this.setOrPush(decl[0] as string, key, node.pipe.isAssign);
      this.setOrPush(decl[1] as string, elem, node.pipe.isAssign);
    }
    try {
      this.walkList(elem, node.list);
    } catch (err) {
      if (!(err instanceof Control)) throw err;
      return err.kind === 'break';
    }
    return false;
  }

  private walkTemplate(dot: unknown, node: Extract<Node, { t: 'template' }>): void {
    const list = this.set.get(node.name);
    if (!list) this.fail(`template "${node.name}" not defined`, node, `{{template "${node.name}"}}`);
    if (++this.depth > MAX_DEPTH)
      this.fail(`exceeded maximum template depth (${MAX_DEPTH})`, node, `{{template "${node.name}"}}`);
    const value = node.pipe ? this.evalPipeline(dot, node.pipe) : undefined;
    const saved = this.vars;
    const savedName = this.name;
    this.vars = [{ name: '$', value }];
    this.name = node.name;
    try {
      this.walkList(value, list);
    } finally {
      this.vars = saved;
      this.name = savedName;
      this.depth--;
    }
  }

  private setOrPush(name: string, value: unknown, assign: boolean): void {
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
