import {
  isJsonPathField,
  RELATIONSHIP_SELECTOR_FIELDS,
  type RelationshipLookup,
  type RelationshipRule,
} from '@opsdeck/schema';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { evaluateCel, queryJsonPath } from '../../expr/index.js';
import type { ScrapedItem } from '../extract.js';

/**
 * transform.relationship: each rule whose `filter` holds for an item selects other config items
 * (by id, external id, name, namespace tag, type and labels, each a static value, a JSONPath into
 * the config, CEL or one of the item's labels; or `expr`, CEL answering a list of selectors) and
 * links the item to them with a soft relationship owned by the scraper. Selectors are worked out
 * while extracting (no database); ingest resolves them and keeps config_relationships in step:
 * edges produced again are revived, edges a clean scrape no longer produced are soft-deleted.
 */

/** What selects the related items: every field set must match. */
export interface RelationshipSelector {
  id?: string;
  external_id?: string;
  name?: string;
  namespace?: string;
  type?: string;
  labels?: Record<string, string>;
}

/** One edge an item asks for: to the items `selector` finds, or from them when `parent`. */
export interface ItemRelationship {
  selector: RelationshipSelector;
  parent: boolean;
  relation: string;
}

/** The relation of an edge whose rule names none. */
export const DEFAULT_RELATION = 'related';
/** selector_id of the edges written here, so a clean scrape removes only its own. */
export const TRANSFORM_SELECTOR_ID = 'transform.relationship';

/** The variables CEL sees for an item (filter, lookups and expr alike). */
export function itemVariables(item: Omit<ScrapedItem, 'relationships'>): Record<string, unknown> {
  return {
    config: item.config,
    id: item.externalId,
    name: item.name,
    type: item.type,
    config_type: item.type,
    class: item.configClass,
    config_class: item.configClass,
    status: item.status,
    health: item.health,
    labels: item.labels,
    tags: item.tags,
    namespace: item.tags.namespace ?? '',
    source: item.source,
  };
}

const text = (v: unknown): string | undefined =>
  v === undefined || v === null || v === ''
    ? undefined
    : typeof v === 'string'
      ? v
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

function lookup(l: RelationshipLookup, item: Omit<ScrapedItem, 'relationships'>, vars: Record<string, unknown>) {
  if (typeof l === 'string') {
    if (!isJsonPathField(l)) return l;
    const hit = queryJsonPath(l.startsWith('@') ? `$${l.slice(1)}` : l, item.config);
    return text(Array.isArray(hit) ? hit[0] : hit);
  }
  if (l.value !== undefined) return l.value;
  if (l.label !== undefined) return item.labels[l.label];
  return text(evaluateCel(l.expr as string, vars));
}

/** A selector from what `expr` answered; undefined when it selects nothing. */
function selectorFrom(v: unknown): RelationshipSelector | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('expr must answer a list of selectors');
  const o = v as Record<string, unknown>;
  const s: RelationshipSelector = {};
  for (const f of RELATIONSHIP_SELECTOR_FIELDS) {
    const t = text(o[f]);
    if (t !== undefined) s[f] = t;
  }
  if (o.labels && typeof o.labels === 'object') {
    s.labels = Object.fromEntries(Object.entries(o.labels as object).map(([k, x]) => [k, String(x)]));
  }
  return Object.keys(s).length ? s : undefined;
}

/** The edges `rules` ask for `item`, and the errors of the rules that failed (named by rule). */
export function relationshipsOf(
  rules: RelationshipRule[] | undefined,
  item: Omit<ScrapedItem, 'relationships'>,
): { relationships: ItemRelationship[]; errors: string[] } {
  const relationships: ItemRelationship[] = [];
  const errors: string[] = [];
  if (!rules?.length) return { relationships, errors };
  const vars = itemVariables(item);
  rules.forEach((rule, i) => {
    try {
      if (rule.filter && evaluateCel(rule.filter, vars) !== true) return;
      const edge = { parent: rule.parent ?? false, relation: rule.relation ?? DEFAULT_RELATION };
      if (rule.expr) {
        const out = evaluateCel(rule.expr, vars);
        for (const v of Array.isArray(out) ? out : [out]) {
          const selector = selectorFrom(v);
          if (selector) relationships.push({ ...edge, selector });
        }
        return;
      }
      const selector: RelationshipSelector = {};
      let unresolved = false;
      for (const f of RELATIONSHIP_SELECTOR_FIELDS) {
        const l = rule[f];
        if (l === undefined) continue;
        const v = lookup(l, item, vars);
        if (v === undefined) unresolved = true;
        else selector[f] = v;
      }
      for (const [k, l] of Object.entries(rule.labels ?? {})) {
        const v = lookup(l, item, vars);
        if (v === undefined) unresolved = true;
        else selector.labels = { ...selector.labels, [k]: v };
      }
      // a field that found nothing must not widen the selector to every item
      if (!unresolved) relationships.push({ ...edge, selector });
    } catch (err) {
      errors.push(`transform.relationship[${i}]: ${(err as Error).message}`);
    }
  });
  return { relationships, errors };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Selectors resolved per statement (each array is one bound parameter). */
const RESOLVE_CHUNK = 5000;

/** Which fields a selector sets: selectors of one shape are resolved in one statement. */
const shapeOf = (s: RelationshipSelector) =>
  [...RELATIONSHIP_SELECTOR_FIELDS.filter((f) => s[f] !== undefined), s.labels ? 'labels' : ''].join(',');

/**
 * The ids of the live items each selector finds (never the item itself, at most 100 each, like
 * Mission Control's lookups), by position in `wanted`. One statement per selector shape (in
 * practice per rule) and chunk, not one per item.
 */
async function resolveAll(
  trx: Transaction<Database>,
  wanted: Array<{ self: string; selector: RelationshipSelector }>,
): Promise<string[][]> {
  const found: string[][] = wanted.map(() => []);
  const shapes = new Map<string, number[]>();
  wanted.forEach((w, n) => {
    if (w.selector.id !== undefined && !UUID.test(w.selector.id)) return; // selects nothing
    const shape = shapeOf(w.selector);
    shapes.set(shape, [...(shapes.get(shape) ?? []), n]);
  });
  for (const [shape, all] of shapes) {
    const fields = shape.split(',').filter(Boolean);
    for (let i = 0; i < all.length; i += RESOLVE_CHUNK) {
      const ns = all.slice(i, i + RESOLVE_CHUNK);
      const col = (f: string) =>
        ns.map((n) => {
          const s = wanted[n]?.selector as RelationshipSelector;
          return f === 'labels' ? JSON.stringify(s.labels) : (s[f as keyof RelationshipSelector] as string);
        });
      const conditions = fields.map((f) => {
        const v = sql.ref(`s.${f}`);
        if (f === 'id') return sql`ci.id = ${v}::uuid`;
        if (f === 'external_id') return sql`ci.external_id @> array[${v}]`;
        if (f === 'namespace') return sql`ci.tags->>'namespace' = ${v}`;
        if (f === 'labels') return sql`ci.labels @> ${v}::jsonb`;
        return sql`ci.${sql.ref(f)} = ${v}`;
      });
      const columns = sql.join([sql`n`, sql`self`, ...fields.map((f) => sql.ref(f))]);
      const arrays = sql.join([
        sql`${ns}::int[]`,
        sql`${ns.map((n) => wanted[n]?.self)}::uuid[]`,
        ...fields.map((f) => sql`${col(f)}::text[]`),
      ]);
      const { rows } = await sql<{ n: number; id: string }>`
        select s.n, m.id from unnest(${arrays}) as s(${columns})
        cross join lateral (
          select ci.id from config_items ci
          where ci.deleted_at is null and ci.id <> s.self ${sql.join(
            conditions.map((c) => sql` and ${c}`),
            sql``,
          )}
          limit 100
        ) m`.execute(trx);
      for (const r of rows) found[r.n]?.push(r.id);
    }
  }
  return found;
}

/**
 * Writes the edges of `items` (their stored ids in `idOf`); after a clean full scrape
 * (`prune`), the scraper's transform edges not written now are soft-deleted. Answers how many
 * edges were written.
 */
export async function storeRelationships(
  trx: Transaction<Database>,
  items: Array<{ id: string; relationships: ItemRelationship[] }>,
  opts: { scraperId: string; now: Date; prune: boolean },
): Promise<number> {
  const edges = new Map<string, [string, string, string]>();
  // each distinct (item, selector) is resolved once
  const wanted = new Map<string, { self: string; selector: RelationshipSelector }>();
  for (const item of items) {
    for (const r of item.relationships) {
      wanted.set(`${item.id}\u0000${JSON.stringify(r.selector)}`, { self: item.id, selector: r.selector });
    }
  }
  const keys = [...wanted.keys()];
  const resolved = await resolveAll(trx, [...wanted.values()]);
  const found = new Map(keys.map((k, n) => [k, resolved[n] as string[]]));
  for (const item of items) {
    for (const r of item.relationships) {
      for (const other of found.get(`${item.id}\u0000${JSON.stringify(r.selector)}`) ?? []) {
        const [from, to] = r.parent ? [other, item.id] : [item.id, other];
        edges.set(`${from}\u0000${to}\u0000${r.relation}`, [from, to, r.relation]);
      }
    }
  }
  const rows = [...edges.values()];
  if (rows.length) {
    await sql`
      insert into config_relationships (config_id, related_id, relation, scraper_id, selector_id, created_at, updated_at)
      select v.c, v.r, v.rel, ${opts.scraperId}::uuid, ${TRANSFORM_SELECTOR_ID}, ${opts.now}, ${opts.now}
      from unnest(${rows.map((e) => e[0])}::uuid[], ${rows.map((e) => e[1])}::uuid[], ${rows.map((e) => e[2])}::text[])
        as v(c, r, rel)
      on conflict on constraint config_relationships_key
      do update set deleted_at = null, selector_id = excluded.selector_id,
        updated_at = case when config_relationships.deleted_at is null then config_relationships.updated_at
                          else excluded.updated_at end`.execute(trx);
  }
  if (opts.prune) {
    await sql`
      update config_relationships cr set deleted_at = ${opts.now}, updated_at = ${opts.now}
      where cr.scraper_id = ${opts.scraperId} and cr.selector_id = ${TRANSFORM_SELECTOR_ID} and cr.deleted_at is null
        and (cr.config_id::text || chr(1) || cr.related_id::text || chr(1) || cr.relation)
          not in (select unnest(${rows.map((e) => e.join('\u0001'))}::text[]))`.execute(trx);
  }
  return rows.length;
}
