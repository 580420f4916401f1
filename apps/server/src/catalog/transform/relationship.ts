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

/** The ids of the live items `s` selects (never the item itself). */
async function resolve(trx: Transaction<Database>, s: RelationshipSelector, self: string): Promise<string[]> {
  let q = trx.selectFrom('config_items').select('id').where('deleted_at', 'is', null).where('id', '!=', self);
  if (s.id !== undefined) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s.id)) return [];
    q = q.where('id', '=', s.id);
  }
  if (s.external_id !== undefined) q = q.where(sql<boolean>`external_id @> array[${s.external_id}]::text[]`);
  if (s.name !== undefined) q = q.where('name', '=', s.name);
  if (s.type !== undefined) q = q.where('type', '=', s.type);
  if (s.namespace !== undefined) q = q.where(sql<boolean>`tags->>'namespace' = ${s.namespace}`);
  if (s.labels && Object.keys(s.labels).length) q = q.where(sql<boolean>`labels @> ${JSON.stringify(s.labels)}::jsonb`);
  // a selector matches a bounded number of items, like the reference's lookups
  return (await q.limit(100).execute()).map((r) => r.id);
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
  const cache = new Map<string, string[]>();
  for (const item of items) {
    for (const r of item.relationships) {
      const key = `${item.id}\u0000${JSON.stringify(r.selector)}`;
      let found = cache.get(key);
      if (!found) {
        found = await resolve(trx, r.selector, item.id);
        cache.set(key, found);
      }
      for (const other of found) {
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
