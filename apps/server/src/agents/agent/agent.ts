import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type Kysely, sql } from 'kysely';
import { longLivedController } from '../../abort.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/types.js';
import { every, runJob } from '../../jobs/jobHistory.js';
import { actionContextFor } from '../../playbooks/context.js';
import { PUSH_TABLE_NAMES, PUSH_TABLES } from '../upstream/tables.js';
import { startActionRunner } from './actionRunner.js';
import { type UpstreamClient, upstreamClient } from './client.js';
import type { UpstreamConfig } from './config.js';
import { pullOnce } from './pull.js';
import { pushOnce } from './push.js';

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface UpstreamAgent {
  /** One push run now (tests); answers false when another process of this agent holds the claim. */
  pushNow(): Promise<boolean>;
  pingNow(): Promise<void>;
  /** One pull run now (tests): the canaries and scrapers assigned upstream applied here. */
  pullNow(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Marks this database as an agent's (upstream_state); the first time, queues every row already
 * there so the upstream gets the agent's whole state, not only what changes from now on.
 */
export async function enterAgentMode(db: Kysely<Database>, config: UpstreamConfig): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ inserted: boolean }>`
      insert into upstream_state (agent_name, upstream_url) values (${config.agentName}, ${config.url})
      on conflict (id) do update set agent_name = excluded.agent_name, upstream_url = excluded.upstream_url
      returning (xmax = 0) as inserted`.execute(trx);
    if (!rows[0]?.inserted) return;
    for (const name of PUSH_TABLE_NAMES) {
      const key = sql.join(PUSH_TABLES[name].key.map((k) => sql`${sql.lit(k)}::text, to_jsonb(${sql.ref(k)})`));
      await sql`
        insert into upstream_outbox (table_name, row_key, op, seq)
        select ${name}, jsonb_build_object(${key}), 'upsert', nextval('upstream_outbox_seq') from ${sql.table(name)}
        on conflict (table_name, row_key) do nothing`.execute(trx);
    }
  });
}

/** Started without an upstream: stop queueing (the outbox would only grow) and drop what was queued. */
export async function leaveAgentMode(db: Kysely<Database>, log?: Logger): Promise<void> {
  const { rows } = await sql<{ n: string }>`
    with gone as (delete from upstream_state returning 1) select count(*)::text as n from gone`.execute(db);
  if (rows[0]?.n === '0') return;
  const { rows: dropped } = await sql<{ n: string }>`
    with gone as (delete from upstream_outbox returning 1) select count(*)::text as n from gone`.execute(db);
  log?.warn(
    { dropped: Number(dropped[0]?.n ?? 0) },
    'OPSDECK_UPSTREAM_URL is not set any more: agent mode ended, unpushed rows dropped',
  );
}

/** Push (or pull) runs kept in job history (and so upstream, which receives the deletions): the last 3 that succeeded, 6 others. */
export async function trimPushHistory(db: Kysely<Database>, name = 'PushToUpstream'): Promise<void> {
  await sql`
    delete from job_history where id in (
      select id from (
        select id, status, row_number() over (partition by status = 'SUCCESS' order by created_at desc) as n
        from job_history where name = ${name} and status <> 'RUNNING'
      ) ranked
      where n > case when status = 'SUCCESS' then 3 else 6 end)`.execute(db);
}

// the claim columns of upstream_state: the push job's, and the pull job's (migration 251)
const CLAIMS = {
  push: { by: 'claimed_by', until: 'claimed_until' },
  pull: { by: 'pull_claimed_by', until: 'pull_claimed_until' },
} as const;

/** One process of an agent pushes (pulls) at a time: the claim is upstream_state.claimed_by until claimed_until. */
async function claim(db: Kysely<Database>, owner: string, forMs: number, job: keyof typeof CLAIMS): Promise<boolean> {
  const by = sql.ref(CLAIMS[job].by);
  const until = sql.ref(CLAIMS[job].until);
  const res = await sql`
    update upstream_state set ${by} = ${owner}, ${until} = now() + ${`${Math.ceil(forMs / 1000)} seconds`}::interval
    where ${until} is null or ${until} < now() or ${by} = ${owner}`.execute(db);
  return Number(res.numAffectedRows ?? 0) === 1;
}

async function release(db: Kysely<Database>, owner: string, job: keyof typeof CLAIMS): Promise<void> {
  await sql`update upstream_state set ${sql.ref(CLAIMS[job].until)} = now()
            where ${sql.ref(CLAIMS[job].by)} = ${owner}`.execute(db);
}

/**
 * Agent mode (OPSDECK_UPSTREAM_URL): the push job every `pushIntervalMs` (one job_history row
 * `PushToUpstream` a run, claimed so several processes of one agent never push twice) and the
 * heartbeat every `pingIntervalMs`, the pull of assigned canaries and scrapers every
 * `pullIntervalMs` (`PullFromUpstream`, claimed the same way), and the long poll for playbook
 * actions with `runsOn` this agent. Checks, scrapers and topologies keep running locally as always.
 */
export async function startUpstreamAgent(
  ctx: AppContext,
  config: UpstreamConfig,
  log?: Logger,
  opts: { client?: UpstreamClient; timers?: boolean } = {},
): Promise<UpstreamAgent> {
  const db = ctx.db.kysely;
  await enterAgentMode(db, config);
  const shutdown = longLivedController();
  const client = opts.client ?? upstreamClient(config, shutdown.signal);
  const owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const push = async (): Promise<boolean> => {
    if (!(await claim(db, owner, Math.max(60_000, config.pushIntervalMs * 3), 'push'))) return false;
    try {
      await runJob(
        ctx.db,
        ctx.clock,
        { name: 'PushToUpstream', resourceType: 'agent', resourceId: config.agentName },
        () => pushOnce(db, client),
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await sql`update upstream_state set last_error = ${message}`.execute(db);
      throw err;
    } finally {
      await trimPushHistory(db);
      await release(db, owner, 'push');
    }
    return true;
  };
  const pull = async (): Promise<boolean> => {
    if (!(await claim(db, owner, Math.max(60_000, config.pullIntervalMs * 3), 'pull'))) return false;
    try {
      await runJob(
        ctx.db,
        ctx.clock,
        { name: 'PullFromUpstream', resourceType: 'agent', resourceId: config.agentName },
        () => pullOnce(db, ctx.clock, client),
      );
    } finally {
      await trimPushHistory(db, 'PullFromUpstream');
      await release(db, owner, 'pull');
    }
    return true;
  };
  const ping = async () => {
    await client.ping();
  };
  const timers = opts.timers !== false;
  const pusher = timers
    ? every(config.pushIntervalMs, push, {
        firstMs: 1000,
        onError: (err) => log?.warn({ err: String(err) }, 'push to upstream failed; rows stay queued'),
      })
    : undefined;
  const pinger = timers
    ? every(config.pingIntervalMs, ping, {
        firstMs: 200,
        onError: (err) => log?.warn({ err: String(err) }, 'upstream ping failed'),
      })
    : undefined;
  const puller = timers
    ? every(config.pullIntervalMs, pull, {
        firstMs: 500,
        onError: (err) =>
          log?.warn({ err: String(err) }, 'pull from upstream failed; assigned checks stay as they were'),
      })
    : undefined;
  // playbook actions with runsOn this agent: long polls, so only where background work runs
  const runner = timers ? startActionRunner(client, actionContextFor(ctx), shutdown.signal, log) : undefined;
  log?.info({ upstream: config.url, agent: config.agentName }, 'agent mode: pushing to upstream');
  return {
    pushNow: async () => ((await (pusher?.runNow() ?? push())) as boolean | undefined) ?? false,
    pullNow: async () => ((await (puller?.runNow() ?? pull())) as boolean | undefined) ?? false,
    pingNow: ping,
    async stop() {
      shutdown.abort(new Error('OpsDeck is shutting down'));
      await pusher?.stop();
      await pinger?.stop();
      await puller?.stop();
      await runner;
    },
  };
}

/** What server.ts starts: agent mode when OPSDECK_UPSTREAM_URL is set, else leaves it if it was on. */
export async function startUpstream(ctx: AppContext, log?: Logger): Promise<UpstreamAgent | undefined> {
  if (ctx.config.upstream) return startUpstreamAgent(ctx, ctx.config.upstream, log);
  await leaveAgentMode(ctx.db.kysely, log);
  return undefined;
}
