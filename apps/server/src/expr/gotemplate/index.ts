import type { TemplateFunc } from './builtins.js';
import { ExecError, type ExecOptions, Executor, type Printer } from './exec.js';
import type { Delims } from './lex.js';
import { lineAt } from './lex.js';
import type { Arg, Node } from './nodes.js';
import { ParseError, parseTemplate, type TemplateSet } from './parse.js';
import { printed } from './raw.js';

/**
 * Go's text/template: `GoTemplate.parse(src, options)` then `execute(data)`. Errors read as Go
 * writes them: `template: name:3: unexpected EOF` when parsing, `template: name:1:7: executing
 * "name" at <.a.b>: ...` when executing.
 */

export { builtinFuncs, type TemplateFunc } from './builtins.js';
export type { Printer } from './exec.js';
export type { Delims } from './lex.js';
export { printed, Raw } from './raw.js';

export interface TemplateOptions {
  /** The template's name in messages (Go's `template.New(name)`). */
  name?: string;
  /** Functions beyond Go's predefined ones (Go's `Funcs`). */
  funcs?: Record<string, TemplateFunc>;
  delims?: Delims;
  /** `missingkey=error`. */
  missingKeyError?: boolean;
  /**
   * Honour a `# gotemplate: left-delim=... right-delim=...` line: the text up to and including
   * it is kept as is, the rest is parsed with those delimiters.
   */
  header?: boolean;
}

/** A template error, with the position and Go's message. */
export class TemplateError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'TemplateError';
  }
}

const HEADER = /^[ \t]*#[ \t]*gotemplate:(.*)$/m;

/** The literal text through the header line, when the source has a header with delimiters. */
function headerPrefix(src: string): string {
  const m = HEADER.exec(src);
  if (!m || !headerDelims(src)) return '';
  const end = src.indexOf('\n', m.index);
  return end < 0 ? src : src.slice(0, end + 1);
}

/**
 * The delimiters a `# gotemplate: left-delim=$[[ right-delim=]]` line asks for (scripts use it
 * so that `{{` of the script's own language stays text); none when there is no such line.
 */
export function headerDelims(src: string): Delims | undefined {
  const m = HEADER.exec(src);
  if (!m) return undefined;
  const delims: Delims = {};
  for (const [, key, value] of (m[1] as string).matchAll(/(left-delim|right-delim)=(\S+)/g)) {
    if (key === 'left-delim') delims.left = value;
    else delims.right = value;
  }
  return delims.left || delims.right ? delims : undefined;
}

export class GoTemplate {
  private constructor(
    readonly name: string,
    private readonly src: string,
    private readonly set: TemplateSet,
    opts: TemplateOptions,
    private readonly prefix = '',
  ) {
    this.execOptions = { funcs: opts.funcs ?? {}, missingKeyError: opts.missingKeyError };
    const main = set.get(name) ?? [];
    if (set.size === 1 && main.every((n) => n.t === 'text')) this.plainText = prefix + main.map(textOf).join('');
    this.fieldPath = opts.missingKeyError ? undefined : soleFieldPath(main);
  }

  private readonly execOptions: ExecOptions;
  /** The output when the template has no actions. */
  private readonly plainText?: string;
  /** `.a.b` when the template is that one action alone (read without an executor). */
  private readonly fieldPath?: string[];
  /** An executor free for the next render (one allocation less per render of a hot template). */
  private idle?: Executor;

  static parse(source: string, opts: TemplateOptions = {}): GoTemplate {
    const name = opts.name ?? 'template';
    const funcs = opts.funcs ?? {};
    const known = (n: string) => Object.hasOwn(funcs, n) || Object.hasOwn(BUILTIN_NAMES, n);
    const prefix = opts.header ? headerPrefix(source) : '';
    const src = source.slice(prefix.length);
    const delims = prefix ? headerDelims(prefix) : opts.delims;
    try {
      return new GoTemplate(name, src, parseTemplate(name, src, known, delims), opts, prefix);
    } catch (err) {
      if (err instanceof ParseError) throw new TemplateError(`template: ${name}:${err.line}: ${err.message}`, err.line);
      throw err;
    }
  }

  /** Names of the templates this source defines (the main one and every define/block). */
  templates(): string[] {
    return [...this.set.keys()];
  }

  execute(data: unknown, opts: { printer?: Printer; template?: string } = NO_OPTIONS): string {
    if (opts === NO_OPTIONS) {
      if (this.plainText !== undefined) return this.plainText;
      if (this.fieldPath) {
        const v = plainLookup(data, this.fieldPath);
        if (v !== NOT_PLAIN) return this.prefix + printed(v);
      }
    }
    // the executor of the last plain render is reused; a render inside a render makes its own
    const reuse = !opts.printer ? this.idle : undefined;
    this.idle = undefined;
    const exec =
      reuse ?? new Executor(this.set, opts.printer ? { ...this.execOptions, printer: opts.printer } : this.execOptions);
    try {
      if (this.prefix) opts.printer?.text(this.prefix);
      return this.prefix + exec.run(opts.template ?? this.name, data);
    } catch (err) {
      if (err instanceof ExecError) {
        const line = lineAt(this.src, err.pos);
        const col = err.pos - (this.src.lastIndexOf('\n', err.pos - 1) + 1);
        const at = err.at ? ` at <${err.at}>` : '';
        throw new TemplateError(
          `template: ${err.template}:${line}:${col}: executing "${err.template}"${at}: ${err.message}`,
          line,
        );
      }
      if (err instanceof RangeError) throw new TemplateError(`template: ${this.name}: ${err.message}`, 0);
      throw err;
    } finally {
      // nothing of this render stays reachable from the cached template
      exec.release();
      if (!opts.printer) this.idle = exec;
    }
  }
}

const NO_OPTIONS: { printer?: Printer; template?: string } = {};

function textOf(n: Node): string {
  return n.t === 'text' ? n.text : '';
}

/** The field names of a template that is one `{{ .a.b }}` action and nothing else. */
function soleFieldPath(list: Node[]): string[] | undefined {
  if (list.length !== 1) return undefined;
  const node = list[0] as Node;
  if (node.t !== 'action' || node.pipe.decl.length > 0 || node.pipe.cmds.length !== 1) return undefined;
  const args = (node.pipe.cmds[0] as { args: Arg[] }).args;
  const head = args[0] as Arg;
  return args.length === 1 && head.t === 'field' ? head.names : undefined;
}

const NOT_PLAIN = Symbol('not plain');

/**
 * `.a.b` through plain objects (JSON data), as the executor reads them: a missing key or a nil
 * on the way is no value. Anything else (methods of times and durations, Maps, errors) is left
 * to the executor.
 */
function plainLookup(data: unknown, names: string[]): unknown {
  let cur = data;
  for (let i = 0; i < names.length; i++) {
    if (cur === undefined || cur === null) return undefined;
    if (typeof cur !== 'object' || Object.getPrototypeOf(cur) !== Object.prototype) return NOT_PLAIN;
    // what a plain object inherits is functions and __proto__: any other value is its own key
    const v = (cur as Record<string, unknown>)[names[i] as string];
    if (typeof v === 'function' || names[i] === '__proto__') return NOT_PLAIN;
    cur = v;
  }
  return cur;
}

const BUILTIN_NAMES: Record<string, true> = Object.fromEntries(
  ['and', 'or', 'call', 'html', 'js', 'urlquery', 'index', 'slice', 'len', 'not', 'print', 'printf', 'println']
    .concat(['eq', 'ne', 'lt', 'le', 'gt', 'ge'])
    .map((n) => [n, true]),
);
