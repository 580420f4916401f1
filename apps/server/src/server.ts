import type { FastifyInstance } from 'fastify';
import { startUpstream } from './agents/index.js';
import { buildApp } from './app.js';
import { startApplicationSchedule } from './applications/schedule.js';
import { type CatalogWorker, startCatalogWorker } from './catalog/runs/worker.js';
import { createSampleScraper } from './catalog/sample.js';
import { systemClock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { createSampleCanary, type HealthWorker, sampleDataEnabled, startHealthWorker } from './health/index.js';
import { bootstrapAdmin } from './identity/index.js';
import { startIncidentRulesJob } from './incidents/rules/job.js';
import { createSampleLogBackend } from './logs/sample.js';
import { notificationOptionsFromConfig } from './notifications/config.js';
import { createEventConsumer } from './notifications/worker.js';
import { startObjectiveEvaluation } from './objectives/evaluate.js';
import { playbookRecipientRunner } from './playbooks/notify.js';
import { startPlaybookWorker } from './playbooks/start.js';
import { logSandbox } from './sandbox/index.js';
import { createSampleTopology } from './topology/sample.js';
import { startTopologyWorker, type TopologyWorker } from './topology/worker.js';
import { createSampleView } from './views/sample.js';
import { WorkerRegistry } from './workers/registry.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** Resolves once the server has shut down (signal or `stop`). */
  closed: Promise<void>;
  stop(): Promise<void>;
}

/** Opens the database, migrates, listens, and shuts down gracefully on SIGINT/SIGTERM. */
export async function startServer(config: Config): Promise<RunningServer> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let built: Awaited<ReturnType<typeof buildApp>> | undefined;
  let migrated: Awaited<ReturnType<typeof migrate>>;
  try {
    migrated = await migrate(db);
    // first start: create the administrator (prints a generated password once)
    await bootstrapAdmin({ db, config, clock: systemClock });
    built = await buildApp({ config, db });
    if (migrated.applied.length) built.app.log.info({ applied: migrated.applied }, 'database migrated');
    logSandbox(config.sandbox, built.app.log); // Run Now runs checks in API processes too
    await built.app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // nothing may keep the process alive holding the database (and its lock) after a failed start
    await built?.app.close().catch(() => {});
    await db.close().catch(() => {});
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `port ${config.port} on ${config.host} is already in use; stop what listens there or choose another port (--port or PORT)`,
      );
    }
    throw err;
  }
  const { app, ctx } = built;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  console.log(`OpsDeck is running: open ${url} (${where})`);

  // incident rules open and settle incidents from check state, in processes that run background work
  const incidentRules =
    config.role === 'api'
      ? undefined
      : startIncidentRulesJob({
          db: db.kysely,
          clock: ctx.clock,
          onError: (err) => app.log.error({ err }, 'incident rules run failed'),
        });

  // a fresh embedded database gets a canary that checks OpsDeck itself (OPSDECK_SAMPLE_DATA=false: none)
  if (db.kind === 'pglite' && migrated.applied.includes('020_health') && sampleDataEnabled()) {
    await createSampleCanary(ctx, port).catch((err) => app.log.warn({ err }, 'sample canary not created'));
  }
  if (db.kind === 'pglite' && migrated.applied.includes('144_logging_backends') && sampleDataEnabled()) {
    await createSampleLogBackend(ctx).catch((err) => app.log.warn({ err }, 'sample log backend not created'));
  }
  if (db.kind === 'pglite' && migrated.applied.includes('170_topology') && sampleDataEnabled()) {
    await createSampleTopology(ctx, port).catch((err) => app.log.warn({ err }, 'sample topology not created'));
  }
  if (db.kind === 'pglite' && migrated.applied.includes('230_views') && sampleDataEnabled()) {
    await createSampleView(ctx).catch((err) => app.log.warn({ err }, 'sample view not created'));
  }
  if (db.kind === 'pglite' && migrated.applied.includes('120_catalog_runs') && sampleDataEnabled()) {
    await createSampleScraper(ctx).catch((err) => app.log.warn({ err }, 'sample scraper not created'));
  }
  // processes that do background work register and heartbeat; each takes over what a dead one held
  const workers =
    config.role === 'api' ? undefined : new WorkerRegistry({ db, role: config.role, ...config.workers, log: app.log });
  await workers?.start();
  // the check scheduler runs in processes that do background work
  let health: HealthWorker | undefined;
  if (workers) health = await startHealthWorker(ctx, app.log, { registry: workers });
  // scheduled scrapes and catalog retention, likewise
  let catalog: CatalogWorker | undefined;
  if (workers) catalog = await startCatalogWorker(ctx, app.log, { registry: workers });
  // topology runs and roll-ups: the same processes
  const topology: TopologyWorker | undefined =
    config.role === 'all' || config.role === 'worker' ? startTopologyWorker(ctx, app.log) : undefined;

  // scheduled application reports (spec.schedule): the same processes
  const applicationReports =
    config.role === 'all' || config.role === 'worker' ? startApplicationSchedule(ctx, app.log) : undefined;
  // burn-rate alerts of service level objectives: the same processes
  const objectives =
    config.role === 'all' || config.role === 'worker' ? startObjectiveEvaluation(ctx, app.log) : undefined;

  // durable event consumers (notifications): only processes that run background work
  const events =
    config.role === 'all' || config.role === 'worker'
      ? createEventConsumer(
          db.kysely,
          ctx.clock,
          // playbook recipients run through the playbook engine
          { ...notificationOptionsFromConfig(db, config), runPlaybook: playbookRecipientRunner(ctx) },
          app.log,
        )
      : undefined;
  events?.start();
  // playbook runs and actions: claimed from their tables by processes that run background work
  const playbooks = config.role === 'api' ? undefined : startPlaybookWorker(ctx, app.log);
  // agent mode (OPSDECK_UPSTREAM_URL): push what runs here to the upstream (docs/agents.md)
  const upstream = config.role === 'api' ? undefined : await startUpstream(ctx, app.log);

  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await upstream?.stop();
      workers?.leave(); // still heartbeats while its runs finish, takes over no one
      await health?.stop(); // finishes running checks and writes their results
      await catalog?.stop(); // aborts running scrapes; each stores what it read as a failed run
      // marked stopped: the others take over at once whatever it claimed and did not store
      await workers?.stop().catch((err) => app.log.warn({ err }, 'workers: marking this process stopped failed'));
      await topology?.stop();
      await applicationReports?.stop();
      await objectives?.stop();
      await events?.stop(); // finishes the sends in flight; unclaimed events wait in the queue
      await playbooks?.stop(); // finishes the actions in flight, hands the rest back to the queue
      await incidentRules?.stop();
      await app.close(); // stops accepting, drains in-flight requests, runs onClose hooks
      await db.close();
      resolveClosed();
    })();
    return stopping;
  };
  const onSignal = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    void stop().then(() => clearTimeout(force));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return { app, url, closed, stop };
}
