/**
 * cel-go's syntax the engine's parser lacks, rewritten into plain calls before parsing:
 * optional selection `x.?f` and indexing `x[?k]` (later `.f`/`[k]` of the same chain stay
 * optional, as in cel-go) become `__opt.select(x, "f")`; optional list elements `[a, ?b]` and map
 * entries `{?k: v}` become `__opt.list`/`__opt.map`; the `sortBy(e, key)` macro becomes
 * `__lists.sortByPairs(list.map(e, [e, key]))`. Text without these passes through unchanged.
 */

const TOKEN =
  /\s+|\/\/[^\n]*|(?:[rR][bB]?|[bB][rR]?)?(?:"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|0[xX][0-9a-fA-F]+[uU]?|(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?[uU]?|[_a-zA-Z][_a-zA-Z0-9]*|==|!=|<=|>=|&&|\|\||[-+*/%!<>?:.,()[\]{}]/y;

function tokenize(src: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(src);
    if (!m) return out.concat(src.slice(at)); // the parser reports what it cannot read
    if (!/^\s|^\/\//.test(m[0])) out.push(m[0]);
  }
  return out;
}

const IDENT = /^[_a-zA-Z]/;
const KEYWORDS = new Set(['in']);
const isOperandToken = (t: string) =>
  (IDENT.test(t) && !KEYWORDS.has(t)) || /^[0-9."'rRbB]/.test(t) || t === ')' || t === ']' || t === '}';

type Role = 'root' | 'group' | 'call' | 'index' | 'optindex' | 'list' | 'map' | 'struct' | 'sortBy';

interface Frame {
  role: Role;
  /** Where this frame's own tokens start in `out`. */
  start: number;
  /** Where the postfix chain this frame's bracket belongs to starts (index, call, sortBy). */
  outerChain: number;
  /** Where the current postfix chain inside this frame starts, and whether it went optional. */
  chain: number;
  optional: boolean;
  /** Element numbers (list) or entry numbers (map) marked `?`. */
  marked: Set<number>;
  commas: number;
  /** A method call ends an optional chain (`x.?a.orValue(1).b` selects b plainly). */
  method: boolean;
}

/** True when `src` may use syntax this module rewrites (cheap pre-check). */
export function needsRewrite(src: string): boolean {
  return /[.[{,]\s*\?|\bsortBy\s*\(/.test(src);
}

function splitTop(tokens: string[], sep: string): string[][] {
  const parts: string[][] = [[]];
  for (const t of tokens)
    if (t === sep) parts.push([]);
    else (parts[parts.length - 1] as string[]).push(t);
  return parts;
}

/** A map entry's key and value: the first `:` that does not close a `?` of a conditional. */
function splitEntry(tokens: string[]): [string, string] {
  let pending = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === '?') pending++;
    else if (tokens[i] === ':' && pending-- === 0) return [tokens.slice(0, i).join(' '), tokens.slice(i + 1).join(' ')];
  }
  return [tokens.join(' '), ''];
}

/** Rewrites cel-go's optional syntax and `sortBy` into calls the engine parses (see above). */
export function rewriteOptionalSyntax(src: string): string {
  if (!needsRewrite(src)) return src;
  const tokens = tokenize(src);
  const out: string[] = [];
  const frame = (role: Role, outerChain: number): Frame => ({
    role,
    start: out.length,
    outerChain,
    chain: out.length,
    optional: false,
    marked: new Set(),
    commas: 0,
    method: false,
  });
  const stack: Frame[] = [frame('root', 0)];
  const top = () => stack[stack.length - 1] as Frame;
  let prevEnd = false;
  /** After a member `.`: the name that follows continues the chain. */
  let dotted = false;
  const startChain = () => {
    if (!prevEnd && !dotted) {
      top().chain = out.length;
      top().optional = false;
    }
  };
  const wrapSelect = (key: string) => {
    const f = top();
    const target = out.splice(f.chain).join(' ');
    out.push(`__opt.select(${target}, ${key})`);
    f.optional = true;
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    const next = tokens[i + 1];
    const f = top();
    const afterDot = dotted;
    dotted = false;
    if (t === '.' && prevEnd && next === '?' && tokens[i + 2] && IDENT.test(tokens[i + 2] as string)) {
      wrapSelect(JSON.stringify(tokens[i + 2]));
      i += 2;
    } else if (t === '.' && prevEnd && next && IDENT.test(next) && tokens[i + 2] === '(') {
      i += 2;
      if (next === 'sortBy') {
        stack.push({ ...frame('sortBy', f.chain), start: out.length });
      } else {
        out.push('.', next);
        stack.push({ ...frame('call', f.chain), method: true });
      }
      prevEnd = false;
      continue;
    } else if (t === '.' && prevEnd && next && IDENT.test(next) && f.optional) {
      wrapSelect(JSON.stringify(next));
      i += 1;
    } else if (t === '.') {
      startChain();
      out.push(t);
      prevEnd = false;
      dotted = true;
      continue;
    } else if (t === '[' || t === '(' || t === '{') {
      let role: Role;
      if (t === '(') role = prevEnd ? 'call' : 'group';
      else if (t === '{') role = prevEnd ? 'struct' : 'map';
      else if (!prevEnd) role = 'list';
      else if (next === '?') {
        role = 'optindex';
        i += 1;
      } else role = f.optional ? 'optindex' : 'index';
      startChain();
      stack.push(frame(role, f.chain));
      prevEnd = false;
      continue;
    } else if (t === ')' || t === ']' || t === '}') {
      if (stack.length === 1) return src; // unbalanced: let the parser say where
      const g = stack.pop() as Frame;
      const inner = out.splice(g.start);
      if (g.role === 'optindex' || g.role === 'sortBy') {
        const target = out.splice(g.outerChain).join(' ');
        if (g.role === 'optindex') out.push(`__opt.select(${target}, ${inner.join(' ')})`);
        else {
          const [variable = [], ...rest] = splitTop(inner, ',');
          const v = variable.join(' ');
          const key = rest.map((p) => p.join(' ')).join(', ');
          out.push(`__lists.sortByPairs(${target}.map(${v}, [${v}, ${key}]))`);
        }
        top().optional = g.role === 'optindex';
      } else {
        out.push(close(g, inner));
        if (g.method) top().optional = false;
      }
    } else if (
      t === '?' &&
      (f.role === 'list' || f.role === 'map') &&
      (out.length === f.start || out[out.length - 1] === ',')
    ) {
      f.marked.add(f.commas);
      continue;
    } else if (t === ',') {
      f.commas++;
      out.push(t);
      prevEnd = false;
      continue;
    } else if (isOperandToken(t)) {
      if (!afterDot) startChain();
      out.push(t);
    } else {
      out.push(t);
      prevEnd = false;
      continue;
    }
    prevEnd = true;
  }
  return stack.length === 1 ? out.join(' ') : src;
}

/** The text of a closed bracket `g` holding `inner`. */
function close(g: Frame, inner: string[]): string {
  const text = inner.join(' ');
  switch (g.role) {
    case 'group':
    case 'call':
      return `(${text})`;
    case 'index':
      return `[${text}]`;
    case 'struct':
      return `{${text}}`;
    case 'list': {
      if (!g.marked.size) return `[${text}]`;
      const items = splitTop(inner, ',').filter((p) => p.length);
      return `__opt.list([${items.map((p, n) => (g.marked.has(n) ? p.join(' ') : `optional.of(${p.join(' ')})`)).join(', ')}])`;
    }
    case 'map': {
      if (!g.marked.size) return `{${text}}`;
      const entries = splitTop(inner, ',').filter((p) => p.length);
      const pairs = entries.map((p, n) => {
        const [k, v] = splitEntry(p);
        return `[${k}, ${g.marked.has(n) ? v : `optional.of(${v})`}]`;
      });
      return `__opt.map([${pairs.join(', ')}])`;
    }
    default:
      return text;
  }
}
