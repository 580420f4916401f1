import { type Delims, LexError, lex, type Token } from './lex.js';
import { parseNumber, unquoteChar, unquoteString } from './literals.js';
import type { Arg, Command, Node, Pipe } from './nodes.js';

/**
 * The parser of Go's text/template: builds the tree of each template of the source (the main
 * one and those of `define`/`block`), checking at parse time what Go checks then: function
 * names, declared variables, `break`/`continue` inside `range`, balanced `end`s.
 */

export class ParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** The parsed templates of one source: the main one under `name`, and every `define`/`block`. */
export type TemplateSet = Map<string, Node[]>;

type Stop = 'end' | 'else';

class Parser {
  private i = 0;
  private vars: string[] = ['$'];
  private rangeDepth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly hasFunc: (name: string) => boolean,
    readonly set: TemplateSet,
  ) {}

  private fail(msg: string, tok: Token = this.tokens[Math.max(0, this.i - 1)] as Token): never {
    throw new ParseError(msg, tok.line);
  }
  private next(): Token {
    return this.tokens[this.i++] ?? (this.tokens[this.tokens.length - 1] as Token);
  }
  private peek(): Token {
    return this.tokens[this.i] ?? (this.tokens[this.tokens.length - 1] as Token);
  }
  private nextNonSpace(): Token {
    let t = this.next();
    while (t.kind === 'space') t = this.next();
    return t;
  }
  private peekNonSpace(): Token {
    const save = this.i;
    const t = this.nextNonSpace();
    this.i = save;
    return t;
  }
  private unexpected(t: Token, context: string): never {
    const shown = t.kind === 'eof' ? 'EOF' : t.kind === 'keyword' ? `<${t.text}>` : JSON.stringify(t.text);
    this.fail(t.kind === 'eof' ? 'unexpected EOF' : `unexpected ${shown} in ${context}`, t);
  }

  /** The main template: text, actions and top-level `define`s. */
  parseMain(): Node[] {
    const list: Node[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'eof') break;
      if (t.kind === 'leftDelim') {
        const save = this.i;
        this.next();
        const k = this.nextNonSpace();
        if (k.kind === 'keyword' && k.text === 'define') {
          this.parseDefinition(k);
          continue;
        }
        this.i = save;
      }
      const [node, stop] = this.textOrAction();
      if (stop) this.fail(`unexpected {{${stop}}}`, this.tokens[this.i - 1]);
      if (node) list.push(node);
    }
    return list;
  }

  private parseDefinition(at: Token): void {
    const nameTok = this.nextNonSpace();
    if (nameTok.kind !== 'string' && nameTok.kind !== 'rawString') this.unexpected(nameTok, 'define clause');
    const name = nameTok.kind === 'string' ? unquoteString(nameTok.text) : nameTok.text.slice(1, -1);
    this.expect('rightDelim', 'define clause');
    const saved = this.vars;
    this.vars = ['$'];
    const [list, stop] = this.itemList(at);
    if (stop !== 'end') this.fail('unexpected {{else}} in define', at);
    this.vars = saved;
    this.define(name, list);
  }

  private define(name: string, list: Node[]): void {
    // like Go, an empty definition does not replace a non-empty one
    const existing = this.set.get(name);
    const empty = list.every((n) => n.t === 'text' && n.text.trim() === '');
    if (existing && empty && existing.length) return;
    this.set.set(name, list);
  }

  private expect(kind: Token['kind'], context: string): Token {
    const t = this.nextNonSpace();
    if (t.kind !== kind) this.unexpected(t, context);
    return t;
  }

  /** Nodes up to the `{{end}}` or `{{else}}` that closes them (answered as the stop). */
  private itemList(open: Token): [Node[], Stop] {
    const list: Node[] = [];
    for (;;) {
      if (this.peek().kind === 'eof') this.fail('unexpected EOF', open);
      const [node, stop] = this.textOrAction();
      if (stop) return [list, stop];
      if (node) list.push(node);
    }
  }

  private textOrAction(): [Node | undefined, Stop | undefined] {
    const t = this.next();
    if (t.kind === 'text') return [{ t: 'text', text: t.text, pos: t.pos }, undefined];
    if (t.kind === 'leftDelim') return this.action(t);
    return this.unexpected(t, 'input');
  }

  private action(open: Token): [Node | undefined, Stop | undefined] {
    const t = this.nextNonSpace();
    if (t.kind === 'comment') return [undefined, undefined];
    if (t.kind === 'keyword') {
      switch (t.text) {
        case 'end':
          this.expect('rightDelim', 'end');
          return [undefined, 'end'];
        case 'else':
          return [undefined, 'else'];
        case 'if':
        case 'with':
        case 'range':
          return [this.control(t.text, t), undefined];
        case 'template':
        case 'block':
          return [this.templateControl(t.text, t), undefined];
        case 'break':
        case 'continue':
          if (this.rangeDepth === 0) this.fail(`{{${t.text}}} outside {{range}}`, t);
          this.expect('rightDelim', t.text);
          return [{ t: t.text, pos: t.pos }, undefined];
      }
    }
    this.i--;
    const pipe = this.pipeline('command', 'rightDelim');
    return [{ t: 'action', pipe, pos: open.pos }, undefined];
  }

  private control(kind: 'if' | 'with' | 'range', at: Token): Node {
    const mark = this.vars.length;
    const pipe = this.pipeline(kind, 'rightDelim');
    if (kind === 'range') this.rangeDepth++;
    const [list, stop] = this.itemList(at);
    if (kind === 'range') this.rangeDepth--;
    let elseList: Node[] | undefined;
    if (stop === 'else') {
      const next = this.peekNonSpace();
      // `{{else if ...}}` / `{{else with ...}}` chain: a nested node that shares our {{end}}
      if ((kind === 'if' || kind === 'with') && next.kind === 'keyword' && next.text === kind) {
        const kw = this.nextNonSpace();
        elseList = [this.control(kind, kw)];
        this.vars.length = mark;
        return { t: kind, pipe, list, elseList, pos: at.pos };
      }
      this.expect('rightDelim', 'else');
      let elseStop: Stop;
      [elseList, elseStop] = this.itemList(at);
      if (elseStop === 'else') this.fail('expected end; found {{else}}', at);
    }
    this.vars.length = mark;
    return { t: kind, pipe, list, elseList, pos: at.pos };
  }

  private templateControl(kind: 'template' | 'block', at: Token): Node {
    const nameTok = this.nextNonSpace();
    if (nameTok.kind !== 'string' && nameTok.kind !== 'rawString') this.unexpected(nameTok, `${kind} clause`);
    const name = nameTok.kind === 'string' ? unquoteString(nameTok.text) : nameTok.text.slice(1, -1);
    let pipe: Pipe | undefined;
    if (this.peekNonSpace().kind !== 'rightDelim') pipe = this.pipeline(kind, 'rightDelim');
    else this.nextNonSpace();
    if (kind === 'block') {
      const saved = this.vars;
      this.vars = ['$'];
      const [list, stop] = this.itemList(at);
      if (stop !== 'end') this.fail('unexpected {{else}} in block clause', at);
      this.vars = saved;
      this.define(name, list);
    }
    return { t: 'template', name, pipe, pos: at.pos };
  }

  /** A pipeline up to `end` (rightDelim or rightParen), with its declarations. */
  private pipeline(context: string, end: 'rightDelim' | 'rightParen'): Pipe {
    const start = this.peekNonSpace();
    const pipe: Pipe = { decl: [], isAssign: false, cmds: [], pos: start.pos };
    // declarations: `$x :=`, `$x =`, and in range `$i, $v :=`
    const save = this.i;
    const v = this.nextNonSpace();
    if (v.kind === 'variable') {
      const op = this.nextNonSpace();
      if (op.kind === 'declare' || op.kind === 'assign') {
        pipe.decl.push(v.text);
        pipe.isAssign = op.kind === 'assign';
      } else if (op.kind === 'comma' && context === 'range') {
        const v2 = this.nextNonSpace();
        const op2 = this.nextNonSpace();
        if (v2.kind !== 'variable' || (op2.kind !== 'declare' && op2.kind !== 'assign'))
          this.fail('range can only initialize variables', v2);
        pipe.decl.push(v.text, v2.text);
        pipe.isAssign = op2.kind === 'assign';
      } else if (op.kind === 'comma') {
        this.fail(`too many declarations in ${context}`, op);
      } else this.i = save;
    } else this.i = save;
    for (const name of pipe.decl) {
      if (pipe.isAssign) {
        if (!this.vars.includes(name)) this.fail(`undefined variable "${name}"`, v);
      } else this.vars.push(name);
    }
    for (;;) {
      const t = this.peekNonSpace();
      if (t.kind === end) {
        this.nextNonSpace();
        if (pipe.cmds.length === 0) this.fail(`missing value for ${context}`, t);
        pipe.cmds.forEach((c, n) => {
          if (n > 0) {
            const head = c.args[0] as Arg;
            if (head.t === 'bool' || head.t === 'nil' || head.t === 'number' || head.t === 'string' || head.t === 'dot')
              this.fail(`non executable command in pipeline stage ${n + 1}`, t);
          }
        });
        return pipe;
      }
      if (t.kind === 'eof' || t.kind === 'rightDelim' || t.kind === 'rightParen') this.unexpected(t, context);
      if (t.kind === 'pipe' && pipe.cmds.length === 0) this.unexpected(t, 'command');
      pipe.cmds.push(this.command(end));
    }
  }

  private command(end: 'rightDelim' | 'rightParen'): Command {
    const cmd: Command = { args: [], pos: this.peekNonSpace().pos };
    for (;;) {
      const t = this.peekNonSpace();
      if (t.kind === end || t.kind === 'pipe' || t.kind === 'rightDelim' || t.kind === 'rightParen') {
        if (cmd.args.length === 0) this.fail('empty command', t);
        if (t.kind === 'pipe') this.nextNonSpace();
        return cmd;
      }
      if (t.kind === 'eof') this.unexpected(t, 'operand');
      this.nextNonSpace();
      const arg = this.operand(t);
      cmd.args.push(arg);
      const after = this.peek();
      if (after.kind !== 'space' && after.kind !== end && after.kind !== 'pipe' && after.kind !== 'rightParen')
        this.unexpected(after, 'operand');
    }
  }

  private operand(t: Token): Arg {
    const fields: string[] = [];
    const term = t.kind === 'identifier' ? this.functionTerm(t, fields) : this.term(t);
    if (this.peek().kind !== 'field' && fields.length === 0) return term;
    while (this.peek().kind === 'field') fields.push(this.next().text.slice(1));
    if (term.t === 'field') return { ...term, names: [...term.names, ...fields] };
    if (term.t === 'variable') return { ...term, names: [...term.names, ...fields] };
    if (term.t === 'bool' || term.t === 'string' || term.t === 'number' || term.t === 'nil' || term.t === 'dot')
      this.fail(`unexpected . after term ${JSON.stringify(t.text)}`, t);
    return { t: 'chain', node: term, fields, pos: t.pos };
  }

  /**
   * A function name, possibly followed by fields in the same word: the lexer keeps
   * `strings.ToUpper` whole (gomplate's namespaces), so `last_result.results.rows` is split at
   * the longest name that is a function and the rest are fields of its result, as Go reads
   * `fn.Field` (a chain on the function's value).
   */
  private functionTerm(t: Token, fields: string[]): Arg {
    if (this.hasFunc(t.text) || !t.text.includes('.')) return this.term(t);
    const parts = t.text.split('.');
    for (let n = parts.length - 1; n > 0; n--) {
      const name = parts.slice(0, n).join('.');
      if (this.hasFunc(name)) {
        fields.push(...parts.slice(n));
        return { t: 'identifier', name, pos: t.pos };
      }
    }
    return this.term(t);
  }

  private term(t: Token): Arg {
    switch (t.kind) {
      case 'identifier':
        if (!this.hasFunc(t.text)) this.fail(`function "${t.text}" not defined`, t);
        return { t: 'identifier', name: t.text, pos: t.pos };
      case 'dot':
        return { t: 'dot', pos: t.pos };
      case 'nil':
        return { t: 'nil', pos: t.pos };
      case 'variable':
        if (!this.vars.includes(t.text)) this.fail(`undefined variable "${t.text}"`, t);
        return { t: 'variable', names: [t.text], pos: t.pos };
      case 'field':
        return { t: 'field', names: [t.text.slice(1)], pos: t.pos };
      case 'bool':
        return { t: 'bool', value: t.text === 'true', pos: t.pos };
      case 'char': {
        const value = unquoteChar(t.text);
        if (value === undefined) this.fail(`malformed character constant: ${t.text}`, t);
        return { t: 'number', value, isInt: true, text: t.text, pos: t.pos };
      }
      case 'number': {
        const n = parseNumber(t.text);
        if (typeof n === 'string') this.fail(n, t);
        return { t: 'number', ...n, text: t.text, pos: t.pos };
      }
      case 'string':
      case 'rawString': {
        let value: string;
        try {
          value = t.kind === 'string' ? unquoteString(t.text) : t.text.slice(1, -1).replaceAll('\r', '');
        } catch {
          this.fail(`invalid syntax: ${t.text}`, t);
        }
        return { t: 'string', value, text: t.text, pos: t.pos };
      }
      case 'leftParen': {
        const pipe = this.pipeline('parenthesized pipeline', 'rightParen');
        return { t: 'pipe', pipe, pos: t.pos };
      }
      default:
        return this.unexpected(t, 'operand');
    }
  }
}

/** Parses `src` into its set of templates; throws ParseError (Go's wording, with the line). */
export function parseTemplate(
  name: string,
  src: string,
  hasFunc: (name: string) => boolean,
  delims: Delims = {},
): TemplateSet {
  let tokens: Token[];
  try {
    tokens = lex(src, delims);
  } catch (err) {
    if (err instanceof LexError) throw new ParseError(err.message, err.line);
    throw err;
  }
  const set: TemplateSet = new Map();
  const parser = new Parser(tokens, hasFunc, set);
  const main = parser.parseMain();
  // the main template's own text wins over a define of the same name only when it is not empty
  if (!set.has(name) || main.some((n) => n.t !== 'text' || n.text.trim() !== '')) set.set(name, main);
  return set;
}
