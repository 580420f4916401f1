import { sql } from 'kysely';
import type { Executor } from '../../events/queue.js';

/** The last push a webhook check received (table check_pushes, migration 280). */
export interface CheckPush {
  receivedAt: Date;
  up: boolean;
  message: string | null;
  pingMs: number | null;
}

/** The live webhook check whose token is `token`, or undefined. */
export async function checkForPushToken(db: Executor, token: string): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    select c.id from checks c join canaries k on k.id = c.canary_id
    where c.type = 'webhook' and c.deleted_at is null and k.deleted_at is null
      and c.spec->'token'->>'value' = ${token}
    limit 1`.execute(db);
  return rows[0]?.id;
}

/** Keeps `push` as the check's last push. */
export async function recordPush(db: Executor, checkId: string, push: CheckPush): Promise<void> {
  await sql`
    insert into check_pushes (check_id, received_at, up, message, ping_ms)
    values (${checkId}, ${push.receivedAt}, ${push.up}, ${push.message}, ${push.pingMs})
    on conflict (check_id) do update set received_at = excluded.received_at, up = excluded.up,
      message = excluded.message, ping_ms = excluded.ping_ms`.execute(db);
}

/** The check's last push, or undefined when it never received one. */
export async function lastPush(db: Executor, checkId: string): Promise<CheckPush | undefined> {
  const { rows } = await sql<{ received_at: Date; up: boolean; message: string | null; ping_ms: number | null }>`
    select received_at, up, message, ping_ms from check_pushes where check_id = ${checkId}`.execute(db);
  const r = rows[0];
  return r ? { receivedAt: new Date(r.received_at), up: r.up, message: r.message, pingMs: r.ping_ms } : undefined;
}
