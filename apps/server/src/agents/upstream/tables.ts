import { type RawBuilder, sql } from 'kysely';

/**
 * The tables an agent pushes upstream, in dependency order (parents before children): catalog
 * (scrapers, items, changes, analysis), topology (topologies, components), health (canaries,
 * checks, results), the links between them, then job history. Migrations 250 and 251 put a
 * trigger on each that queues changed rows in upstream_outbox.
 */
export const PUSH_TABLE_NAMES = [
  'config_scrapers',
  'config_items',
  'config_changes',
  'config_analysis',
  'topologies',
  'components',
  'canaries',
  'checks',
  'check_statuses',
  'config_relationships',
  'config_component_relationships',
  'component_relationships',
  'check_config_relationships',
  'check_component_relationships',
  'job_history',
] as const;
export type PushTableName = (typeof PUSH_TABLE_NAMES)[number];

export interface PushTable {
  name: PushTableName;
  /** Primary-key columns (the outbox stores them as the row's key). */
  key: string[];
  /**
   * Whose row it is upstream: the table's own `agent_id` (stamped by the upstream), or its parent's
   * (the row belongs to the agent that owns the parent).
   */
  owner: { parent: PushTableName; column: string } | 'agent_id';
  /** Foreign keys to other pushed tables: a failed child sends these parents again. */
  parents: Record<string, PushTableName>;
  /** Columns never taken from the agent: local people, scheduling state of the agent's own scheduler. */
  skip: string[];
}

const id = ['id'];
export const PUSH_TABLES: Record<PushTableName, PushTable> = {
  config_scrapers: { name: 'config_scrapers', key: id, owner: 'agent_id', parents: {}, skip: ['created_by'] },
  config_items: {
    name: 'config_items',
    key: id,
    owner: 'agent_id',
    parents: { scraper_id: 'config_scrapers', parent_id: 'config_items' },
    skip: ['created_by'],
  },
  config_changes: {
    name: 'config_changes',
    key: id,
    owner: { parent: 'config_items', column: 'config_id' },
    parents: { config_id: 'config_items' },
    skip: ['created_by'],
  },
  config_analysis: {
    name: 'config_analysis',
    key: id,
    owner: { parent: 'config_items', column: 'config_id' },
    parents: { config_id: 'config_items', scraper_id: 'config_scrapers' },
    skip: ['created_by'],
  },
  // next_runtime stays empty upstream: the upstream's topology scheduler never runs an agent's topology
  topologies: {
    name: 'topologies',
    key: id,
    owner: 'agent_id',
    parents: {},
    skip: ['created_by', 'next_runtime', 'claimed_by'],
  },
  components: {
    name: 'components',
    key: id,
    owner: 'agent_id',
    parents: { topology_id: 'topologies', parent_id: 'components' },
    skip: ['created_by'],
  },
  canaries: { name: 'canaries', key: id, owner: 'agent_id', parents: {}, skip: ['created_by'] },
  checks: { name: 'checks', key: id, owner: 'agent_id', parents: { canary_id: 'canaries' }, skip: [] },
  check_statuses: {
    name: 'check_statuses',
    key: ['check_id', 'time'],
    owner: { parent: 'checks', column: 'check_id' },
    parents: { check_id: 'checks' },
    // when this database got the result: the health summary reads new results by it
    skip: ['created_at'],
  },
  // links: keyed by their unique columns, owned through the row they hang off
  config_relationships: {
    name: 'config_relationships',
    key: ['related_id', 'config_id', 'relation', 'scraper_id'],
    owner: { parent: 'config_items', column: 'config_id' },
    parents: { config_id: 'config_items', related_id: 'config_items', scraper_id: 'config_scrapers' },
    skip: [],
  },
  config_component_relationships: {
    name: 'config_component_relationships',
    key: ['component_id', 'config_id'],
    owner: { parent: 'config_items', column: 'config_id' },
    parents: { config_id: 'config_items', component_id: 'components' },
    skip: [],
  },
  component_relationships: {
    name: 'component_relationships',
    key: ['component_id', 'relationship_id', 'selector_id'],
    owner: { parent: 'components', column: 'component_id' },
    parents: { component_id: 'components', relationship_id: 'components' },
    skip: [],
  },
  check_config_relationships: {
    name: 'check_config_relationships',
    key: ['check_id', 'config_id'],
    owner: { parent: 'checks', column: 'check_id' },
    parents: { check_id: 'checks', config_id: 'config_items', canary_id: 'canaries' },
    skip: [],
  },
  check_component_relationships: {
    name: 'check_component_relationships',
    key: ['component_id', 'check_id', 'selector_id'],
    owner: { parent: 'checks', column: 'check_id' },
    parents: { check_id: 'checks', component_id: 'components', canary_id: 'canaries' },
    skip: [],
  },
  job_history: { name: 'job_history', key: id, owner: 'agent_id', parents: {}, skip: [] },
};

/** Key columns that may be null or empty (a link without a scraper or relation name). */
export const OPTIONAL_KEYS = new Set(['scraper_id', 'relation', 'selector_id']);

export function isPushTable(name: string): name is PushTableName {
  return (PUSH_TABLE_NAMES as readonly string[]).includes(name);
}

/** A row's key as the outbox stores it (`{id}` or `{check_id, time}`). */
export function keyOf(table: PushTable, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(table.key.map((k) => [k, row[k]]));
}

/** SQL that matches a row `a` to a key `b` on the table's key columns (null equals null on optional ones). */
export function keyMatch(t: PushTable, a: string, b: string): RawBuilder<boolean> {
  return sql.join(
    t.key.map((k) =>
      OPTIONAL_KEYS.has(k)
        ? sql`${sql.ref(`${a}.${k}`)} is not distinct from ${sql.ref(`${b}.${k}`)}`
        : sql`${sql.ref(`${a}.${k}`)} = ${sql.ref(`${b}.${k}`)}`,
    ),
    sql` and `,
  ) as RawBuilder<boolean>;
}
