import type { GoComplex } from './complex.js';
import { formatFloat, formatValue, goExponent, kindOf, mapEntries, typeName } from './values.js';

/**
 * Go's fmt.Sprintf, Sprint and Sprintln on template values: the verbs %v %+v %#v %T %t %d %b
 * %o %O %x %X %c %q %U %e %E %f %F %g %G %s %%, flags `+ - # 0 space`, width and precision
 * (`*` too), and Go's in-band errors (`%!d(string=x)`, `%!s(MISSING)`, `%!(EXTRA int=1)`).
 */

export interface Spec {
  plus: boolean;
  minus: boolean;
  sharp: boolean;
  zero: boolean;
  space: boolean;
  width?: number;
  prec?: number;
}

/** Go's strconv.Quote: a double-quoted literal with Go escapes (`ascii` escapes all non-ASCII). */
export function goQuote(s: string, ascii = false): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (c >= 0x20 && c < 0x7f) out += ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\x07') out += '\\a';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (ch === '\v') out += '\\v';
    else if (c < 0x20 || c === 0x7f) out += `\\x${hex(c, 2)}`;
    else if (!ascii && c >= 0xa0 && c !== 0xad && c !== 0xfeff && !(c >= 0xd800 && c < 0xe000)) out += ch;
    else if (c < 0x10000) out += `\\u${hex(c, 4)}`;
    else out += `\\U${hex(c, 8)}`;
  }
  return `${out}"`;
}

/** A control character Go's backquoted %#q cannot hold (tab is fine). */
function isControl(ch: string): boolean {
  const c = ch.codePointAt(0) as number;
  return (c < 0x20 && c !== 0x09) || c === 0x7f;
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

export function pad(s: string, spec: Spec, numeric: boolean): string {
  const w = spec.width ?? 0;
  if (s.length >= w) return s;
  if (spec.minus) return s.padEnd(w, ' ');
  if (spec.zero && numeric) {
    const sign = /^[+\- ]/.test(s) ? (s[0] as string) : '';
    const prefix = /^[+\- ]?0[xXbo]/.test(s) ? s.slice(sign.length, sign.length + 2) : '';
    const body = s.slice(sign.length + prefix.length);
    return sign + prefix + body.padStart(w - sign.length - prefix.length, '0');
  }
  return s.padStart(w, ' ');
}

function signed(n: number, s: string, spec: Spec): string {
  if (n < 0 || Object.is(n, -0)) return s;
  return (spec.plus ? '+' : spec.space ? ' ' : '') + s;
}

function formatInt(n: number, verb: string, spec: Spec): string | undefined {
  const abs = Math.abs(n);
  const neg = n < 0 ? '-' : '';
  let body: string;
  switch (verb) {
    case 'v':
    case 'd':
      body = String(abs);
      break;
    case 'b':
      body = abs.toString(2);
      break;
    case 'o':
      body = (spec.sharp ? '0' : '') + abs.toString(8);
      break;
    case 'O':
      body = `0o${abs.toString(8)}`;
      break;
    case 'x':
      body = (spec.sharp ? '0x' : '') + abs.toString(16);
      break;
    case 'X':
      body = (spec.sharp ? '0X' : '') + abs.toString(16).toUpperCase();
      break;
    case 'c':
      return String.fromCodePoint(n);
    case 'q':
      return `'${goQuote(String.fromCodePoint(n)).slice(1, -1).replaceAll('\\"', '"')}'`;
    case 'U':
      return `U+${abs.toString(16).toUpperCase().padStart(4, '0')}`;
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
      // JSON numbers that happen to be integral are float64 upstream
      return formatFloatVerb(n, verb, spec);
    default:
      return undefined;
  }
  if (spec.prec !== undefined) body = body.padStart(spec.prec, '0');
  return signed(n, neg + body, spec);
}

function formatFloatVerb(f: number, verb: string, spec: Spec): string | undefined {
  let s: string;
  if (!Number.isFinite(f)) s = Number.isNaN(f) ? 'NaN' : f > 0 ? '+Inf' : '-Inf';
  else
    switch (verb) {
      case 'v':
        s = spec.prec === undefined ? formatFloat(f) : gFormat(f, spec.prec, spec.sharp);
        break;
      case 'e':
      case 'E':
        s = goExponent(f.toExponential(spec.prec ?? 6));
        break;
      case 'f':
      case 'F':
        s = f.toFixed(spec.prec ?? 6);
        break;
      case 'g':
      case 'G':
        s = spec.prec === undefined ? formatFloat(f) : gFormat(f, spec.prec, spec.sharp);
        break;
      default:
        return undefined;
    }
  if (verb === 'E' || verb === 'G') s = s.toUpperCase();
  if (s === '+Inf' && !spec.plus) s = 'Inf';
  return signed(f, s, spec);
}

/** strconv's 'g' with a precision: %e when the exponent is < -4 or >= the precision, no trailing zeros. */
function gFormat(f: number, prec: number, keepZeros: boolean): string {
  const p = prec === 0 ? 1 : prec;
  const e = f.toExponential(p - 1);
  const exp = Number(e.slice(e.indexOf('e') + 1));
  const strip = (x: string) => (keepZeros || !x.includes('.') ? x : x.replace(/\.?0+$/, ''));
  if (exp < -4 || exp >= p) {
    const [mant, ex] = e.split('e') as [string, string];
    return goExponent(`${strip(mant)}e${ex}`);
  }
  return strip(f.toFixed(Math.max(0, p - 1 - exp)));
}

function formatString(s: string, verb: string, spec: Spec): string | undefined {
  const cut = spec.prec !== undefined ? [...s].slice(0, spec.prec).join('') : s;
  switch (verb) {
    case 'v':
    case 's':
      return cut;
    case 'q':
      if (spec.sharp && !cut.includes('`') && ![...cut].some(isControl)) return `\`${cut}\``;
      return goQuote(cut, spec.plus);
    case 'x':
    case 'X': {
      const h = Buffer.from(cut, 'utf8').toString('hex');
      return verb === 'X' ? h.toUpperCase() : h;
    }
    default:
      return undefined;
  }
}

/** One operand under one verb; undefined when the verb does not apply to the value's type. */
export function formatOne(v: unknown, verb: string, spec: Spec): string | undefined {
  if (verb === 'T') return typeName(v);
  if (verb === 'v' && spec.sharp) return goSyntax(v);
  // %+v asks for field names (of structs), not for signs
  if (verb === 'v' && spec.plus) return formatOne(v, verb, { ...spec, plus: false });
  switch (kindOf(v)) {
    case 'nil':
      return verb === 'v' ? '<nil>' : undefined;
    case 'bool':
      return verb === 'v' || verb === 't' ? String(v) : undefined;
    case 'int':
      return formatInt(Number(v), verb, spec);
    case 'float':
      return formatFloatVerb(v as number, verb, spec);
    case 'complex': {
      // fmt formats each part as a float, the imaginary one always signed
      if (!'vbeEfFgGxX'.includes(verb)) return undefined;
      const part = { ...spec, width: undefined };
      const re = formatFloatVerb((v as GoComplex).re, verb === 'v' ? 'g' : verb, part);
      const im = formatFloatVerb((v as GoComplex).im, verb === 'v' ? 'g' : verb, { ...part, plus: true });
      return re === undefined || im === undefined ? undefined : `(${re}${im}i)`;
    }
    case 'string':
      return formatString(v as string, verb, spec);
    case 'bytes':
      if (verb === 's' || verb === 'q' || verb === 'x' || verb === 'X')
        return formatString(Buffer.from(v as Uint8Array).toString('latin1'), verb, spec);
      return `[${[...(v as Uint8Array)].map((b) => formatInt(b, verb, spec) ?? '').join(' ')}]`;
    case 'slice': {
      const parts = (v as unknown[]).map((x) => formatOne(x, verb, { ...spec, width: undefined }) ?? bad(verb, x));
      return `[${parts.join(' ')}]`;
    }
    case 'map': {
      const sub = { ...spec, width: undefined };
      const parts = mapEntries(v).map(
        ([k, x]) => `${formatOne(k, verb, sub) ?? bad(verb, k)}:${formatOne(x, verb, sub) ?? bad(verb, x)}`,
      );
      return `map[${parts.join(' ')}]`;
    }
    default:
      return verb === 'v' || verb === 's' ? formatValue(v) : verb === 'q' ? goQuote(formatValue(v)) : undefined;
  }
}

/** %#v: Go syntax for the value. */
function goSyntax(v: unknown): string {
  switch (kindOf(v)) {
    case 'nil':
      return '<nil>';
    case 'string':
      return goQuote(v as string);
    case 'slice':
      return `[]interface {}{${(v as unknown[]).map(goSyntax).join(', ')}}`;
    case 'map':
      return `map[string]interface {}{${mapEntries(v)
        .map(([k, x]) => `${goQuote(String(k))}:${goSyntax(x)}`)
        .join(', ')}}`;
    default:
      return formatValue(v);
  }
}

/** Go's in-band error for a verb that does not apply: `%!d(string=x)`. */
export function bad(verb: string, v: unknown): string {
  if (v === null || v === undefined) return `%!${verb}(<nil>)`;
  return `%!${verb}(${typeName(v)}=${formatValue(v)})`;
}

/** Go's fmt.Sprint: operands in %v, a space between two operands when neither is a string. */
export function sprint(args: readonly unknown[]): string {
  let out = '';
  args.forEach((a, n) => {
    if (n > 0 && typeof a !== 'string' && typeof args[n - 1] !== 'string') out += ' ';
    out += formatValue(a);
  });
  return out;
}

/** Go's fmt.Sprintln: operands in %v separated by spaces, then a newline. */
export function sprintln(args: readonly unknown[]): string {
  return `${args.map((a) => formatValue(a)).join(' ')}\n`;
}
