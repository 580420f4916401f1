import { bad, formatOne, pad, type Spec } from './printf.js';
import { formatValue, kindOf, typeName } from './values.js';

/**
 * Go's fmt.Sprintf on template values (verbs and their formatting are printf.ts's). A format
 * without `*` or `[n]` (nearly every one) is parsed once into its pieces and kept by its text,
 * so a template rendering `printf "%s has %d items"` over and over does not parse it again.
 */

/** The end of a run of decimal digits starting at `i` (`i` when there is none). */
function digitsEnd(format: string, i: number): number {
  let end = i;
  for (let c = format.charCodeAt(end); c >= 48 && c <= 57; c = format.charCodeAt(++end));
  return end;
}

/** An explicit argument index `[n]` at `i`: the 0-based argument and the offset after it. */
function argIndexAt(format: string, i: number): [number, number] | undefined {
  if (format[i] !== '[') return undefined;
  const end = digitsEnd(format, i + 1);
  if (end === i + 1 || format[end] !== ']') return undefined;
  return [Number(format.slice(i + 1, end)) - 1, end + 1];
}

/** Go's fmt.Sprintf, for any format (`*` widths and `[n]` indexes included). */
function sprintfGeneral(format: string, args: readonly unknown[]): string {
  let out = '';
  let argi = 0;
  let i = 0;
  // with explicit indexes (%[2]d), unused arguments are not reported as extra
  let reordered = false;
  while (i < format.length) {
    const pct = format.indexOf('%', i);
    if (pct < 0) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, pct);
    i = pct + 1;
    const spec: Spec = { plus: false, minus: false, sharp: false, zero: false, space: false };
    for (; i < format.length; i++) {
      const c = format[i];
      if (c === '+') spec.plus = true;
      else if (c === '-') spec.minus = true;
      else if (c === '#') spec.sharp = true;
      else if (c === '0') spec.zero = !spec.minus;
      else if (c === ' ') spec.space = true;
      else break;
    }
    // an explicit argument index: %[2]d
    let at = argIndexAt(format, i);
    if (at) [argi, i, reordered] = [at[0], at[1], true];
    let badWidth = false;
    if (format[i] === '*') {
      i++;
      const w = args[argi++];
      if (kindOf(w) !== 'int') badWidth = true;
      else {
        spec.width = Math.abs(Number(w));
        if (Number(w) < 0) spec.minus = true;
      }
    } else {
      const end = digitsEnd(format, i);
      if (end > i) {
        spec.width = Number(format.slice(i, end));
        i = end;
      }
    }
    let badPrec = false;
    if (format[i] === '.') {
      i++;
      at = argIndexAt(format, i);
      if (at) [argi, i, reordered] = [at[0], at[1], true];
      if (format[i] === '*') {
        i++;
        const p = args[argi++];
        if (kindOf(p) !== 'int' || Number(p) < 0) badPrec = true;
        else spec.prec = Number(p);
      } else {
        const end = digitsEnd(format, i);
        spec.prec = end > i ? Number(format.slice(i, end)) : 0;
        i = end;
      }
    }
    at = argIndexAt(format, i);
    if (at) [argi, i, reordered] = [at[0], at[1], true];
    if (badWidth) out += '%!(BADWIDTH)';
    if (badPrec) out += '%!(BADPREC)';
    if (i >= format.length) {
      out += '%!(NOVERB)';
      break;
    }
    const verb = String.fromCodePoint(format.codePointAt(i) as number);
    i += verb.length;
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (argi >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    const v = args[argi++];
    const s = formatOne(v, verb, spec);
    const numeric = typeof v === 'number' || typeof v === 'bigint';
    out += s === undefined ? bad(verb, v) : pad(s, spec, numeric);
  }
  if (!reordered && argi < args.length) {
    out += `%!(EXTRA ${args
      .slice(argi)
      .map((a) => (a === null || a === undefined ? '<nil>' : `${typeName(a)}=${formatValue(a)}`))
      .join(', ')})`;
  }
  return out;
}

/** A piece of a parsed format: literal text, then a verb with its flags, width and precision. */
interface Piece {
  text: string;
  verb?: string;
  spec?: Spec;
}

const parsedFormats = new Map<string, Piece[] | null>();
const MAX_FORMATS = 500;

/** The pieces of a format without `*` or `[n]`; null when it has them or ends inside a verb. */
function piecesOf(format: string): Piece[] | null {
  let pieces = parsedFormats.get(format);
  if (pieces !== undefined) return pieces;
  pieces = parsePieces(format);
  // formats are template constants: a full map is cleared rather than grown
  if (parsedFormats.size >= MAX_FORMATS) parsedFormats.clear();
  parsedFormats.set(format, pieces);
  return pieces;
}

function parsePieces(format: string): Piece[] | null {
  if (format.includes('*') || format.includes('[')) return null;
  const pieces: Piece[] = [];
  let i = 0;
  for (;;) {
    const pct = format.indexOf('%', i);
    if (pct < 0) {
      pieces.push({ text: format.slice(i) });
      return pieces;
    }
    const text = format.slice(i, pct);
    i = pct + 1;
    const spec: Spec = { plus: false, minus: false, sharp: false, zero: false, space: false };
    for (; i < format.length; i++) {
      const c = format[i];
      if (c === '+') spec.plus = true;
      else if (c === '-') spec.minus = true;
      else if (c === '#') spec.sharp = true;
      else if (c === '0') spec.zero = !spec.minus;
      else if (c === ' ') spec.space = true;
      else break;
    }
    let end = digitsEnd(format, i);
    if (end > i) spec.width = Number(format.slice(i, end));
    i = end;
    if (format[i] === '.') {
      end = digitsEnd(format, ++i);
      spec.prec = end > i ? Number(format.slice(i, end)) : 0;
      i = end;
    }
    if (i >= format.length) return null;
    const verb = String.fromCodePoint(format.codePointAt(i) as number);
    i += verb.length;
    pieces.push({ text, verb, spec });
  }
}

/** One operand under its verb, padded, or Go's in-band error. */
function formatted(v: unknown, verb: string, spec: Spec): string {
  const s = formatOne(v, verb, spec);
  return s === undefined ? bad(verb, v) : pad(s, spec, typeof v === 'number' || typeof v === 'bigint');
}

function extra(args: readonly unknown[], from: number): string {
  return `%!(EXTRA ${args
    .slice(from)
    .map((a) => (a === null || a === undefined ? '<nil>' : `${typeName(a)}=${formatValue(a)}`))
    .join(', ')})`;
}

/** Go's fmt.Sprintf. */
export function sprintf(format: string, args: readonly unknown[]): string {
  const pieces = piecesOf(format);
  if (!pieces) return sprintfGeneral(format, args);
  let out = '';
  let argi = 0;
  for (const p of pieces) {
    out += p.text;
    const verb = p.verb;
    if (verb === undefined) continue;
    if (verb === '%') out += '%';
    else if (argi >= args.length) out += `%!${verb}(MISSING)`;
    else out += formatted(args[argi++], verb, p.spec as Spec);
  }
  return argi < args.length ? out + extra(args, argi) : out;
}
