import { type AppChange, type ApplicationReport, BACKUP_CHANGE_TYPES, RESTORE_CHANGE_TYPES } from '@opsdeck/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ConfigRef } from './configs.js';

interface ChangeRow {
  id: string;
  config_id: string;
  config: string | null;
  change_type: string;
  severity: string | null;
  summary: string | null;
  source: string | null;
  created_by: string | null;
  created_at: Date;
  details: Record<string, unknown> | null;
}

/** A list filter: values included and values excluded (either may be empty). */
export interface InOut {
  include: string[];
  exclude: string[];
}

/** Narrowing of a changes list beyond its configs (a changes section's filters). */
export interface ChangeFilter {
  changeTypes?: InOut;
  severities?: InOut;
  sources?: InOut;
  /** People by name or email, or the source's own user name. */
  createdBy?: InOut;
  summary?: string;
  from?: Date;
  to?: Date;
}

function inOut(column: RawBuilder<unknown>, f: InOut | undefined): RawBuilder<unknown> {
  if (!f) return sql``;
  return sql.join(
    [
      f.include.length ? sql`and ${column} = any(${sql.val(f.include)}::text[])` : sql``,
      f.exclude.length ? sql`and (${column} is null or not (${column} = any(${sql.val(f.exclude)}::text[])))` : sql``,
    ],
    sql` `,
  );
}

const by = sql`coalesce(p.name, cc.external_created_by)`;

async function changeRows(
  db: Db,
  configs: ConfigRef[],
  types: readonly string[] | undefined,
  limit: number,
  filter: ChangeFilter = {},
) {
  if (!configs.length) return [];
  const escaped = filter.summary?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const typed = sql.join(
    [
      types ? sql`and cc.change_type = any(${sql.val([...types])}::text[])` : sql``,
      inOut(sql`cc.change_type`, filter.changeTypes),
      inOut(sql`cc.severity`, filter.severities),
      inOut(sql`cc.source`, filter.sources),
      filter.createdBy?.include.length
        ? sql`and (${by} = any(${sql.val(filter.createdBy.include)}::text[]) or p.email = any(${sql.val(filter.createdBy.include)}::text[]))`
        : sql``,
      filter.createdBy?.exclude.length
        ? sql`and not coalesce(${by} = any(${sql.val(filter.createdBy.exclude)}::text[]) or p.email = any(${sql.val(filter.createdBy.exclude)}::text[]), false)`
        : sql``,
      escaped ? sql`and cc.summary ilike ${`%${escaped}%`}` : sql``,
      filter.from ? sql`and cc.created_at >= ${filter.from}` : sql``,
      filter.to ? sql`and cc.created_at <= ${filter.to}` : sql``,
    ],
    sql` `,
  );
  const { rows } = await sql<ChangeRow>`
    select cc.id, cc.config_id, ci.name as config, cc.change_type, cc.severity, cc.summary, cc.source,
      ${by} as created_by, cc.created_at, cc.details
    from config_changes cc
    join config_items ci on ci.id = cc.config_id
    left join people p on p.id = cc.created_by
    where cc.config_id = any(${sql.val(configs.map((c) => c.id))}::uuid[]) ${typed}
    order by cc.created_at desc, cc.id limit ${limit}`.execute(db.kysely);
  return rows;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The latest changes of `configs`, newest first. */
export async function recentChanges(
  db: Db,
  configs: ConfigRef[],
  limit = 100,
  filter?: ChangeFilter,
): Promise<AppChange[]> {
  return (await changeRows(db, configs, undefined, limit, filter)).map((r) => ({
    id: r.id,
    configId: r.config_id,
    config: r.config,
    changeType: r.change_type,
    severity: r.severity,
    summary: r.summary,
    source: r.source,
    createdBy: r.created_by,
    date: iso(r.created_at),
  }));
}

/** A detail the backup tool reported, by any of its usual spellings. */
function detail(details: Record<string, unknown> | null, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = details?.[k];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return null;
}

const BACKUP_STATUS: Record<string, string> = {
  BackupCompleted: 'completed',
  BackupSuccessful: 'completed',
  BackupFailed: 'failed',
  BackupRunning: 'running',
  BackupStarted: 'running',
  BackupEnqueued: 'queued',
};

/** Backups of the datasources: their changes typed Backup*, newest first. */
export async function backups(db: Db, datasources: ConfigRef[], limit = 500): Promise<ApplicationReport['backups']> {
  return (await changeRows(db, datasources, BACKUP_CHANGE_TYPES, limit)).map((r) => ({
    id: r.id,
    database: r.config,
    type: r.change_type,
    source: r.source,
    date: iso(r.created_at),
    size: detail(r.details, 'size', 'Size', 'bytes'),
    status: detail(r.details, 'status') ?? BACKUP_STATUS[r.change_type] ?? 'unknown',
  }));
}

/** Restores of the datasources (BackupRestored, RestoreCompleted), newest first. */
export async function restores(db: Db, datasources: ConfigRef[], limit = 500): Promise<ApplicationReport['restores']> {
  return (await changeRows(db, datasources, RESTORE_CHANGE_TYPES, limit)).map((r) => ({
    id: r.id,
    database: r.config,
    date: iso(r.created_at),
    source: detail(r.details, 'source', 'backup') ?? r.source,
    status: detail(r.details, 'status') ?? 'completed',
    completedAt: detail(r.details, 'completedAt', 'completed_at') ?? iso(r.created_at),
  }));
}
