import { type AppChange, type ApplicationReport, BACKUP_CHANGE_TYPES, RESTORE_CHANGE_TYPES } from '@opsdeck/schema';
import { sql } from 'kysely';
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

/** Narrowing of a changes list beyond its configs (a changes section's filters). */
export interface ChangeFilter {
  severities?: string[];
  from?: Date;
  to?: Date;
}

async function changeRows(
  db: Db,
  configs: ConfigRef[],
  types: readonly string[] | undefined,
  limit: number,
  filter: ChangeFilter = {},
) {
  if (!configs.length) return [];
  const typed = sql.join(
    [
      types ? sql`and cc.change_type = any(${sql.val([...types])}::text[])` : sql``,
      filter.severities ? sql`and cc.severity = any(${sql.val(filter.severities)}::text[])` : sql``,
      filter.from ? sql`and cc.created_at >= ${filter.from}` : sql``,
      filter.to ? sql`and cc.created_at <= ${filter.to}` : sql``,
    ],
    sql` `,
  );
  const { rows } = await sql<ChangeRow>`
    select cc.id, cc.config_id, ci.name as config, cc.change_type, cc.severity, cc.summary, cc.source,
      coalesce(p.name, cc.external_created_by) as created_by, cc.created_at, cc.details
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
  filter?: ChangeFilter & { types?: string[] },
): Promise<AppChange[]> {
  return (await changeRows(db, configs, filter?.types, limit, filter)).map((r) => ({
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
