import { def, int, type LibFunc, str } from './types.js';

/** Regular expressions (gomplate `regexp.*`) with Go's argument order and limits. */

const cache = new Map<string, RegExp>();

/** A global JS RegExp for a Go (RE2) pattern; leading `(?i)`, `(?s)`, `(?m)` become flags. */
export function goRegex(pattern: string): RegExp {
  const hit = cache.get(pattern);
  if (hit) {
    hit.lastIndex = 0;
    return hit;
  }
  let flags = 'gu';
  let src = pattern;
  const m = /^\(\?([ims]+)\)/.exec(src);
  if (m) {
    flags += m[1];
    src = src.slice(m[0].length);
  }
  const re = new RegExp(src.replace(/\(\?P</g, '(?<'), flags);
  if (cache.size > 1000) cache.clear();
  cache.set(pattern, re);
  return re;
}

function findAll(pattern: string, n: number, input: string): string[] {
  if (n === 0) return [];
  const out: string[] = [];
  for (const m of input.matchAll(goRegex(pattern))) {
    out.push(m[0]);
    if (n > 0 && out.length >= n) break;
  }
  return out;
}

/** Go's Regexp.Split: n < 0 all, 0 none, n > 0 at most n pieces. */
function split(pattern: string, n: number, input: string): string[] {
  if (n === 0) return [];
  const out: string[] = [];
  let at = 0;
  for (const m of input.matchAll(goRegex(pattern))) {
    if (n > 0 && out.length === n - 1) break;
    if (m[0] === '' && (m.index === 0 || m.index === input.length)) continue;
    out.push(input.slice(at, m.index));
    at = (m.index ?? 0) + m[0].length;
  }
  out.push(input.slice(at));
  return out;
}

// Go's ${1} and $name in replacements; JS understands $1 and $<name>.
const goReplacement = (r: string) =>
  r.replace(/\$\{(\w+)\}|\$([A-Za-z_]\w*)/g, (_m, a?: string, b?: string) => {
    const name = a ?? b ?? '';
    return /^\d+$/.test(name) ? `$${name}` : `$<${name}>`;
  });

export const regexpFuncs: LibFunc[] = [
  def(['regexp.Find'], 2, (p, s) => str(s).match(goRegex(str(p)))?.[0] ?? ''),
  def(['regexp.FindAll'], [2, 3], (...a) =>
    a.length === 2 ? findAll(str(a[0]), -1, str(a[1])) : findAll(str(a[0]), int(a[1]), str(a[2])),
  ),
  def(['regexp.Match', 'regexMatch'], 2, (p, s) => goRegex(str(p)).test(str(s))),
  def(['regexp.QuoteMeta'], 1, (s) => str(s).replace(/[\\.+*?()|[\]{}^$]/g, '\\$&')),
  def(['regexp.Replace'], 3, (p, r, s) => str(s).replace(goRegex(str(p)), goReplacement(str(r)))),
  def(['regexp.ReplaceLiteral'], 3, (p, r, s) => str(s).replace(goRegex(str(p)), () => str(r))),
  def(['regexp.Split'], [2, 3], (...a) =>
    a.length === 2 ? split(str(a[0]), -1, str(a[1])) : split(str(a[0]), int(a[1]), str(a[2])),
  ),
];
