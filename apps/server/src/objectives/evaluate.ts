import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/types.js';
import { every, runJob } from '../jobs/jobHistory.js';
import { firingAlerts, loadAlertStates, OBJECTIVE_ALERTS, setAlert } from './alerts.js';
import { computeObjective, exclusionsOf, loadShared, selectObjective } from './figures.js';
import { dropDeletedObjectiveHours, keepHours } from './hours.js';
import { loadObjectives } from './store.js';

/** job_history name of an evaluation of the objectives' alerts. */
export const OBJECTIVES_JOB = 'ServiceLevelObjectives';

/** How often the alerts are evaluated: a burn is announced within this (plus the event queue's round). */
export const OBJECTIVES_INTERVAL_MS = 30_000;

/**
 * How long one evaluation may spend computing hours to keep: a new objective over many checks is
 * filled over several runs rather than delaying every objective's alerts.
 */
const KEEP_BUDGET_MS = 15_000;

/** What one evaluation did: the events it queued (`<event> <namespace>/<name>`) and the objectives that failed. */
export interface EvaluationResult {
  events: string[];
  errors: string[];
  /** Hours computed and kept (hours.ts). */
  keptHours: number;
}

/**
 * Evaluates every objective at the clock's now and queues an event for each alert that started or
 * stopped firing (slo.burn.critical, slo.burn.warning, slo.budget.exhausted and their resolutions).
 * First it brings each objective's kept hours up to date, so reads compute little from results.
 */
export async function evaluateObjectives(db: Kysely<Database>, clock: Clock): Promise<EvaluationResult> {
  const result: EvaluationResult = { events: [], errors: [], keptHours: 0 };
  await dropDeletedObjectiveHours(db);
  const objectives = await loadObjectives(db);
  if (objectives.length === 0) return result;
  const now = clock.now();
  const [shared, states] = await Promise.all([
    loadShared(db),
    loadAlertStates(
      db,
      objectives.map((o) => o.id),
    ),
  ]);
  const deadline = performance.now() + KEEP_BUDGET_MS;
  for (const o of objectives) {
    try {
      const sel = await selectObjective(db, o, shared);
      result.keptHours += await keepHours(db, {
        objectiveId: o.id,
        fingerprint: sel.fingerprint,
        checkIds: sel.checks.map((c) => c.id),
        rule: sel.rule,
        windowMs: sel.windowMs,
        now: now.getTime(),
        exclusions: (from, to) => exclusionsOf(sel, from, to),
        deadline,
      });
      const { figures } = await computeObjective(db, o, now.getTime(), shared);
      const wanted = firingAlerts(figures);
      for (const { alert } of OBJECTIVE_ALERTS) {
        const was = states.get(o.id)?.get(alert) ?? false;
        if (was === wanted[alert]) continue;
        const event = await setAlert(db, figures, alert, wanted[alert], now);
        if (event) result.events.push(`${event} ${o.namespace}/${o.name}`);
      }
    } catch (err) {
      result.errors.push(`${o.namespace}/${o.name}: ${(err as Error).message}`);
    }
  }
  return result;
}

/** Evaluates the objectives periodically in a process that does background work, each run a job_history row. */
export function startObjectiveEvaluation(
  ctx: AppContext,
  log: { error(obj: unknown, msg?: string): void },
): { stop(): Promise<void>; runNow(): Promise<unknown> } {
  return every(
    OBJECTIVES_INTERVAL_MS,
    async () => {
      // no row in job_history every 30 s for a server without objectives
      if ((await loadObjectives(ctx.db.kysely)).length === 0) return;
      await runJob(ctx.db, ctx.clock, { name: OBJECTIVES_JOB, resourceType: 'service_level_objective' }, async () => {
        const r = await evaluateObjectives(ctx.db.kysely, ctx.clock);
        return { success: r.events.length, errors: r.errors, details: { events: r.events, keptHours: r.keptHours } };
      });
    },
    { onError: (err) => log.error({ err }, 'objective evaluation failed') },
  );
}
