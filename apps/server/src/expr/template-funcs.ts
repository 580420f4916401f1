import { currentChannel, lastResult } from './context.js';
import { libraryFuncs } from './funcs/index.js';
import { slackFuncs } from './funcs/slack.js';
import { int, list, num, str } from './funcs/types.js';
import { goQuote } from './gotemplate/printf.js';
import { Raw } from './gotemplate/raw.js';
import { isTrue } from './gotemplate/values.js';
import { humanSize } from './human.js';
import { ExprDuration, formatGoDuration } from './values.js';

/**
 * The functions Go templates may call beyond Go's own builtins (gotemplate/builtins.ts): the
 * gomplate names (namespaced `strings.X`, `coll.X`... and their short aliases, with gomplate's
 * argument order), the Sprig names specs use most, the notification helpers (funcs/slack.ts)
 * and `raw` (no shell quoting, see gotemplate/shell.ts).
 */

/** Go's notion of truth: false, 0, nil, "" and empty collections are false. */
export function truthy(v: unknown): boolean {
  return isTrue(v);
}

/** How a non-text expression result reads as text (objects as JSON, durations Go-style). */
export function printValue(v: unknown): string {
  if (v === undefined) return '<no value>';
  if (v === null) return '<nil>';
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (v instanceof ExprDuration) return v.toString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

type Fn = (...args: unknown[]) => unknown;

function trimCutset(s: string, cutset: string): string {
  const chars = new Set(cutset);
  const cps = [...s];
  let a = 0;
  let b = cps.length;
  while (a < b && chars.has(cps[a] as string)) a++;
  while (b > a && chars.has(cps[b - 1] as string)) b--;
  return cps.slice(a, b).join('');
}

function splitN(s: string, sep: string, n: number): string[] {
  if (n === 0) return [];
  const parts = s.split(sep);
  if (n < 0 || parts.length <= n) return parts;
  return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
}

/** gomplate's ShellQuote: each item of a list quoted, joined by spaces. */
function shellQuote(v: unknown): Raw {
  const items = Array.isArray(v) ? v.map(str) : [str(v)];
  return new Raw(items.map((s) => `'${s.replaceAll("'", `'"'"'`)}'`).join(' '), true);
}

const lower: Fn = (s) => str(s).toLowerCase();
const upper: Fn = (s) => str(s).toUpperCase();

/** Short names: gomplate's aliases (Go's argument order where gomplate keeps it), then Sprig's. */
const aliases: Record<string, Fn> = {
  // gomplate strings aliases; contains/hasPrefix/split... keep Go's strings order (s first)
  contains: (s, sub) => str(s).includes(str(sub)),
  hasPrefix: (s, p) => str(s).startsWith(str(p)),
  hasSuffix: (s, p) => str(s).endsWith(str(p)),
  startsWith: (s, p) => str(s).startsWith(str(p)),
  endsWith: (s, p) => str(s).endsWith(str(p)),
  split: (s, sep) => str(s).split(str(sep)),
  splitN: (s, sep, n) => splitN(str(s), str(sep), int(n)),
  trim: (...a) => (a.length === 1 ? str(a[0]).trim() : trimCutset(str(a[0]), str(a[1]))),
  replaceAll: (o, n, s) => str(s).replaceAll(str(o), str(n)),
  toUpper: upper,
  toLower: lower,
  quote: (...a) => a.map((x) => goQuote(str(x))).join(' '),
  squote: (s) => `'${str(s).replaceAll("'", "''")}'`,
  shellQuote,
  ShellQuote: shellQuote,
  'strings.ShellQuote': shellQuote,
  // gomplate conv aliases: join takes the list first (Sprig's `join sep list` is accepted too)
  join: (a, b) =>
    Array.isArray(b) && !Array.isArray(a) ? list(b).map(str).join(str(a)) : list(a).map(str).join(str(b)),
  bool: (s) => /^(1|t|true|yes|on)$/i.test(str(s).trim()),
  default: (def, v) => (isTrue(v) ? v : def),
  'conv.ToBool': (v) => (typeof v === 'boolean' ? v : /^(1|t|true|yes|on)$/i.test(str(v).trim())),
  'conv.ToInt': (v) => Math.trunc(Number(str(v)) || 0),
  'conv.ToInt64': (v) => Math.trunc(Number(str(v)) || 0),
  'conv.ToFloat64': (v) => Number(str(v)) || 0,
  'conv.ToString': (v) => str(v),
  'conv.ToStrings': (...a) => a.flatMap((x) => (Array.isArray(x) ? x : [x])).map(str),
  'conv.Atoi': (v) => Math.trunc(Number(str(v)) || 0),
  'conv.ParseInt': (v, base) => Number.parseInt(str(v), int(base) || 10),
  'conv.ParseFloat': (v) => Number.parseFloat(str(v)),
  'conv.Join': (l, sep) => list(l).map(str).join(str(sep)),
  'conv.URL': (s) => urlParts(str(s)),
  urlParse: (s) => urlParts(str(s)),
  rem: (a, b) => num(a) % num(b),
  pow: (a, b) => num(a) ** num(b),
  // Sprig names
  upper,
  lower,
  title: (s) => str(s).replace(/\b\w/g, (c) => c.toUpperCase()),
  trimPrefix: (p, s) => (str(s).startsWith(str(p)) ? str(s).slice(str(p).length) : str(s)),
  trimSuffix: (p, s) => (str(s).endsWith(str(p)) && str(p) ? str(s).slice(0, -str(p).length) : str(s)),
  trimAll: (cut, s) => trimCutset(str(s), str(cut)),
  replace: (old, neu, s) => str(s).split(str(old)).join(str(neu)),
  repeat: (n, s) => str(s).repeat(Math.max(0, int(n))),
  substr: (a, b, s) => str(s).slice(int(a), int(b) < 0 ? undefined : int(b)),
  trunc: (n, s) => (int(n) >= 0 ? str(s).slice(0, int(n)) : str(s).slice(int(n))),
  nindent: (n, s) => `\n${indentLines(int(n), str(s))}`,
  cat: (...a) =>
    a
      .filter((x) => x !== null && x !== undefined)
      .map(str)
      .join(' '),
  list: (...a) => a,
  get: (m, k) => (m && typeof m === 'object' ? ((m as Record<string, unknown>)[str(k)] ?? '') : ''),
  hasKey: (m, k) => !!m && typeof m === 'object' && Object.hasOwn(m, str(k)),
  empty: (v) => !isTrue(v),
  coalesce: (...a) => a.find((x) => isTrue(x)) ?? null,
  atoi: (v) => Math.trunc(Number(str(v)) || 0),
  int: (v) => Math.trunc(Number(str(v)) || 0),
  int64: (v) => Math.trunc(Number(str(v)) || 0),
  float64: (v) => Number(str(v)) || 0,
  toString: (v: unknown) => str(v),
  toJson: (v) => JSON.stringify(v) ?? 'null',
  toPrettyJson: (v) => JSON.stringify(v, null, 2) ?? 'null',
  fromJson: (s) => JSON.parse(str(s)),
  humanSize: (v) => humanSize(Number(v)),
  HumanSize: (v) => humanSize(Number(v)),
  humanDuration: (v) => (v instanceof ExprDuration ? v.toString() : formatGoDuration(Number(v))),
  HumanDuration: (v) => (v instanceof ExprDuration ? v.toString() : formatGoDuration(Number(v))),
  /** Prints its text unescaped where templates are shell-quoted (exec scripts); see docs/playbooks.md. */
  raw: (v) => new Raw(str(v)),
  /** The previous result of the check (`{{ last_result.status }}`, `{{ (last_result).status }}`); see context.ts. */
  last_result: () => lastResult(),
  /** The notification channel a message is for (`{{ if eq channel "slack" }}`); see context.ts. */
  channel: () => currentChannel(),
};

function indentLines(n: number, s: string): string {
  const pad = ' '.repeat(Math.max(0, n));
  return s
    .split('\n')
    .map((l) => pad + l)
    .join('\n');
}

/** Go's url.URL fields for `urlParse`/`conv.URL`. */
function urlParts(s: string): Record<string, string> {
  const u = new URL(s);
  const user = u.username ? (u.password ? `${u.username}:${u.password}` : u.username) : '';
  return {
    Scheme: u.protocol.replace(/:$/, ''),
    User: decodeURIComponent(user),
    Host: u.host,
    Path: decodeURIComponent(u.pathname),
    RawQuery: u.search.replace(/^\?/, ''),
    Fragment: u.hash.replace(/^#/, ''),
    String: u.toString(),
  };
}

/**
 * Supported template functions by name: the aliases above, the notification helpers, then every
 * name of the shared library (expr/funcs) that gomplate offers templates (`strings.ToUpper`...),
 * with `path.X` as `filepath.X` (templates always see `/` paths).
 */
export const templateFunctions: Record<string, Fn> = { ...aliases, ...slackFuncs };
for (const f of libraryFuncs) {
  if (f.celOnly) continue;
  for (const name of f.names) if (!Object.hasOwn(templateFunctions, name)) templateFunctions[name] = f.fn;
}
for (const name of Object.keys(templateFunctions)) {
  if (name.startsWith('filepath.')) templateFunctions[`path.${name.slice(9)}`] ??= templateFunctions[name] as Fn;
}
const lib = (name: string) => templateFunctions[name] as Fn;
templateFunctions.seq ??= lib('math.Seq');
// Sprig's regex names take the input before the count/replacement (gomplate's take it last)
templateFunctions.regexFind ??= (re, s) => lib('regexp.Find')(re, s);
templateFunctions.regexFindAll ??= (re, s, n) => lib('regexp.FindAll')(re, n, s);
templateFunctions.regexSplit ??= (re, s, n) => lib('regexp.Split')(re, n, s);
templateFunctions.regexReplaceAll ??= (re, s, r) => lib('regexp.Replace')(re, r, s);
