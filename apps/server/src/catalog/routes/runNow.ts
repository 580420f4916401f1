import { scrapeSchedule } from '@opsdeck/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedAgentCodeRefusal } from '../../agents/index.js';
import { connectionResolver } from '../../connections/resolver.js';
import type { AppContext } from '../../context.js';
import { badRequest, DomainError, notFound } from '../../errors.js';
import { parseSchedule } from '../../health/index.js';
import { outcomeStatus } from '../../jobs/jobHistory.js';
import { sandboxPolicy } from '../../sandbox/config.js';
import { claimNow, releaseLease } from '../runs/lease.js';
import { loadStoredScraper, runLeaseMs, runStoredScraper } from '../runs/run.js';

/**
 * Run Now of a scraper (Mission Control's config-db `POST /run/:id`): `POST
 * /api/catalog/scrapers/:id/run` scrapes and stores it at once, under the same lease as scheduled
 * runs (409 while it is running anywhere), and answers what the run did once it is stored. Needs
 * update on config_scrapers (editors and admins), as saving the scraper does.
 */

/** The answer of Run Now. */
export interface RunNowAnswer {
  scraper_id: string;
  status: 'SUCCESS' | 'WARNING' | 'FAILED';
  /** job_history.details.scrape_summary of the run; null when the spec could not be read. */
  summary: unknown;
  errors: string[];
  warnings: string[];
  duration_millis: number;
}

const params = z.object({ id: z.uuid({ error: 'expected a scraper id (uuid)' }) });

export async function runNowRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/catalog/scrapers/:id/run',
    { config: { auth: { resource: 'config_scrapers', action: 'update' } }, schema: { params } },
    async (request): Promise<RunNowAnswer> => {
      const { id } = request.params;
      const scraper = await loadStoredScraper(ctx.db, id);
      if (!scraper) throw notFound(`scraper ${id} not found`);
      if (scraper.deleted) throw badRequest(`scraper ${id} is deleted and cannot run`);
      const refusal = await storedAgentCodeRefusal(ctx.db.kysely, ctx.config.sandbox.exec, 'config_scrapers', id);
      if (refusal) throw new DomainError('forbidden', refusal);
      const started = ctx.clock.now();
      let firstRun = new Date(started.getTime() + 3_600_000);
      try {
        firstRun = parseSchedule(scrapeSchedule((scraper.spec ?? {}) as { schedule?: string }), id).first(started);
      } catch {
        // an invalid spec still runs, as a failed job that names the problem
      }
      const until = new Date(started.getTime() + runLeaseMs(scraper.spec));
      if (!(await claimNow(ctx.db, id, started, until, firstRun))) {
        throw new DomainError('conflict', `scraper ${scraper.name} is already running; try again when it is done`);
      }
      let result: Awaited<ReturnType<typeof runStoredScraper>>;
      try {
        result = await runStoredScraper(ctx.db, scraper, {
          clock: ctx.clock,
          sandbox: sandboxPolicy(ctx.config),
          resolver: connectionResolver(ctx),
        });
      } finally {
        await releaseLease(ctx.db, id);
      }
      const run = result.run;
      const success = run ? run.summary.added + run.summary.updated + run.summary.unchanged : 0;
      return {
        scraper_id: id,
        status: outcomeStatus(success, result.errors.length) as RunNowAnswer['status'],
        summary: run?.summary ?? null,
        errors: result.errors,
        warnings: run?.warnings ?? [],
        duration_millis: ctx.clock.now().getTime() - started.getTime(),
      };
    },
  );
}
