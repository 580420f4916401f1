import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

/**
 * check_statuses has one partition per UTC day (`check_statuses_pYYYYMMDD`, migration 420) and a
 * default partition for anything outside them. The retention job keeps the days around now
 * created ahead and drops whole days past the retention; the SQL functions do the DDL under one
 * advisory lock, so several processes running the job at once do not collide.
 */

const DAY = 86_400_000;
/** Days created behind and ahead of now: a process whose clock lags, and a week of slack should the job stop. */
const BEHIND = 1;
const AHEAD = 7;

const startOfDay = (t: Date) => new Date(Math.floor(t.getTime() / DAY) * DAY);
const isoDay = (t: Date) => t.toISOString().slice(0, 10);

/** Creates the partitions of yesterday through a week ahead that do not exist yet; how many it created. */
export async function addCheckStatusPartitions(db: Db, now: Date): Promise<number> {
  const today = startOfDay(now).getTime();
  let added = 0;
  for (let d = -BEHIND; d <= AHEAD; d++) {
    const day = isoDay(new Date(today + d * DAY));
    const { rows } = await sql<{ added: boolean }>`select check_statuses_add_partition(${day}::date) as added`.execute(
      db.kysely,
    );
    if (rows[0]?.added) added++;
  }
  return added;
}

/** The UTC days that have a partition, oldest first. */
export async function checkStatusPartitionDays(db: Db): Promise<Date[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'check_statuses'::regclass`.execute(db.kysely);
  const days: Date[] = [];
  for (const { name } of rows) {
    const m = /^check_statuses_p(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (m) days.push(new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`));
  }
  return days.sort((a, b) => a.getTime() - b.getTime());
}

/**
 * Drops every day partition that ends at or before `cutoff` (all its rows are older); the rows of
 * the day that straddles the cutoff are left for a row delete. Returns how many it dropped.
 */
export async function dropCheckStatusPartitions(db: Db, cutoff: Date): Promise<number> {
  let dropped = 0;
  for (const day of await checkStatusPartitionDays(db)) {
    if (day.getTime() + DAY > cutoff.getTime()) break;
    const { rows } = await sql<{ dropped: boolean }>`
      select check_statuses_drop_partition(${isoDay(day)}::date) as dropped`.execute(db.kysely);
    if (rows[0]?.dropped) dropped++;
  }
  return dropped;
}
