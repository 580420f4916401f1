import { posix } from 'node:path';
import { def, type LibFunc, list, str } from './types.js';

/** Slash-separated path helpers (gomplate `filepath.*`), purely lexical: nothing touches the disk. */

/** Go's filepath.Match glob (`*`, `?`, `[...]`; `*` does not cross `/`). */
function globMatch(pattern: string, name: string): boolean {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) throw new Error('syntax error in pattern');
      re += `[${pattern
        .slice(i + 1, end)
        .replace(/^\^/, '^')
        .replace(/^!/, '^')}]`;
      i = end;
    } else if (c === '\\') re += `\\${pattern[++i] ?? ''}`;
    else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`).test(name);
}

const clean = (p: string) => (p === '' ? '.' : posix.normalize(p).replace(/(.)\/$/, '$1'));

export const filepathFuncs: LibFunc[] = [
  def(['filepath.Base', 'base'], 1, (p) => (str(p) === '' ? '.' : posix.basename(str(p)) || '/')),
  def(['filepath.Clean', 'clean'], 1, (p) => clean(str(p))),
  def(['filepath.Dir', 'dir'], 1, (p) => posix.dirname(str(p))),
  def(['filepath.Ext', 'ext'], 1, (p) => posix.extname(str(p))),
  def(['filepath.IsAbs', 'isAbs'], 1, (p) => posix.isAbsolute(str(p))),
  def(['filepath.Join'], [1, 20], (...a) => clean(posix.join(...a.flatMap(list).map(str)))),
  def(['filepath.Match'], 2, (p, n) => globMatch(str(p), str(n))),
  def(['filepath.Rel'], 2, (b, t) => posix.relative(str(b), str(t)) || '.'),
  def(['filepath.Split'], 1, (p) => {
    const s = str(p);
    const at = s.lastIndexOf('/') + 1;
    return [s.slice(0, at), s.slice(at)];
  }),
  def(['filepath.ToSlash', 'filepath.FromSlash'], 1, (p) => str(p)),
  def(['filepath.VolumeName'], 1, () => ''),
];
