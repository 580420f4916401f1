// The template engine as it was before expr/gotemplate (a copy kept as the benchmark baseline).
import { ExprError } from '../../../apps/server/src/expr/errors.js';
import { printValue, templateFunctions, truthy } from './template-funcs.js';

/**
 * A Go-template subset for the `{{ .field }}` cases specs use: field paths (`.a.b`, `.`, `$`),
 * literals, parentheses, pipelines (`{{ .x | upper }}`), function calls (template-funcs.ts),
 * `if`/`else if`/`else`, `range` (with `else`), `with`, comments and `{{-`/`-}}` trimming.
 * Variables, `define`/`template`/`block` are refused with a clear message.
 */

type Operand =
  | { kind: 'field'; root: 'dot' | 'dollar'; path: string[] }
  | { kind: 'literal'; value: unknown }
  | { kind: 'fn'; name: string }
  | { kind: 'pipe'; pipe: Pipeline; path: string[] };
type Command = Operand[];
type Pipeline = Command[];
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'print'; pipe: Pipeline }
  | { kind: 'if'; branches: { pipe: Pipeline; body: Node[] }[]; otherwise?: Node[] }
  | { kind: 'range' | 'with'; pipe: Pipeline; body: Node[]; otherwise?: Node[] };

const TOKEN =
  /\s*(?:("(?:[^"\\]|\\.)*")|(`[^`]*`)|(-?\d+(?:\.\d+)?)(?![\w.])|(\$?(?:\.[A-Za-z_][\w-]*)+|\.|\$)|([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)|(\|)|(\()|(\)(?:\.[A-Za-z_][\w-]*)*))/y;

function tokenize(src: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break;
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(src);
    if (!m) throw new Error(`unexpected ${JSON.stringify(src.slice(pos).trim().slice(0, 20))}`);
    out.push(m[0].trim());
    pos = TOKEN.lastIndex;
  }
  return out;
}

function parsePipeline(tokens: string[], at = 0, closing?: string): [Pipeline, number] {
  const pipe: Pipeline = [];
  let cmd: Command = [];
  let i = at;
  for (; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (closing && t.startsWith(closing)) break;
    if (t === '|') {
      if (cmd.length === 0) throw new Error('missing command before |');
      pipe.push(cmd);
      cmd = [];
    } else if (t === '(') {
      const [inner, end] = parsePipeline(tokens, i + 1, ')');
      const close = tokens[end];
      if (!close?.startsWith(')')) throw new Error('unclosed (');
      cmd.push({ kind: 'pipe', pipe: inner, path: close.slice(2).split('.').filter(Boolean) });
      i = end;
    } else if (t.startsWith(')')) throw new Error('unexpected )');
    else cmd.push(operand(t));
  }
  if (cmd.length === 0) throw new Error(pipe.length ? 'missing command after |' : 'empty action');
  pipe.push(cmd);
  return [pipe, i];
}

function operand(t: string): Operand {
  if (t.startsWith('"')) return { kind: 'literal', value: JSON.parse(t) };
  if (t.startsWith('`')) return { kind: 'literal', value: t.slice(1, -1) };
  if (/^-?\d/.test(t)) return { kind: 'literal', value: Number(t) };
  if (t === 'true' || t === 'false') return { kind: 'literal', value: t === 'true' };
  if (t === 'nil') return { kind: 'literal', value: null };
  if (t === '.' || t === '$') return { kind: 'field', root: t === '.' ? 'dot' : 'dollar', path: [] };
  if (t.startsWith('.') || t.startsWith('$.')) {
    const root = t.startsWith('$') ? 'dollar' : 'dot';
    return { kind: 'field', root, path: t.replace(/^\$/, '').slice(1).split('.') };
  }
  if (t.startsWith('$')) throw new Error(`template variables (${t}) are not supported`);
  if (!Object.hasOwn(templateFunctions, t)) {
    throw new Error(`unknown function "${t}" (see docs/canary-compatibility.md for the function library)`);
  }
  return { kind: 'fn', name: t };
}

const UNSUPPORTED = new Set(['define', 'template', 'block', 'break', 'continue']);

function parse(src: string): Node[] {
  const root: Node[] = [];
  const stack: { node: Node | null; body: Node[]; branch?: 'else' }[] = [{ node: null, body: root }];
  const re = /\{\{(-\s)?([\s\S]*?)(\s-)?\}\}/g;
  let last = 0;
  let trimNext = false;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    let text = src.slice(last, m.index);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (m[1]) text = text.replace(/\s+$/, '');
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (text) top.body.push({ kind: 'text', text });
    last = re.lastIndex;
    trimNext = !!m[3];
    const body = (m[2] as string).trim();
    if (body.startsWith('/*')) continue;
    const [word] = body.split(/\s+/, 1) as [string];
    if (UNSUPPORTED.has(word)) throw new Error(`"${word}" is not supported`);
    if (/^\$\w*\s*:?=/.test(body)) throw new Error('template variables are not supported');
    const tokens = () => tokenize(body.slice(word.length));
    if (word === 'if' || word === 'range' || word === 'with') {
      const [pipe] = parsePipeline(tokens());
      const node: Node =
        word === 'if' ? { kind: 'if', branches: [{ pipe, body: [] }] } : { kind: word, pipe, body: [] };
      top.body.push(node);
      stack.push({ node, body: node.kind === 'if' ? (node.branches[0]?.body as Node[]) : node.body });
    } else if (word === 'else') {
      const node = top.node;
      if (!node || node.kind === 'text' || node.kind === 'print' || top.branch === 'else') {
        throw new Error('unexpected {{else}}');
      }
      const rest = body.slice(4).trim();
      if (rest.startsWith('if ') && node.kind === 'if') {
        const [pipe] = parsePipeline(tokenize(rest.slice(3)));
        const branch = { pipe, body: [] as Node[] };
        node.branches.push(branch);
        top.body = branch.body;
      } else {
        if (rest) throw new Error(`unexpected "${rest}" after else`);
        node.otherwise = [];
        top.body = node.otherwise;
        top.branch = 'else';
      }
    } else if (word === 'end') {
      if (stack.length === 1) throw new Error('unexpected {{end}}');
      stack.pop();
    } else {
      top.body.push({ kind: 'print', pipe: parsePipeline(tokenize(body))[0] });
    }
  }
  if (stack.length > 1) throw new Error('missing {{end}}');
  let tail = src.slice(last);
  if (trimNext) tail = tail.replace(/^\s+/, '');
  if (tail) root.push({ kind: 'text', text: tail });
  return root;
}

function lookup(base: unknown, path: string[]): unknown {
  let cur = base;
  for (const key of path) {
    if (cur === undefined || cur === null) return undefined;
    if (cur instanceof Map) cur = cur.get(key);
    else if (typeof cur === 'object') cur = (cur as Record<string, unknown>)[key];
    else throw new Error(`can't evaluate field ${key} in type ${typeof cur}`);
  }
  return cur;
}

function run(pipe: Pipeline, dot: unknown, root: unknown): unknown {
  let prev: unknown;
  pipe.forEach((cmd, n) => {
    const values = cmd.map((op) => {
      if (op.kind === 'literal') return op.value;
      if (op.kind === 'field') return lookup(op.root === 'dot' ? dot : root, op.path);
      if (op.kind === 'pipe') return lookup(run(op.pipe, dot, root), op.path);
      return op;
    });
    const head = values[0] as Operand | unknown;
    const args = n > 0 ? [...values.slice(1), prev] : values.slice(1);
    if (head && typeof head === 'object' && (head as Operand).kind === 'fn') {
      const name = (head as { name: string }).name;
      try {
        prev = (templateFunctions[name] as (...a: unknown[]) => unknown)(...args);
      } catch (err) {
        throw new Error(`error calling ${name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    } else if (values.length > 1 || n > 0) {
      throw new Error(`${printValue(head)} is not a function`);
    } else prev = head;
  });
  return prev;
}

function render(nodes: Node[], dot: unknown, root: unknown): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'print') out += printValue(run(node.pipe, dot, root));
    else if (node.kind === 'if') {
      const hit = node.branches.find((b) => truthy(run(b.pipe, dot, root)));
      if (hit) out += render(hit.body, dot, root);
      else if (node.otherwise) out += render(node.otherwise, dot, root);
    } else if (node.kind === 'with') {
      const v = run(node.pipe, dot, root);
      if (truthy(v)) out += render(node.body, v, root);
      else if (node.otherwise) out += render(node.otherwise, dot, root);
    } else {
      const v = run(node.pipe, dot, root);
      // Like Go, a map ranges over its values in key order.
      const items = Array.isArray(v)
        ? v
        : v && typeof v === 'object'
          ? Object.keys(v)
              .sort()
              .map((k) => (v as Record<string, unknown>)[k])
          : [];
      if (v !== undefined && v !== null && typeof v !== 'object') throw new Error(`range can't iterate over ${v}`);
      if (items.length === 0 && node.otherwise) out += render(node.otherwise, dot, root);
      for (const item of items) out += render(node.body, item, root);
    }
  }
  return out;
}

const cache = new Map<string, Node[]>();

function compile(src: string): Node[] {
  const hit = cache.get(src);
  if (hit) return hit;
  let nodes: Node[];
  try {
    nodes = parse(src);
  } catch (err) {
    throw new ExprError('template', src, err instanceof Error ? err.message : String(err));
  }
  if (cache.size >= 2000) cache.delete(cache.keys().next().value as string);
  cache.set(src, nodes);
  return nodes;
}

/** Checks template syntax without rendering (for validation); throws ExprError. */
export function compileTemplate(src: string): void {
  compile(src);
}

/** Renders a Go-style template with `data` as `.` and `$`; throws ExprError. */
export function renderTemplate(src: string, data: unknown): string {
  const nodes = compile(src);
  try {
    return render(nodes, data, data);
  } catch (err) {
    throw new ExprError('template', src, err instanceof Error ? err.message : String(err));
  }
}
