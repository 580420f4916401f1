import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { parseSchedule } from '../health/index.js';
import { startRun } from './runs.js';

/**
 * Schedule triggers (`on.schedule[{schedule, parameters}]`): due rows of playbook_schedules are
 * claimed by moving next_runtime forward in the claiming transaction (FOR UPDATE SKIP LOCKED),
 * as the check scheduler claims canary runs, so with several processes each firing happens once.
 */
export async function fireSchedules(
  ctx: AppContext,
  log?: { warn(obj: unknown, msg?: string): void },
): Promise<boolean> {
  const now = ctx.clock.now();
  const due = await ctx.db.kysely.transaction().execute(async (trx) => {
    const { rows } = await sql<{ playbook_id: string; schedule_index: number; schedule: string }>`
      select playbook_id, schedule_index, schedule from playbook_schedules
      where next_runtime <= ${now}
      order by next_runtime limit 20
      for update skip locked`.execute(trx);
    for (const r of rows) {
      const next = parseSchedule(r.schedule, `${r.playbook_id}:${r.schedule_index}`).next(now);
      await trx
        .updateTable('playbook_schedules')
        .set({ next_runtime: next })
        .where('playbook_id', '=', r.playbook_id)
        .where('schedule_index', '=', r.schedule_index)
        .execute();
    }
    return rows;
  });
  for (const r of due) {
    const spec = await ctx.db.kysely
      .selectFrom('playbooks')
      .select('spec')
      .where('id', '=', r.playbook_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const params = (spec?.spec as { on?: { schedule?: Array<{ parameters?: Record<string, unknown> }> } } | undefined)
      ?.on?.schedule?.[r.schedule_index]?.parameters;
    try {
      await startRun(ctx, null, { id: r.playbook_id, ...(params ? { params } : {}) });
    } catch (err) {
      log?.warn({ err, playbook: r.playbook_id }, 'scheduled playbook run could not start');
    }
  }
  return due.length > 0;
}
