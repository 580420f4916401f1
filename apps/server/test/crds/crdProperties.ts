import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The CRD property table: every property path an upstream CRD allows (fixtures/<kind>.paths.json,
 * made by scripts/crd-paths.mjs) must be listed with what OpsDeck does with it, so a field can
 * never silently go missing from a schema again.
 */

/** One property path of a CRD: `spec.actions[].http.headers[].name`; `[]` a list item, `{}` a map value. */
export interface CrdPath {
  path: string;
  /** string | integer | number | boolean | int-or-string | object | `<scalar>[]` | object[] | map<scalar> | map<object> */
  type: string;
  enum?: unknown[];
  format?: string;
}

/**
 * What OpsDeck does with a path: `handled` (validates and the value survives unchanged into the
 * parsed resource), `converted` (validates; the schema turns it into another shape, the string
 * says which) or `refused` (fails, naming the path, with this reason in the message).
 */
export type CrdPathRule = 'handled' | { converted: string } | { refused: string };

export interface CrdPropertyTable<T> {
  /** The fixture's stem: `playbook` reads fixtures/playbook.paths.json. */
  fixture: string;
  /** Validates one document: returns the parsed resource or throws (an `issues` list of path + message, or a message). */
  validate: (doc: unknown) => T;
  /** A valid document the path under test is added to (a fresh copy each time). */
  minimal: () => Record<string, unknown>;
  /**
   * What OpsDeck does with each path. A key covers its own path and every path under it
   * (`spec.actions[].ai` covers `spec.actions[].ai.model`); `*.valueFrom.helmRef` covers it anywhere.
   * The outermost refusal wins, else the most specific key.
   */
  table: Record<string, CrdPathRule>;
  /**
   * What a container needs to be valid, by CRD path of the container: `{ 'spec.actions[]': { name: 'a' } }`
   * seeds every new action; a key starting with `*` seeds every container whose path ends with the rest.
   * A path under test is set inside its seeded containers.
   */
  seeds?: Record<string, Record<string, unknown>>;
  /** A plausible value for a path whose type alone is not enough (a cron line, a CEL expression). */
  samples?: Record<string, unknown>;
  /** Maps a validation issue's path back to the CRD's shape where the schema reshapes it. */
  issuePath?: (path: string) => string;
  /** Completes a document after the path is set (an action with no type yet gets one). */
  prepare?: (doc: Record<string, unknown>, path: string) => void;
}

/** The property paths of a CRD fixture. */
export function crdPaths(fixture: string): CrdPath[] {
  const url = new URL(`./fixtures/${fixture}.paths.json`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { paths: CrdPath[] }).paths;
}

/**
 * How much of `path` table key `key` covers: the length of the covered prefix, or -1. A key covers
 * its own path and the paths under it; a key starting with `*` covers any path holding the rest at
 * a field boundary (`*.valueFrom.helmRef`).
 */
export function coverage(key: string, path: string): number {
  const at = (i: number, part: string) =>
    path.startsWith(part, i) && (path.length === i + part.length || '.[{'.includes(path[i + part.length] as string));
  if (!key.startsWith('*')) return at(0, key) ? key.length : -1;
  const part = key.slice(1);
  for (let i = path.indexOf(part); i >= 0; i = path.indexOf(part, i + 1)) if (at(i, part)) return i + part.length;
  return -1;
}

/** Whether table key `key` covers CRD path `path`. */
export const covers = (key: string, path: string): boolean => coverage(key, path) >= 0;

/**
 * The rule for `path`: the most specific covering key; when that refuses it, the outermost
 * refusal covering it (what a person reads first).
 */
export function ruleFor(table: Record<string, CrdPathRule>, path: string): CrdPathRule | undefined {
  const covering: Array<{ rule: CrdPathRule; len: number; wild: boolean; refused: boolean }> = [];
  for (const [key, rule] of Object.entries(table)) {
    const len = coverage(key, path);
    if (len >= 0)
      covering.push({ rule, len, wild: key.startsWith('*'), refused: typeof rule === 'object' && 'refused' in rule });
  }
  // the most specific key (a written path before a `*` one of the same reach)
  covering.sort((a, b) => b.len - a.len || Number(a.wild) - Number(b.wild));
  const best = covering[0];
  if (!best?.refused) return best?.rule;
  // refused: by the outermost refusal, the one a person reads
  return covering.filter((c) => c.refused).sort((a, b) => a.len - b.len)[0]?.rule;
}

/** The sample of a path: by its path, else a `*`-key it ends with, else one of its type. */
function sampleFor(samples: Record<string, unknown>, p: CrdPath): unknown {
  if (p.path in samples) return samples[p.path];
  for (const [key, v] of Object.entries(samples)) if (key.startsWith('*') && p.path.endsWith(key.slice(1))) return v;
  return sampleValue(p);
}

/** A plausible value of a CRD type. */
export function sampleValue(p: Pick<CrdPath, 'type' | 'enum' | 'format'>): unknown {
  if (p.enum?.length) return p.enum[0];
  const list = p.type.match(/^(.+)\[\]$/);
  if (list) return [sampleValue({ type: list[1] as string })];
  const map = p.type.match(/^map<(.+)>$/);
  if (map) return { k: sampleValue({ type: map[1] as string }) };
  switch (p.type) {
    case 'integer':
    case 'int-or-string':
      return 1;
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    case 'object':
      return { k: 'v' };
    default:
      return p.format === 'date-time' ? '2024-01-01T00:00:00Z' : 'sample';
  }
}

type Segment = string | number;

/** The seed of a container: by its CRD path, else a `*`-key its path ends with (`*.valueFrom.secretKeyRef`). */
function seedFor(seeds: Record<string, Record<string, unknown>>, prefix: string): Record<string, unknown> | undefined {
  if (seeds[prefix]) return seeds[prefix];
  for (const [key, seed] of Object.entries(seeds))
    if (key.startsWith('*') && prefix.endsWith(key.slice(1))) return seed;
  return undefined;
}

/** Sets `value` at a CRD path in `doc`, appending a fresh (seeded) item at every `[]`; returns the concrete path. */
export function setCrdPath(
  doc: Record<string, unknown>,
  path: string,
  value: unknown,
  seeds: Record<string, Record<string, unknown>> = {},
): Segment[] {
  const tokens = path.split('.').flatMap((t) => t.split(/(?=\[\]|\{\})/));
  const concrete: Segment[] = [];
  let cur: Record<string, unknown> | unknown[] = doc;
  let prefix = '';
  for (const [i, token] of tokens.entries()) {
    const last = i === tokens.length - 1;
    prefix += token === '[]' || token === '{}' || !prefix ? token : `.${token}`;
    const seeded = seedFor(seeds, prefix);
    const seed = () => structuredClone(seeded ?? {});
    if (token === '[]') {
      const list = cur as unknown as unknown[];
      list.push(last ? value : seed());
      concrete.push(list.length - 1);
      cur = list[list.length - 1] as Record<string, unknown>;
      continue;
    }
    const key = token === '{}' ? 'k' : token;
    const obj = cur as Record<string, unknown>;
    concrete.push(key);
    if (last) {
      obj[key] = value;
      break;
    }
    const next = tokens[i + 1];
    if (next === '[]') obj[key] = Array.isArray(obj[key]) ? obj[key] : [];
    else if (obj[key] === null || typeof obj[key] !== 'object') obj[key] = { ...seed() };
    else if (seeded) obj[key] = { ...seed(), ...(obj[key] as Record<string, unknown>) };
    cur = obj[key] as Record<string, unknown>;
  }
  return concrete;
}

/** `['spec', 'actions', 1, 'name']` as `spec.actions[1].name`, the form validation errors use. */
export function concretePath(path: readonly Segment[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('');
}

function readPath(value: unknown, path: readonly Segment[]): unknown {
  let cur = value;
  for (const p of path) cur = cur && typeof cur === 'object' ? (cur as Record<Segment, unknown>)[p] : undefined;
  return cur;
}

function issuesOf(err: unknown): Array<{ path: string; message: string }> {
  const issues = (err as { issues?: unknown }).issues;
  if (Array.isArray(issues)) return issues as Array<{ path: string; message: string }>;
  return [{ path: '', message: err instanceof Error ? err.message : String(err) }];
}

/**
 * Registers the property-table tests of one kind: the table covers every CRD path (and names no
 * path the CRD lacks); each handled path validates and survives; each refused path fails, naming
 * the path (or the object holding it) and the reason.
 */
export function describeCrdProperties<T>(t: CrdPropertyTable<T>): void {
  const paths = crdPaths(t.fixture);
  describe(`${t.fixture} CRD property table`, () => {
    it('lists every property path of the CRD, and none it lacks', () => {
      expect(paths.filter((p) => !ruleFor(t.table, p.path)).map((p) => p.path)).toEqual([]);
      const stale = Object.keys(t.table).filter((key) => !paths.some((p) => covers(key, p.path)));
      expect(stale).toEqual([]);
    });
    it('the minimal document is valid', () => {
      expect(() => t.validate(t.minimal())).not.toThrow();
    });
    const listed = paths.filter((p) => ruleFor(t.table, p.path));
    it.each(listed.map((p) => [p.path, p] as const))('%s', (_name, p) => {
      const rule = ruleFor(t.table, p.path) as CrdPathRule;
      const doc = t.minimal();
      const value = sampleFor(t.samples ?? {}, p);
      const at = setCrdPath(doc, p.path, structuredClone(value), t.seeds);
      const where = concretePath(at);
      t.prepare?.(doc, p.path);
      if (typeof rule === 'object' && 'refused' in rule) {
        let error: unknown;
        try {
          t.validate(doc);
        } catch (err) {
          error = err;
        }
        expect(error, `${where} should be refused`).toBeDefined();
        const issues = issuesOf(error).map((i) => ({ ...i, path: t.issuePath ? t.issuePath(i.path) : i.path }));
        const named = issues.filter(
          (i) => where === i.path || where.startsWith(`${i.path}.`) || where.startsWith(`${i.path}[`),
        );
        expect(named.map((i) => `${i.path}: ${i.message}`).join('; ')).toContain(rule.refused);
        return;
      }
      let parsed: T;
      try {
        parsed = t.validate(doc);
      } catch (err) {
        const detail = issuesOf(err).map((i) => `${i.path}: ${i.message}`);
        throw new Error(`${where} should be accepted: ${detail.join('; ')}`);
      }
      if (rule === 'handled') expect(readPath(parsed, at), `${where} should survive parsing`).toEqual(value);
    });
  });
}
