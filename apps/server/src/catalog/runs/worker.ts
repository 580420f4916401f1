import { connectionResolver } from '../../connections/resolver.js';
import type { AppContext } from '../../context.js';
import { every } from '../../jobs/jobHistory.js';
import { sandboxPolicy } from '../../sandbox/config.js';
import type { WorkerRegistry } from '../../workers/registry.js';
import { applyCatalogRetention } from '../retention/job.js';
import { KubeWatchManager } from './kubeWatch.js';
import { processOwner, releaseLeasesOf } from './lease.js';
import { runStoredScraper } from './run.js';
import { ScrapeScheduler } from './scheduler.js';

interface Logger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface CatalogWorker {
  scheduler: ScrapeScheduler;
  watches: KubeWatchManager;
  stop(graceMs?: number): Promise<void>;
}

/** Starts scheduled scraping and catalog retention in a worker process (`OPSDECK_ROLE` all or worker). */
export async function startCatalogWorker(
  ctx: AppContext,
  log?: Logger,
  opts: { timers?: boolean; registry?: WorkerRegistry } = {},
): Promise<CatalogWorker> {
  const sandbox = sandboxPolicy(ctx.config);
  const resolver = connectionResolver(ctx);
  const scheduler = new ScrapeScheduler({
    db: ctx.db,
    clock: ctx.clock,
    log,
    timers: opts.timers,
    run: (scraper, signal) => runStoredScraper(ctx.db, scraper, { clock: ctx.clock, sandbox, resolver, signal }),
  });
  await scheduler.start();
  // a dead worker's scrapes run again at their next slot, not once their lease runs out
  opts.registry?.onTakeover((dead) => releaseLeasesOf(ctx.db, dead));
  // kubernetes scrapers this process ran last are watched between their scrapes
  const watches = new KubeWatchManager({ db: ctx.db, clock: ctx.clock, owner: processOwner, resolver, log });
  const watchSync =
    opts.timers === false
      ? undefined
      : every(10_000, () => watches.sync(), {
          firstMs: 10_000,
          onError: (err) => log?.warn({ err }, 'kubernetes watches: sync failed'),
        });
  // hourly, first five minutes after start; several processes may each run it, every step is idempotent
  const retention =
    opts.timers === false
      ? undefined
      : every(3_600_000, () => applyCatalogRetention(ctx.db, ctx.clock), {
          firstMs: 5 * 60_000,
          onError: (err) => log?.error({ err }, 'catalog retention failed'),
        });
  return {
    scheduler,
    watches,
    async stop(graceMs = 10_000) {
      await watchSync?.stop();
      await watches.stop();
      await retention?.stop();
      await scheduler.stop(graceMs);
    },
  };
}
