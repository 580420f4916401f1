/**
 * The lexer of Go's text/template: splits a template into text and the tokens of its actions.
 * Actions open with the left delimiter (`{{` by default) and close with the right one; `{{- `
 * and ` -}}` trim the whitespace next to them; `{{/* ... *\/}}` is a comment.
 */

export type TokenKind =
  | 'text'
  | 'leftDelim'
  | 'rightDelim'
  | 'space'
  | 'leftParen'
  | 'rightParen'
  | 'pipe'
  | 'declare'
  | 'assign'
  | 'comma'
  | 'string'
  | 'rawString'
  | 'char'
  | 'number'
  | 'bool'
  | 'nil'
  | 'dot'
  | 'field'
  | 'variable'
  | 'identifier'
  | 'keyword'
  | 'comment'
  | 'eof';

export interface Token {
  kind: TokenKind;
  text: string;
  /** Offset of the token in the source (for line:col in messages). */
  pos: number;
  line: number;
}

export const KEYWORDS = new Set([
  'block',
  'break',
  'continue',
  'define',
  'else',
  'end',
  'if',
  'range',
  'template',
  'with',
]);

/** A template's delimiters (Go's `Delims`); empty strings mean the defaults. */
export interface Delims {
  left?: string;
  right?: string;
}

export class LexError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

const SPACE = /[ \t\r\n]/;
const ALNUM = /[\p{L}\p{Nd}_]/u;

function isTrimMarker(src: string, at: number): boolean {
  return src[at] === '-' && SPACE.test(src[at + 1] ?? '');
}

/** Lexes the whole template into tokens; throws LexError with Go's wording. */
export function lex(src: string, delims: Delims = {}): Token[] {
  const left = delims.left || '{{';
  const right = delims.right || '}}';
  const out: Token[] = [];
  const fail = (msg: string, at: number): never => {
    throw new LexError(msg, lineAt(src, at));
  };
  const push = (kind: TokenKind, start: number, text: string) => {
    out.push({ kind, text, pos: start, line: 0 });
  };
  let pos = 0;
  let trimNextText = false;
  while (pos <= src.length) {
    const at = src.indexOf(left, pos);
    const end = at < 0 ? src.length : at;
    let text = src.slice(pos, end);
    const trimBefore = at >= 0 && isTrimMarker(src, at + left.length);
    let textStart = pos;
    if (trimNextText) {
      const trimmed = text.replace(/^[ \t\r\n]+/, '');
      textStart += text.length - trimmed.length;
      text = trimmed;
    }
    if (trimBefore) text = text.replace(/[ \t\r\n]+$/, '');
    if (text) push('text', textStart, text);
    if (at < 0) break;
    pos = at + left.length + (trimBefore ? 2 : 0);
    push('leftDelim', at, left);
    if (src.startsWith('/*', pos)) {
      const cend = src.indexOf('*/', pos + 2);
      if (cend < 0) fail('unclosed comment', pos);
      let p = cend + 2;
      const trimAfter = SPACE.test(src[p] ?? '') && src[p + 1] === '-' && src.startsWith(right, p + 2);
      if (trimAfter) p += 2;
      if (!src.startsWith(right, p)) fail('comment ends before closing delimiter', p);
      push('comment', pos, src.slice(pos, cend + 2));
      pos = p + right.length;
      trimNextText = trimAfter;
      continue;
    }
    let depth = 0;
    for (;;) {
      if (pos >= src.length) fail('unclosed action', at);
      // a right delimiter, with or without a trim marker before it
      const trimAfter = SPACE.test(src[pos] as string) && src[pos + 1] === '-' && src.startsWith(right, pos + 2);
      if (trimAfter || src.startsWith(right, pos)) {
        if (depth > 0) fail('unclosed left paren', pos);
        if (trimAfter) pos += 2;
        push('rightDelim', pos, right);
        pos += right.length;
        trimNextText = trimAfter;
        break;
      }
      pos = lexInAction(src, pos, right, push, fail);
      const last = out[out.length - 1] as Token;
      if (last.kind === 'leftParen') depth++;
      else if (last.kind === 'rightParen' && --depth < 0) fail(`unexpected right paren ${goQuoteRune(')')}`, last.pos);
    }
  }
  out.push({ kind: 'eof', text: '', pos: src.length, line: 0 });
  for (const t of out) t.line = lineAt(src, t.pos);
  return out;
}

type Push = (kind: TokenKind, start: number, text: string) => void;
type Fail = (msg: string, at: number) => never;

const SINGLE: Record<string, TokenKind> = {
  '=': 'assign',
  '|': 'pipe',
  ',': 'comma',
  '(': 'leftParen',
  ')': 'rightParen',
};

/** Lexes one token inside an action; answers the position after it. */
function lexInAction(src: string, pos: number, right: string, push: Push, fail: Fail): number {
  const c = src[pos] as string;
  const rest = src.slice(pos, pos + 4096);
  if (SPACE.test(c)) {
    let n = 0;
    while (SPACE.test(src[pos + n] ?? '')) n++;
    // leave the last space of a ` -}}` to the caller, which reads it as a trim marker
    if (n > 1 && src[pos + n] === '-' && src.startsWith(right, pos + n + 1)) n--;
    push('space', pos, src.slice(pos, pos + n));
    return pos + n;
  }
  const single = SINGLE[c];
  if (single) {
    push(single, pos, c);
    return pos + 1;
  }
  if (c === ':') {
    if (src[pos + 1] !== '=') fail('expected :=', pos);
    push('declare', pos, ':=');
    return pos + 2;
  }
  if (c === '"' || c === "'") {
    let p = pos + 1;
    for (;;) {
      const ch = src[p];
      if (ch === undefined || ch === '\n')
        fail(c === '"' ? 'unterminated quoted string' : 'unterminated character constant', pos);
      if (ch === '\\') p += 2;
      else if (ch === c) break;
      else p++;
    }
    push(c === '"' ? 'string' : 'char', pos, src.slice(pos, p + 1));
    return p + 1;
  }
  if (c === '`') {
    const p = src.indexOf('`', pos + 1);
    if (p < 0) fail('unterminated raw quoted string', pos);
    push('rawString', pos, src.slice(pos, p + 1));
    return p + 1;
  }
  if (c === '$') {
    const m = /^\$[\p{L}\p{Nd}_]*/u.exec(rest) as RegExpExecArray;
    push('variable', pos, m[0]);
    return pos + m[0].length;
  }
  if (c === '.') {
    const next = src[pos + 1] ?? '';
    if (/[0-9]/.test(next)) return lexNumber(src, pos, push, fail);
    if (ALNUM.test(next)) {
      const m = /^\.[\p{L}\p{Nd}_]+/u.exec(rest) as RegExpExecArray;
      push('field', pos, m[0]);
      return pos + m[0].length;
    }
    push('dot', pos, '.');
    return pos + 1;
  }
  if (/[0-9+-]/.test(c)) return lexNumber(src, pos, push, fail);
  if (ALNUM.test(c)) {
    const m = /^[\p{L}\p{Nd}_]+(?:\.[\p{L}\p{Nd}_]+)*/u.exec(rest) as RegExpExecArray;
    let word = m[0];
    // `strings.ToUpper` is one function name (gomplate's namespaces); `true.x` is not
    const head = word.split('.')[0] as string;
    if (KEYWORDS.has(head) || head === 'true' || head === 'false' || head === 'nil') word = head;
    const kind: TokenKind = KEYWORDS.has(word)
      ? 'keyword'
      : word === 'true' || word === 'false'
        ? 'bool'
        : word === 'nil'
          ? 'nil'
          : 'identifier';
    push(kind, pos, word);
    return pos + word.length;
  }
  return fail(`unrecognized character in action: ${goQuoteRune(c)}`, pos);
}

/** A character as Go's %#U prints it: `U+002F '/'`. */
function goQuoteRune(c: string): string {
  const cp = c.codePointAt(0) as number;
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')} '${c}'`;
}

/** 1-based line of an offset. */
export function lineAt(src: string, pos: number): number {
  let n = 1;
  for (let i = src.indexOf('\n'); i >= 0 && i < pos; i = src.indexOf('\n', i + 1)) n++;
  return n;
}

const NUMBER =
  /^[+-]?(?:0[xX][0-9a-fA-F_]*(?:\.[0-9a-fA-F_]*)?(?:[pP][+-]?[0-9_]+)?|0[bB][01_]+|0[oO][0-7_]+|[0-9_]*\.?[0-9_]*(?:[eE][+-]?[0-9_]+)?)i?/;

function lexNumber(src: string, pos: number, push: Push, fail: Fail): number {
  let text = (NUMBER.exec(src.slice(pos)) as RegExpExecArray)[0];
  // a complex constant `1+2i`: a sign right after the real part, then the imaginary part
  const sign = src[pos + text.length];
  if (/[0-9]/.test(text) && !text.endsWith('i') && (sign === '+' || sign === '-')) {
    const imag = (NUMBER.exec(src.slice(pos + text.length)) as RegExpExecArray)[0];
    if (imag.endsWith('i') && /[0-9]/.test(imag)) text += imag;
  }
  if (!/[0-9]/.test(text) || ALNUM.test(src[pos + text.length] ?? '')) {
    // Go quotes the number and the character that spoiled it
    const bad = src.slice(pos, pos + text.length + (ALNUM.test(src[pos + text.length] ?? '') ? 1 : 0));
    fail(`bad number syntax: "${bad}"`, pos);
  }
  push('number', pos, text);
  return pos + text.length;
}
