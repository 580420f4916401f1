import { def, type LibFunc, str } from './types.js';

/**
 * Semantic versions as gomplate's `Semver` and `SemverCompare` (Masterminds/semver) read them:
 * `v1.2.3-alpha+meta`, partial versions (`1.2`), and constraints such as `>=1.2.0, <2`, `~1.2`,
 * `^1`, `1.x`, `!=1.3.0`, alternatives with `||`. A bare version as constraint means equality.
 */

interface Version {
  major: number;
  minor: number;
  patch: number;
  prerelease: string;
  metadata: string;
  original: string;
}

const VERSION = /^v?(\d+)(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/;

export function parseSemver(text: string): Version {
  const m = VERSION.exec(text.trim());
  if (!m) throw new Error(`invalid semantic version ${JSON.stringify(text)}`);
  const n = (s?: string) => (s === undefined || /[xX*]/.test(s) ? 0 : Number(s));
  return {
    major: n(m[1]),
    minor: n(m[2]),
    patch: n(m[3]),
    prerelease: m[4] ?? '',
    metadata: m[5] ?? '',
    original: text,
  };
}

function comparePre(a: string, b: string): number {
  if (a === b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function compareSemver(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch || comparePre(a.prerelease, b.prerelease);
}

/** True when `v` satisfies one comparison (`>=1.2`, `~1.2.3`, `^1`, `1.x`, `1.2.3`). */
function satisfiesOne(v: Version, term: string): boolean {
  const m = /^(>=|<=|!=|=|>|<|~>?|\^)?\s*(.+)$/.exec(term.trim());
  if (!m) throw new Error(`invalid constraint ${JSON.stringify(term)}`);
  const op = m[1] ?? '';
  const text = m[2] as string;
  const c = parseSemver(text);
  const parts = text.replace(/^v/, '').split(/[-+]/)[0]?.split('.') ?? [];
  const wild = parts.findIndex((p) => /^[xX*]$/.test(p));
  const given = wild === -1 ? parts.length : wild;
  const cmp = compareSemver(v, c);
  // Without a prerelease in the constraint, prereleases never satisfy it (Masterminds' rule).
  if (v.prerelease && !c.prerelease) return op === '!=' || op === '<';
  const upper = (level: number): Version => {
    const u = { ...c, prerelease: '' };
    if (level <= 0) Object.assign(u, { major: c.major + 1, minor: 0, patch: 0 });
    else Object.assign(u, { minor: c.minor + 1, patch: 0 });
    return u;
  };
  const below = (u: Version) => compareSemver(v, u) < 0;
  switch (op) {
    case '>':
      return cmp > 0;
    case '<':
      return cmp < 0;
    case '>=':
      return cmp >= 0;
    case '<=':
      return cmp <= 0;
    case '!=':
      return cmp !== 0;
    case '~':
    case '~>':
      return cmp >= 0 && below(upper(given <= 1 ? 0 : 1));
    case '^':
      return cmp >= 0 && below(upper(c.major > 0 || given === 1 ? 0 : 1));
    default:
      if (given < 3) return cmp >= 0 && below(upper(given <= 1 ? 0 : 1));
      return cmp === 0;
  }
}

/** Whether `version` satisfies `constraint` (terms joined by `,` or spaces; `||` alternatives). */
export function semverSatisfies(constraint: string, version: string): boolean {
  const v = parseSemver(version);
  return constraint.split('||').some((alt) =>
    alt
      .trim()
      .replace(/([<>=!~^]+)\s+/g, '$1')
      .split(/[\s,]+/)
      .filter(Boolean)
      .every((t) => satisfiesOne(v, t)),
  );
}

function semverMap(text: string): Record<string, string> {
  const v = parseSemver(text);
  return {
    major: String(v.major),
    minor: String(v.minor),
    patch: String(v.patch),
    prerelease: v.prerelease,
    metadata: v.metadata,
    original: v.original,
  };
}

export const semverFuncs: LibFunc[] = [
  def(['Semver', 'strings.Semver', 'semver'], 1, (s) => semverMap(str(s))),
  def(['SemverCompare', 'strings.SemverCompare', 'semverCompare'], 2, (c, v) => semverSatisfies(str(c), str(v))),
];
