import { Control, type EvalOptions, Evaluator, type Variable } from './evaluate.js';
import { argText, type ControlNode, type Node } from './nodes.js';
import type { TemplateSet } from './parse.js';
import { printed } from './raw.js';
import { formatValue, isTrue, kindOf, mapEntries } from './values.js';

export { ExecError } from './evaluate.js';

/**
 * The executor of Go's text/template: walks a parsed template with a data value as `.` and `$`,
 * with Go's scoping of variables, `range` over slices, maps (sorted keys) and integers,
 * `break`/`continue`, `template`/`block` calls, lazy `and`/`or`, and Go's error wording.
 * Pipelines are evaluated by its base class (evaluate.ts).
 */

const MAX_DEPTH = 1000;
/**
 * Templates render on the server's thread: a template that would loop for minutes or print
 * gigabytes (`range 1000000000`) stops with an error instead.
 */
const MAX_STEPS = 5_000_000;
const MAX_OUTPUT = 16 * 1024 * 1024;
const NO_VARS: Variable[] = [];

/**
 * Turns printed values into output text. A contextual escaper (shell.ts) follows the template's
 * own text to know where a value lands (inside quotes or not) and escapes it for that place.
 */
export interface Printer {
  text(s: string): void;
  value(v: unknown): string;
}

export interface ExecOptions extends EvalOptions {
  printer?: Printer;
}

export class Executor extends Evaluator {
  private out = '';
  private steps = 0;
  private depth = 0;

  constructor(
    private readonly set: TemplateSet,
    protected override readonly opts: ExecOptions,
  ) {
    super(opts);
  }

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
}
