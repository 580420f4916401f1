import { DEFAULT_OBJECTIVE_ALERTS, type ObjectiveChecks, type ObjectiveFigures, parseDuration } from '@opsdeck/schema';
import type { Executor } from '../events/queue.js';
import { occurrences } from '../maintenance/spec.js';
import { loadMaintenanceWindows, type MaintenanceWindow, windowCovers } from '../maintenance/windows.js';
import { liveChecks, type PageItem } from '../statusPages/items.js';
import { type Budget, type BudgetAlert, computeBudget } from './budget.js';
import { selectObjectiveChecks } from './checks.js';
import { type Exclusion, type MinuteRule, readMinutes } from './minutes.js';
import type { StoredObjective } from './store.js';

const ms = (d: string) => parseDuration(d) ?? 0;

/** What one computation read besides the figures (the detail page shows it). */
export interface ObjectiveComputation {
  figures: ObjectiveFigures;
  budget: Budget;
  checks: PageItem[];
  /** The maintenance intervals that covered a selected check inside the window. */
  maintenance: Array<{ window: MaintenanceWindow; start: number; end: number }>;
  from: number;
}

/** What several objectives computed at once share: the live checks and maintenance windows. */
export interface Shared {
  live: PageItem[];
  windows: MaintenanceWindow[];
}

export async function loadShared(db: Executor): Promise<Shared> {
  const [live, windows] = await Promise.all([liveChecks(db), loadMaintenanceWindows(db)]);
  return { live, windows };
}

/** The alerts of a spec, the SRE workbook's pair when it names none. */
export function objectiveAlerts(o: StoredObjective): BudgetAlert[] {
  return (o.spec.alerts?.length ? o.spec.alerts : DEFAULT_OBJECTIVE_ALERTS).map((a) => ({
    ...a,
    longMs: ms(a.long),
    shortMs: ms(a.short),
  }));
}

function indicatorOf(o: StoredObjective): { checks: ObjectiveChecks; rule: MinuteRule } {
  const { availability, latency } = o.spec.indicator;
  if (latency) {
    return {
      checks: latency.checks,
      rule: { kind: 'latency', thresholdMs: ms(latency.threshold), percentile: latency.percentile },
    };
  }
  return { checks: (availability as { checks: ObjectiveChecks }).checks, rule: { kind: 'availability' } };
}

/** Computes an objective's figures at `now` from stored results, maintenance time left out. */
export async function computeObjective(
  db: Executor,
  o: StoredObjective,
  now: number,
  shared?: Shared,
): Promise<ObjectiveComputation> {
  const { live, windows } = shared ?? (await loadShared(db));
  const { checks: selector, rule } = indicatorOf(o);
  const checks = await selectObjectiveChecks(db, selector, live);
  const windowMs = ms(o.spec.window);
  const from = now - windowMs;
  const maintenance: ObjectiveComputation['maintenance'] = [];
  const exclusions: Exclusion[] = [];
  for (const w of windows) {
    const covered = checks.filter((c) => windowCovers(w, 'check', c));
    if (covered.length === 0) continue;
    for (const [start, end] of occurrences(w.window, from, now)) {
      maintenance.push({ window: w, start, end });
      for (const c of covered) exclusions.push({ checkId: c.id, start, end });
    }
  }
  const series = await readMinutes(
    db,
    checks.map((c) => c.id),
    rule,
    from,
    now,
    exclusions,
  );
  const budget = computeBudget({
    target: o.spec.target,
    windowMs,
    alerts: objectiveAlerts(o),
    now,
    ...series,
  });
  const { bad_intervals: _intervals, ...figures } = budget;
  return {
    figures: {
      id: o.id,
      name: o.name,
      namespace: o.namespace,
      description: o.description,
      target: o.spec.target,
      window: o.spec.window,
      indicator: rule.kind,
      check_count: checks.length,
      ...figures,
    },
    budget,
    checks,
    maintenance,
    from,
  };
}
