import { longLivedController } from '../abort.js';
import { connectionResolver } from '../connections/resolver.js';
import type { AppContext } from '../context.js';
import { every } from '../jobs/jobHistory.js';
import { sandboxPolicy } from '../sandbox/config.js';
import type { WorkerRegistry } from '../workers/registry.js';
import { closeCheckDrivers } from './drivers.js';
import { announceResults } from './live.js';
import { healthMetrics } from './metrics.js';
import { ResultWriter } from './results.js';
import { applyCheckRetention } from './retention.js';
import { CanaryRunner } from './runner.js';
import { Scheduler } from './scheduler.js';
import { OrphanRunner } from './takeover.js';

interface Logger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

const onDemand = new WeakMap<AppContext, { runner: CanaryRunner; writer: ResultWriter }>();

/**
 * The runner behind Run Now: no timers (buildApp stays free of background work); the caller
 * flushes the writer after each run so the result is stored before the reply.
 */
export function onDemandRunner(ctx: AppContext, log?: Logger): { runner: CanaryRunner; writer: ResultWriter } {
  let r = onDemand.get(ctx);
  if (!r) {
    const metrics = healthMetrics(ctx.metrics);
    const writer = new ResultWriter(ctx.db, {
      onError: (err) => log?.error({ err }, 'storing a check result failed'),
      onStored: (rows) => {
        metrics.countStored(rows);
        announceResults(ctx, rows, log);
      },
    });
    const runner = new CanaryRunner({
      clock: ctx.clock,
      db: ctx.db,
      resolver: connectionResolver(ctx),
      writer,
      metrics,
      sandbox: sandboxPolicy(ctx.config),
    });
    r = { runner, writer };
    onDemand.set(ctx, r);
  }
  return r;
}

/** A running scheduler with its writer; `stop` drains in-flight checks and writes what is pending. */
export interface HealthWorker {
  scheduler: Scheduler;
  runner: CanaryRunner;
  writer: ResultWriter;
  stop(graceMs?: number): Promise<void>;
}

/** Starts the check scheduler of a worker process (`OPSDECK_ROLE` all or worker). */
export async function startHealthWorker(
  ctx: AppContext,
  log?: Logger,
  opts: { timers?: boolean; registry?: WorkerRegistry } = {},
): Promise<HealthWorker> {
  const shutdown = longLivedController();
  const metrics = healthMetrics(ctx.metrics);
  const writer = new ResultWriter(ctx.db, {
    onError: (err) => log?.error({ err }, 'storing check results failed'),
    onStored: (rows) => {
      metrics.countStored(rows);
      announceResults(ctx, rows, log);
    },
  });
  const runner = new CanaryRunner({
    clock: ctx.clock,
    db: ctx.db,
    resolver: connectionResolver(ctx),
    writer,
    metrics,
    signal: shutdown.signal,
    sandbox: sandboxPolicy(ctx.config),
  });
  const owner = opts.registry?.id;
  const scheduler = new Scheduler({ db: ctx.db, runner, clock: ctx.clock, log, timers: opts.timers, owner });
  // slots a dead worker claimed and never stored run here, once, when this process finds it dead
  const orphans = owner ? new OrphanRunner({ db: ctx.db, runner, clock: ctx.clock, owner, log }) : undefined;
  if (orphans) opts.registry?.onTakeover((dead) => orphans.takeOver(dead));
  writer.start();
  await scheduler.start();
  // hourly, first a minute after start; several processes may each run it, deletes are idempotent
  const retention = every(3_600_000, () => applyCheckRetention(ctx.db, ctx.clock), {
    firstMs: 60_000,
    onError: (err) => log?.error({ err }, 'check history retention failed'),
  });
  return {
    scheduler,
    runner,
    writer,
    async stop(graceMs = 10_000) {
      await retention.stop();
      orphans?.stop();
      await scheduler.stop(graceMs);
      shutdown.abort(new Error('OpsDeck is shutting down'));
      await runner.idle();
      await writer.stop();
      await closeCheckDrivers();
    },
  };
}
