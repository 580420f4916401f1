import { sql } from 'kysely';
import { parseTagSelectors, tagConditions } from '../catalog/query/filters.js';
import type { Db } from '../db/connection.js';
import type { StoredView } from './refresh.js';

/** Rows read from other views' tables by one query. */
const MAX_TABLE_ROWS = 20_000;

/** The live views a viewTableSelector names (never `self`), in name order. */
export async function selectViews(
  db: Db,
  selector: { name?: string; namespace?: string; labelSelector?: string },
  defaultNamespace: string,
): Promise<StoredView[]> {
  const name = selector.name ?? '*';
  const pattern = name.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll('*', '%');
  const labels = tagConditions(
    sql`v.labels`,
    parseTagSelectors('viewTableSelector.labelSelector', selector.labelSelector),
  );
  const { rows } = await sql<StoredView>`
    select id, name, namespace, spec from views v
    where deleted_at is null and namespace = ${selector.namespace ?? defaultNamespace}
      and name ilike ${pattern} ${labels.length ? sql`and ${sql.join(labels, sql` and `)}` : sql``}
    order by name`.execute(db.kysely);
  return rows;
}

/** The stored rows of a view for one variable set, without their per-cell attributes. */
export async function storedRows(
  db: Db,
  view: StoredView,
  fingerprint: string,
): Promise<Array<Record<string, unknown>>> {
  const { rows } = await sql<{ row: Record<string, unknown> | string }>`
    select row from view_rows where view_id = ${view.id} and request_fingerprint = ${fingerprint}
    order by ordinal limit ${MAX_TABLE_ROWS}`.execute(db.kysely);
  return rows.map((r) => {
    const { __attributes: _drop, ...row } = (typeof r.row === 'string' ? JSON.parse(r.row) : r.row) as Record<
      string,
      unknown
    >;
    return { ...row, __view: `${view.namespace}/${view.name}` };
  });
}
