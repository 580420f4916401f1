import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { longLivedController } from '../abort.js';
import { connectionResolver } from '../connections/resolver.js';
import type { AppContext } from '../context.js';
import { LOCAL_AGENT_ID } from '../db/types.js';
import { parseSchedule } from '../health/index.js';
import { every } from '../jobs/jobHistory.js';
import { sandboxPolicy } from '../sandbox/config.js';
import { linkComponents } from './link.js';
import { recomputeRollups } from './rollup.js';
import { runTopology } from './run.js';

/**
 * The background work of the topology domain, in processes that run background work:
 * - runs due topologies, each claimed in the database by moving `topologies.next_runtime`
 *   forward only where it still holds the due time (the check scheduler's pattern), so with
 *   several processes on one PostgreSQL only one runs it;
 * - keeps links and roll-ups current: every `watchMs` it takes the checks whose status changed
 *   from component_rollup_queue (filled by a trigger on checks) and looks for incidents,
 *   insights and new checks or config items since the last look, then re-links and rolls up the
 *   topologies they touch (well within the 5 s the issue allows).
 */

interface Logger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface TopologyWorker {
  /** One pass of each loop now (tests). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

const OWNER = () => `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Claims and runs the topologies due now (this OpsDeck's own: an agent's run on the agent); answers how many ran. */
export async function runDueTopologies(
  ctx: AppContext,
  owner: string,
  signal?: AbortSignal,
  log?: Logger,
): Promise<number> {
  const { rows } = await sql<{ id: string; name: string; schedule: string | null; next_runtime: Date }>`
    select id, name, schedule, next_runtime from topologies
    where deleted_at is null and next_runtime <= now() and agent_id = ${LOCAL_AGENT_ID}::uuid
    order by next_runtime limit 20`.execute(ctx.db.kysely);
  let ran = 0;
  for (const t of rows) {
    if (signal?.aborted) break;
    let next: Date;
    try {
      next = parseSchedule(t.schedule ?? '@every 5m', t.id).next(ctx.clock.now());
    } catch {
      next = new Date(ctx.clock.now().getTime() + 300_000);
    }
    const claimed = await sql`
      update topologies set next_runtime = ${next}, claimed_by = ${owner}
      where id = ${t.id} and next_runtime = ${t.next_runtime}`.execute(ctx.db.kysely);
    if (Number(claimed.numAffectedRows ?? 0) !== 1) continue; // another process won it
    ran++;
    await runTopology(
      { db: ctx.db, clock: ctx.clock, resolver: connectionResolver(ctx), sandbox: sandboxPolicy(ctx.config), signal },
      t.id,
    ).catch((err) => log?.error({ err, topology: t.name }, 'topology run failed'));
  }
  return ran;
}

/** The topologies touched by what changed since `since`; `relink` when checks or config items appeared. */
async function touchedSince(
  ctx: AppContext,
  since: Date,
): Promise<{ topologies: string[]; relink: boolean; now: Date; taken: string[] }> {
  // check transitions come through a queue the checks trigger fills (a result is stamped with its
  // run time, which can be well before its transaction commits); the rest by time
  const { rows: queued } = await sql<{ check_id: string; topology_id: string | null }>`
    with taken as (delete from component_rollup_queue returning check_id)
    select distinct t.check_id, c.topology_id from taken t
      left join check_component_relationships r on r.check_id = t.check_id and r.deleted_at is null
      left join components c on c.id = r.component_id`.execute(ctx.db.kysely);
  const { rows } = await sql<{ topology_id: string | null; now: Date }>`
    select c.topology_id, now() from evidences e join hypotheses h on h.id = e.hypothesis_id
      join incidents i on i.id = h.incident_id join components c on c.id = e.component_id
      where i.updated_at > ${since} or e.created_at > ${since}
    union
    select c.topology_id, now() from config_component_relationships r join config_analysis a on a.config_id = r.config_id
      join components c on c.id = r.component_id
      where r.deleted_at is null and coalesce(a.last_observed, a.first_observed) > ${since}
    union
    select null, now() as now`.execute(ctx.db.kysely);
  const { rows: fresh } = await sql<{ n: string }>`
    select (select count(*) from checks where created_at > ${since} or deleted_at > ${since})
         + (select count(*) from config_items where updated_at > ${since} or deleted_at > ${since}) as n`.execute(
    ctx.db.kysely,
  );
  return {
    topologies: [...new Set([...queued, ...rows].flatMap((r) => (r.topology_id ? [r.topology_id] : [])))],
    relink: Number(fresh[0]?.n ?? 0) > 0,
    now: rows[0]?.now ?? new Date(),
    taken: [...new Set(queued.map((q) => q.check_id))],
  };
}

/** Starts the topology scheduler and the roll-up watcher. */
export function startTopologyWorker(
  ctx: AppContext,
  log?: Logger,
  opts: { runEveryMs?: number; watchMs?: number; timers?: boolean } = {},
): TopologyWorker {
  const owner = OWNER();
  const shutdown = longLivedController();
  let since: Date | undefined;
  const watch = async () => {
    if (!since) {
      const { rows } = await sql<{ now: Date }>`select now() as now`.execute(ctx.db.kysely);
      since = rows[0]?.now ?? new Date();
      return;
    }
    // look again a second back: a transaction that committed late is not missed (roll-ups are idempotent)
    const t = await touchedSince(ctx, new Date(since.getTime() - 1000));
    since = t.now;
    try {
      if (t.relink) await linkComponents(ctx.db);
      if (t.relink) await recomputeRollups(ctx.db);
      else if (t.topologies.length) await recomputeRollups(ctx.db, t.topologies);
    } catch (err) {
      // hand the transitions back so the next pass (here or in another worker) rolls them up
      await sql`insert into component_rollup_queue (check_id) select unnest(${t.taken}::uuid[])
        on conflict (check_id) do nothing`.execute(ctx.db.kysely);
      throw err;
    }
  };
  const run = () => runDueTopologies(ctx, owner, shutdown.signal, log);
  const timers = opts.timers !== false;
  const runner = timers
    ? every(opts.runEveryMs ?? 2000, run, {
        firstMs: 500,
        onError: (err) => log?.error({ err }, 'topology runs failed'),
      })
    : undefined;
  const watcher = timers
    ? every(opts.watchMs ?? 1000, watch, {
        firstMs: 100,
        onError: (err) => log?.warn({ err }, 'topology roll-up failed'),
      })
    : undefined;
  return {
    async tick() {
      await run();
      await watch();
    },
    async stop() {
      shutdown.abort(new Error('OpsDeck is shutting down'));
      await runner?.stop();
      await watcher?.stop();
    },
  };
}
