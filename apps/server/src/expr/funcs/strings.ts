import { goQuote } from '../gotemplate/printf.js';
import { humanSize } from '../human.js';
import { ExprDuration, formatGoDuration } from '../values.js';
import { def, int, type LibFunc, list, num, str } from './types.js';

/**
 * The string family (gomplate `strings.*`, exposed to CEL under bare names such as `TrimPrefix`
 * and as methods such as `"x".trimPrefix("y")`): case conversion, quoting, trimming, wrapping,
 * human-readable sizes and durations.
 */

/** Words of a phrase for the case converters (`HelloWorld`, `hello_world`, `Hello World!`). */
function words(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

/** Go's strings.Title: upper-cases the first letter of every word, leaves the rest alone. */
export const title = (s: string) =>
  s.replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_m, p: string, c: string) => p + c.toUpperCase());

/** commons' AbbreviateFull: ellipses on the side(s) cut, `maxWidth` characters at most. */
export function abbrev(s: string, maxWidth: number, offset = 0): string {
  if (maxWidth < 4) throw new Error('minimum abbreviation width is 4');
  if (s.length <= maxWidth) return s;
  let at = Math.min(offset, s.length);
  if (s.length - at < maxWidth - 3) at = s.length - (maxWidth - 3);
  if (at <= 4) return `${s.slice(0, maxWidth - 3)}...`;
  if (maxWidth < 7) throw new Error('minimum abbreviation width with offset is 7');
  if (at + maxWidth - 3 < s.length) return `...${abbrev(s.slice(at), maxWidth - 3)}`;
  return `...${s.slice(s.length - (maxWidth - 3))}`;
}

/** gomplate's Indent: `(s)`, `(width, s)`, `(prefix, s)` or `(width, prefix, s)`. */
function indent(...args: unknown[]): string {
  const s = str(args[args.length - 1]);
  let width = 1;
  let pad = ' ';
  if (args.length === 2) {
    if (typeof args[0] === 'number') width = int(args[0]);
    else pad = str(args[0]);
  } else if (args.length === 3) {
    width = int(args[0]);
    pad = str(args[1]);
  }
  const prefix = pad.repeat(width);
  return s
    .split('\n')
    .map((l) => (l === '' ? l : prefix + l))
    .join('\n');
}

/** Greedy word wrap at `width` columns, breaking only between words. */
function wordWrap(width: number, s: string, lineSeq = '\n'): string {
  const out: string[] = [];
  for (const para of s.split('\n')) {
    let line = '';
    for (const w of para.split(/ +/)) {
      if (line && line.length + 1 + w.length > width) {
        out.push(line);
        line = w;
      } else line = line ? `${line} ${w}` : w;
    }
    out.push(line);
  }
  return out.join(lineSeq);
}

function humanDuration(v: unknown): string {
  return v instanceof ExprDuration ? v.toString() : formatGoDuration(num(v));
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'"'"'`)}'`;
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
const snake = (s: string) =>
  words(s)
    .map((w) => w.toLowerCase())
    .join('_');
const kebab = (s: string) =>
  words(s)
    .map((w) => w.toLowerCase())
    .join('-');
const camel = (s: string) => words(s).map(cap).join('');
const trimPrefix = (p: string, s: string) => (p && s.startsWith(p) ? s.slice(p.length) : s);
const trimSuffix = (p: string, s: string) => (p && s.endsWith(p) ? s.slice(0, -p.length) : s);

/** Splits as Go's strings.SplitN: n < 0 all, 0 none, n at most n parts (the rest in the last). */
export function splitN(sep: string, n: number, s: string): string[] {
  if (n === 0) return [];
  const parts = s.split(sep);
  if (n < 0 || parts.length <= n) return parts;
  return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
}

export const stringFuncs: LibFunc[] = [
  def(['HumanDuration', 'strings.HumanDuration', 'humanDuration'], 1, humanDuration),
  def(['HumanSize', 'strings.HumanSize', 'humanSize'], 1, (v) => humanSize(num(v))),
  def(['Abbrev', 'strings.Abbrev'], [2, 3], (...a) =>
    a.length === 2 ? abbrev(str(a[1]), int(a[0])) : abbrev(str(a[2]), int(a[1]), int(a[0])),
  ),
  def([], [2, 3], (...a) => (a.length === 2 ? abbrev(str(a[1]), int(a[0])) : abbrev(str(a[2]), int(a[1]), int(a[0]))), {
    methods: ['abbrev'],
  }),
  def(['ReplaceAll', 'strings.ReplaceAll'], 3, (o, n, s) => str(s).replaceAll(str(o), str(n)), {
    methods: ['replaceAll'],
  }),
  def(['Contains', 'strings.Contains'], 2, (sub, s) => str(s).includes(str(sub))),
  def(['HasPrefix', 'strings.HasPrefix'], 2, (p, s) => str(s).startsWith(str(p))),
  def(['HasSuffix', 'strings.HasSuffix'], 2, (p, s) => str(s).endsWith(str(p))),
  def(['Repeat', 'strings.Repeat'], 2, (n, s) => str(s).repeat(Math.max(0, int(n))), { methods: ['repeat'] }),
  def(['Sort', 'strings.Sort'], 1, (l) => list(l).map(str).sort()),
  def(['Split', 'strings.Split'], 2, (sep, s) => str(s).split(str(sep))),
  def(['SplitN', 'strings.SplitN'], 3, (sep, n, s) => splitN(str(sep), int(n), str(s))),
  // CEL's `"a b c".split(" ", 2)` with Go's limit semantics (the rest stays in the last part).
  def([], [2, 3], (...a) => (a.length === 2 ? str(a[1]).split(str(a[0])) : splitN(str(a[0]), int(a[1]), str(a[2]))), {
    methods: ['split'],
  }),
  def(['Trim', 'strings.Trim'], 2, (cut, s) => {
    const set = new Set(str(cut));
    const chars = [...str(s)];
    let a = 0;
    let b = chars.length;
    while (a < b && set.has(chars[a] as string)) a++;
    while (b > a && set.has(chars[b - 1] as string)) b--;
    return chars.slice(a, b).join('');
  }),
  def(['TrimPrefix', 'strings.TrimPrefix'], 2, (p, s) => trimPrefix(str(p), str(s)), { methods: ['trimPrefix'] }),
  def(['TrimSuffix', 'strings.TrimSuffix'], 2, (p, s) => trimSuffix(str(p), str(s)), { methods: ['trimSuffix'] }),
  def(['TrimSpace', 'strings.TrimSpace'], 1, (s) => str(s).trim()),
  def(['Title', 'strings.Title'], 1, (s) => title(str(s)), { methods: ['title'] }),
  def(['ToUpper', 'strings.ToUpper'], 1, (s) => str(s).toUpperCase()),
  def(['ToLower', 'strings.ToLower'], 1, (s) => str(s).toLowerCase()),
  def(['Trunc', 'strings.Trunc'], 2, (n, s) => [...str(s)].slice(0, Math.max(0, int(n))).join('')),
  def(['Indent', 'strings.Indent'], [1, 3], indent, { methods: ['indent'] }),
  def(['Slug', 'strings.Slug'], 1, (s) => slug(str(s)), { methods: ['slug'] }),
  def(['Quote', 'strings.Quote'], 1, (s) => goQuote(str(s))),
  def(['ShellQuote', 'strings.ShellQuote'], 1, (s) => shellQuote(str(s)), { methods: ['shellQuote'] }),
  def(['Squote', 'strings.Squote'], 1, (s) => `'${str(s).replaceAll("'", "''")}'`, { methods: ['squote'] }),
  def(['SnakeCase', 'strings.SnakeCase'], 1, (s) => snake(str(s)), { methods: ['snakeCase'] }),
  def(['CamelCase', 'strings.CamelCase'], 1, (s) => camel(str(s)), { methods: ['camelCase'] }),
  def(['KebabCase', 'strings.KebabCase'], 1, (s) => kebab(str(s)), { methods: ['kebabCase'] }),
  def(['WordWrap', 'strings.WordWrap'], [2, 3], (...a) =>
    a.length === 2 ? wordWrap(int(a[0]), str(a[1])) : wordWrap(int(a[0]), str(a[2]), str(a[1])),
  ),
  def(['RuneCount', 'strings.RuneCount'], 1, (s) => [...str(s)].length, { methods: ['runeCount'] }),
  // CEL strings v3 `reverse`, and gomplate's `"hello".sort()` (the characters in order).
  def([], 1, (s) => (Array.isArray(s) ? [...s].reverse() : [...str(s)].reverse().join('')), {
    methods: ['reverse'],
  }),
];
