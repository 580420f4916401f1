import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { maskedColumn } from '../rest/secrets.js';
import { queryTopology } from './query.js';

/**
 * `GET /api/snapshot/topology/:id`: a zip to attach to a ticket or read offline.
 * JSON files (not Mission Control's CSVs: they keep nested properties and summaries readable)
 * plus a README that says what each file holds. With `related`, the components linked by
 * selectors and the configs related to the linked configs come along.
 */

const README = (name: string, at: string, since: string, related: boolean) => `# Snapshot of ${name}

Taken ${at}. Check results and config changes since ${since}.${related ? ' Includes related components and configs.' : ''}

- components.json: the component and everything below it, with status, health, properties and summary
- checks.json: the checks linked to those components, each with its statuses in the window
- configs.json: the config items linked to the components${related ? ' and the items related to them' : ''}
- config_changes.json: changes of those config items in the window
- insights.json: open insights (analysis) of those config items
- incidents.json: incidents with evidence on the components
`;

export interface SnapshotOptions {
  since: Date;
  related: boolean;
  now: Date;
}

/** The zip of one component's snapshot, or undefined when the component does not exist. */
export async function topologySnapshot(db: Db, id: string, opts: SnapshotOptions): Promise<Uint8Array | undefined> {
  const tree = await queryTopology(db, { id, depth: 10, labels: {}, status: [], types: [] });
  if (!tree) return undefined;
  const root = tree.components[0] as Record<string, unknown>;
  const ids: string[] = [];
  const walk = (n: Record<string, unknown>) => {
    ids.push(n.id as string);
    for (const c of (n.components ?? []) as Array<Record<string, unknown>>) walk(c);
  };
  walk(root);
  const k = db.kysely;
  const { rows: checks } = await sql<Record<string, unknown>>`
    select distinct on (k.id) r.component_id, k.id, k.name, k.type, k.status, k.labels, k.last_runtime,
      (select coalesce(jsonb_agg(jsonb_build_object('time', s.time, 'status', s.status,
              'message', ${maskedColumn('check_statuses', 'message', sql`s.message`, 'text')},
              'error', ${maskedColumn('check_statuses', 'error', sql`s.error`, 'text')},
              'duration', s.duration) order by s.time desc), '[]'::jsonb)
         from check_statuses s where s.check_id = k.id and s.time >= ${opts.since}) as statuses
    from check_component_relationships r join checks k on k.id = r.check_id
    where r.deleted_at is null and r.component_id = any(${ids}::uuid[])`.execute(k);
  const { rows: linked } = await sql<{ config_id: string }>`
    select config_id from config_component_relationships
    where deleted_at is null and component_id = any(${ids}::uuid[])`.execute(k);
  let configIds = [...new Set(linked.map((r) => r.config_id))];
  if (opts.related && configIds.length) {
    const { rows: rel } = await sql<{ id: string }>`
      select related_id as id from config_relationships where deleted_at is null and config_id = any(${configIds}::uuid[])
      union select config_id from config_relationships where deleted_at is null and related_id = any(${configIds}::uuid[])`.execute(
      k,
    );
    configIds = [...new Set([...configIds, ...rel.map((r) => r.id)])];
  }
  const { rows: configs } = await sql`
    select id, name, type, config_class, status, health, labels, tags, config, created_at, updated_at
    from config_items where id = any(${configIds}::uuid[])`.execute(k);
  const { rows: changes } = await sql`
    select id, config_id, change_type, severity, source, summary, details, created_at from config_changes
    where config_id = any(${configIds}::uuid[]) and created_at >= ${opts.since} order by created_at desc`.execute(k);
  const { rows: insights } = await sql`
    select id, config_id, analyzer, analysis_type, severity, summary, message, first_observed, last_observed
    from config_analysis where config_id = any(${configIds}::uuid[]) and status = 'open'`.execute(k);
  const { rows: incidents } = await sql`
    select distinct i.id, i.incident_id, i.title, i.type, i.status, i.severity, i.created_at, e.component_id
    from evidences e join hypotheses h on h.id = e.hypothesis_id join incidents i on i.id = h.incident_id
    where e.component_id = any(${ids}::uuid[])`.execute(k);
  const json = (v: unknown) => strToU8(`${JSON.stringify(v, null, 2)}\n`);
  return zipSync({
    'README.md': strToU8(README(String(root.name), opts.now.toISOString(), opts.since.toISOString(), opts.related)),
    'components.json': json(tree.components),
    'checks.json': json(checks),
    'configs.json': json(configs),
    'config_changes.json': json(changes),
    'insights.json': json(insights),
    'incidents.json': json(incidents),
  });
}
