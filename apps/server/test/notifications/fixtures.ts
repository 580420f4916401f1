import { sql } from 'kysely';
import type { Db } from '../../src/db/connection.js';
import type { ChannelMessage } from '../../src/notifications/channels/types.js';

/** What a failing check sends through a channel, for the channel tests. */
export const channelMessage: ChannelMessage = {
  title: 'api-health is unhealthy',
  body: '**Error:** connection refused',
  properties: {},
  event: 'check.failed',
  env: { check: { name: 'api-health' } },
};

/** A canary with one check (health tables of migration 020), healthy at first; returns the check id. */
export async function createCheck(
  db: Db,
  name: string,
  labels: Record<string, string> = {},
): Promise<{ id: string; canaryId: string }> {
  const { rows } = await sql<{ id: string }>`
    insert into canaries (name, namespace, spec) values (${`canary-${name}`}, 'default', '{}'::jsonb) returning id`.execute(
    db.kysely,
  );
  const canaryId = (rows[0] as { id: string }).id;
  const { rows: checks } = await sql<{ id: string }>`
    insert into checks (canary_id, type, name, namespace, labels, status)
    values (${canaryId}, 'http', ${name}, 'default', ${JSON.stringify(labels)}::jsonb, 'healthy') returning id`.execute(
    db.kysely,
  );
  return { id: (checks[0] as { id: string }).id, canaryId };
}

/** Records a result and moves the check's status; the health trigger queues check.passed / check.failed. */
export async function setCheckStatus(
  db: Db,
  checkId: string,
  status: 'healthy' | 'unhealthy',
  error = '',
): Promise<void> {
  await sql`insert into check_statuses (check_id, time, status, duration, message, error)
            values (${checkId}, clock_timestamp(), ${status === 'healthy'}, 12, ${status === 'healthy' ? 'OK' : ''}, ${error})`.execute(
    db.kysely,
  );
  await sql`update checks set status = ${status}, last_runtime = clock_timestamp() where id = ${checkId}`.execute(
    db.kysely,
  );
}
