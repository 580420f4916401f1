import { type GoComplex, parseComplex } from './complex.js';

/** Go's literal syntax inside actions: numbers (strconv rules), quoted strings and characters. */

/** A number constant: its value and whether Go treats it as an integer; an error text when malformed. */
export function parseNumber(text: string): { value: number | GoComplex; isInt: boolean } | string {
  if (text.endsWith('i')) {
    const c = parseComplex(text, (s) => {
      const n = parseReal(s);
      return typeof n === 'string' ? undefined : n.value;
    });
    return c ? { value: c, isInt: false } : `bad number syntax: "${text}"`;
  }
  return parseReal(text);
}

/** A real (integer or float) constant. */
function parseReal(text: string): { value: number; isInt: boolean } | string {
  const bad = `bad number syntax: "${text}"`;
  let s = text;
  const neg = s.startsWith('-');
  if (s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  // underscores only between digits (or after a base prefix)
  if (s.includes('_')) {
    if (/__|_$|^_|_\.|\._|[eEpP]_|_[eEpP]/.test(s) || /^0_?[xXbBoO]_?$/.test(s)) return bad;
    s = s.replaceAll('_', '');
  }
  let value: number;
  let isInt = true;
  if (/^0[xX]/.test(s)) {
    if (/[.pP]/.test(s)) {
      const m = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(s);
      if (!m) return bad;
      const frac = m[2] ?? '';
      const mant = Number.parseInt((m[1] ?? '') + frac || '0', 16);
      value = mant * 2 ** (Number(m[3]) - 4 * frac.length);
      isInt = Number.isInteger(value);
    } else {
      if (!/^0[xX][0-9a-fA-F]+$/.test(s)) return bad;
      value = Number.parseInt(s.slice(2), 16);
    }
  } else if (/^0[bB]/.test(s)) {
    if (!/^0[bB][01]+$/.test(s)) return bad;
    value = Number.parseInt(s.slice(2), 2);
  } else if (/^0[oO]/.test(s)) {
    if (!/^0[oO][0-7]+$/.test(s)) return bad;
    value = Number.parseInt(s.slice(2), 8);
  } else if (/^0[0-7]+$/.test(s)) {
    value = Number.parseInt(s.slice(1), 8);
  } else if (/^\d+$/.test(s)) {
    value = Number(s);
  } else if (/^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) {
    value = Number(s);
    // Go keeps a float constant with an integral value usable as an int (`{{ 1.0 }}` prints 1)
    isInt = false;
  } else return bad;
  if (!Number.isFinite(value)) return `${bad}: out of range`;
  return { value: neg ? -value : value, isInt };
}

const SIMPLE: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  '"': '"',
  "'": "'",
};

/** Decodes Go escapes (`\n`, `\x41`, `\101`, `\u00e9`, `\U0001F600`); throws on a bad one. */
function decodeEscapes(body: string, quote: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i] as string;
    if (e in SIMPLE && (e !== "'" || quote === "'") && (e !== '"' || quote === '"')) out += SIMPLE[e];
    else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 1, i + 1 + n);
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) throw new Error('invalid syntax');
      const code = Number.parseInt(hex, 16);
      // \x is a byte; bytes of UTF-8 are written one escape each, decode them together below
      out += e === 'x' ? String.fromCharCode(0xdc00 | code) : String.fromCodePoint(code);
      i += n;
    } else if (/[0-7]/.test(e)) {
      const oct = body.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(oct)) throw new Error('invalid syntax');
      out += String.fromCharCode(0xdc00 | Number.parseInt(oct, 8));
      i += 2;
    } else throw new Error('invalid syntax');
  }
  return decodeByteEscapes(out);
}

/** Byte escapes (`\xc3\xa9`) were kept as marked code units; turn runs of them into UTF-8 text. */
function decodeByteEscapes(s: string): string {
  return s.replace(/[\udc00-\udcff]+/g, (run) => {
    const bytes = Buffer.from([...run].map((ch) => (ch.charCodeAt(0) & 0xff) as number));
    return bytes.toString('utf8');
  });
}

/** A double-quoted Go string literal's value. */
export function unquoteString(text: string): string {
  return decodeEscapes(text.slice(1, -1), '"');
}

/** A character constant's code point (`'a'` is 97), or undefined when malformed. */
export function unquoteChar(text: string): number | undefined {
  try {
    const v = decodeEscapes(text.slice(1, -1), "'");
    const cps = [...v];
    return cps.length === 1 ? (cps[0] as string).codePointAt(0) : undefined;
  } catch {
    return undefined;
  }
}
